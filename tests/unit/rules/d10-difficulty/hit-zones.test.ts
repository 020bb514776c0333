import { describe, expect, it } from 'vitest'
import { diceDistribution } from '../../../../src-main/rules/d10-difficulty/damage/damage-dice'
import { hitDamage, perHitDistribution, zoneOf } from '../../../../src-main/rules/d10-difficulty/damage/hit-zones'
import type { D10Sheet } from '../../../../src-main/rules/d10-difficulty/sheet/d10-sheet'

const noArmour: D10Sheet['dr'] = { head: 0, torso: 0, arms: 0, legs: 0 }
const armour: D10Sheet['dr'] = { head: 2, torso: 3, arms: 1, legs: 0 }

describe('D7 hit zones on 2d6', () => {
  it.each([
    [2, 'heart'],
    [3, 'legs'],
    [4, 'legs'],
    [5, 'torso'],
    [6, 'torso'],
    [7, 'torso'],
    [8, 'arms'],
    [9, 'arms'],
    [10, 'head'],
    [11, 'head'],
    [12, 'brain'],
  ])('D7: 2d6 = %i strikes the %s', (roll, zone) => {
    expect(zoneOf(roll)).toBe(zone)
  })

  it.each([
    ['legs', 5, noArmour, 5],
    ['torso', 5, noArmour, 10],
    ['arms', 5, noArmour, 5],
    ['head', 5, noArmour, 15],
    ['heart', 5, noArmour, 30],
    ['torso', 5, armour, 4],
    ['head', 5, armour, 9],
    ['arms', 1, armour, 0],
    ['brain', 4, armour, 12],
  ] as const)('D7: piercing %s hit for %i (DR as given) deals %i: reduction first, then ×6/×1/×2/×1/×3', (zone, raw, dr, damage) => {
    expect(hitDamage(raw, zone, 'piercing', dr).damage).toBe(damage)
  })

  it.each([
    { name: '002 Humans: bludgeoning below 10 on the heart lands on the torso ×2', raw: 9, zone: 'heart', type: 'bludgeoning', damage: 18 },
    { name: '002 Humans: bludgeoning of 10 on the brain is vital ×6', raw: 10, zone: 'brain', type: 'bludgeoning', damage: 60 },
    { name: '002 Humans: piercing below 2 is stopped by the bone', raw: 1, zone: 'heart', type: 'piercing', damage: 0 },
    { name: '002 Humans: piercing of 2 gets through, ×6', raw: 2, zone: 'heart', type: 'piercing', damage: 12 },
    {
      name: '002 Humans (our reading): a blade cannot reach the organ and lands on the head ×3',
      raw: 4,
      zone: 'brain',
      type: 'slashing',
      damage: 12,
    },
  ] as const)('D7, $name', ({ raw, zone, type, damage }) => {
    expect(hitDamage(raw, zone, type, noArmour).damage).toBe(damage)
  })

  it('D7: the vital organs are armoured by the zone around them (the heart by the torso)', () => {
    expect(hitDamage(5, 'heart', 'piercing', armour).damage).toBe((5 - 3) * 6)
  })

  it('D7: the exact per-hit distribution matches brute force over 2d6 and the damage dice', () => {
    const dice = { count: 1, sides: 6, bonus: 2 }
    const brute = new Map<number, number>()
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++)
        for (let d = 1; d <= 6; d++) {
          const v = hitDamage(d + 2, zoneOf(a + b), 'piercing', armour).damage
          brute.set(v, (brute.get(v) ?? 0) + 1 / 216)
        }
    const exact = perHitDistribution(diceDistribution(dice), null, 'piercing', armour)
    expect([...exact.keys()].sort((x, y) => x - y)).toEqual([...brute.keys()].sort((x, y) => x - y))
    for (const [v, p] of brute) expect(exact.get(v)).toBeCloseTo(p, 12)
  })

  it('D7: an aimed zone needs no zone roll: every hit lands there', () => {
    const exact = perHitDistribution(diceDistribution({ count: 1, sides: 4, bonus: 0 }), 'head', 'piercing', noArmour)
    expect([...exact.entries()].sort((a, b) => a[0] - b[0])).toEqual([
      [3, 0.25],
      [6, 0.25],
      [9, 0.25],
      [12, 0.25],
    ])
  })
})
