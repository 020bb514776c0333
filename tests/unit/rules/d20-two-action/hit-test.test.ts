import { describe, expect, it } from 'vitest'
import { damageOf } from '../../../../src-main/rules/d20-two-action/combat/damage'
import type { WeaponInput } from '../../../../src-main/rules/d20-two-action/sheet/d20-sheet'
import { attack, condition, d20, faces, fighter, must, sheet, sword } from './d20-fixtures'

const pistol: WeaponInput = {
  name: 'Pistol',
  attack: 'ranged',
  dice: { count: 1, sides: 8 },
  damageType: 'piercing',
  handling: 'handgun',
  range: 20,
}
const rifle: WeaponInput = {
  name: 'Rifle',
  attack: 'ranged',
  dice: { count: 1, sides: 10 },
  damageType: 'piercing',
  handling: 'two-handed',
  range: 60,
}
const rapier: WeaponInput = { name: 'Rapier', attack: 'finesse', dice: { count: 1, sides: 6 }, damageType: 'piercing' }
const bolt: WeaponInput = { name: 'Bolt', attack: 'spell', dice: { count: 1, sides: 6 }, damageType: 'fire', actions: 1 }
const axe: WeaponInput = { ...sword, name: 'Big axe', category: 'advanced', proficient: false }
const club: WeaponInput = { ...sword, name: 'Club', proficient: false }

/** Str 3, Dex 2, Magic 5, Awareness 1 on the attacker; the target's Awareness 4. */
const attacker = (weapon: WeaponInput) => fighter('A', sheet({ weapons: [weapon] }, { mag: 5, per: 1 }))
const target = (over: Parameters<typeof sheet>[0] = {}, conditions: string[] = []) =>
  fighter('T', sheet(over, { per: 4 }), { conditions: conditions.map((c) => condition(c)) })

/** The d20's bonus the preview reports in its hit-test section title ("Hit test: d20 + 5 (…)"). */
function hitBonus(weapon: WeaponInput, mode = '', options = {}, t = target()): number {
  const p = must(d20.attacks!.preview(attack(attacker(weapon), t, { mode }, options), attacker(weapon), t))
  // "Hit test: d20 + 3" or "d20 − 4": the sign is the operator.
  const [, sign, n] = /d20 ([+−]) (\d+)/.exec(p.explanation[0]!.title)!
  return sign === '−' ? -Number(n) : Number(n)
}

describe('W3 hit test = d20 + attribute + attack type, distance, position, size and proficiency modifiers', () => {
  it.each([
    { name: 'W3 melee adds Str', weapon: sword, expected: 3 },
    { name: 'W3 finesse adds Dex', weapon: rapier, expected: 2 },
    { name: 'W3 ranged adds Dex', weapon: pistol, expected: 2 },
    { name: 'W3 spells add Magic', weapon: bolt, expected: 5 },
    { name: 'W3 attack type: all out +4', weapon: sword, mode: 'all-out', expected: 7 },
    { name: 'W3 attack type: berserk −4', weapon: sword, mode: 'berserk', expected: -1 },
    { name: 'W3 attack type: defensive strike −2', weapon: sword, mode: 'defensive strike', expected: 1 },
    { name: "W3 attack type: a feint subtracts the target's Awareness (4)", weapon: sword, mode: 'feint', expected: -1 },
    { name: 'W3 distance: a handgun within 5 feet (1.5 m, R0.4) +2', weapon: pistol, options: { distance: 1.5 }, expected: 4 },
    { name: 'W3 distance: a two-handed gun within 5 feet −4', weapon: rifle, options: { distance: 1 }, expected: -2 },
    { name: 'W3 distance: past 5 feet, in range, −0', weapon: pistol, options: { distance: 1.6 }, expected: 2 },
    { name: 'W3 position: target behind cover −2', weapon: sword, options: { cover: true }, expected: 1 },
    { name: 'W3 position: flanking +2 in melee', weapon: sword, options: { flanking: true }, expected: 5 },
    { name: 'W3 position: flanking does nothing for a gun', weapon: pistol, options: { flanking: true }, expected: 2 },
    { name: 'W3 position: prone target +2 to melee', weapon: sword, options: { targetProne: true }, expected: 5 },
    { name: 'W3 position: prone target −2 to ranged', weapon: pistol, options: { targetProne: true }, expected: 0 },
    {
      name: 'W3 position: a prone condition on the target counts without the toggle',
      weapon: sword,
      t: target({}, ['prone']),
      expected: 5,
    },
    { name: 'W3 a stunned target is +2 to hit', weapon: sword, t: target({}, ['stunned']), expected: 5 },
    { name: 'W3 a target that went berserk is +2 to hit', weapon: sword, t: target({}, ['berserk']), expected: 5 },
    { name: 'W3 a target in a defensive stance is −4 to hit', weapon: sword, t: target({}, ['defensive-stance']), expected: -1 },
    { name: 'W3 size: a giant target +6', weapon: sword, t: target({ size: 'giant' }), expected: 9 },
    { name: 'W3 size: a large target +2', weapon: sword, t: target({ size: 'large' }), expected: 5 },
    { name: 'W3 size: a tiny target −4', weapon: sword, t: target({ size: 'tiny' }), expected: -1 },
    { name: 'W3 size: a flea −6', weapon: sword, t: target({ size: 'flea' }), expected: -3 },
    { name: 'W3 proficiency: untrained with a basic weapon −2', weapon: club, expected: 1 },
    { name: 'W3 proficiency: untrained with an advanced weapon −4', weapon: axe, expected: -1 },
  ])('$name', ({ weapon, mode, options, t, expected }) => {
    expect(hitBonus(weapon, mode, options, t)).toBe(expected)
  })

  it('W3 a target beyond the weapon’s range cannot be attacked: the preview is blocked and says so', () => {
    const a = attacker(pistol)
    const t = target()
    const p = must(d20.attacks!.preview(attack(a, t, {}, { distance: 25 }), a, t))
    expect(p.blocked).toMatch(/beyond the Pistol's 20 m range/)
  })
})

describe('W3 hit iff the total reaches the armour rating; a natural roll in the critical range always hits', () => {
  // Str 3 sword against AR 12: 9 + 3 = 12 hits, 8 + 3 = 11 misses; a natural 20 hits AR 40.
  it.each([
    { name: 'W3 total equal to the armour rating hits', ar: 12, faces: [9, 4], outcome: 'hit' },
    { name: 'W3 total one below the armour rating misses', ar: 12, faces: [8], outcome: 'miss' },
    { name: 'W3 a natural 20 hits armour 40 regardless', ar: 40, faces: [20, 4, 1], outcome: 'critical hit' },
    {
      name: 'W3 a 19 in a 19–20 critical range hits armour 40 regardless',
      ar: 40,
      faces: [19, 4, 1],
      outcome: 'critical hit',
      critFrom: 19,
    },
    { name: 'W3 a 19 outside a 20-only critical range is judged on its total', ar: 40, faces: [19], outcome: 'miss' },
  ])('$name', ({ ar, faces: f, outcome, critFrom }) => {
    const a = fighter('A', sheet({ weapons: [{ ...sword, critFrom: critFrom ?? 20 }] }))
    const t = fighter('T', sheet({ armourRating: ar }))
    const r = must(d20.attacks!.resolve(attack(a, t), a, t, faces(...f)))
    expect(r.summary).toContain(`: ${outcome}`)
  })

  it('W3 worked check: the d20 critical 2×6 + Str', () => {
    // 003 Critical Hits example: natural 20, a 1d8 weapon showing 6, Str s → 2×(6) + s.
    for (const str of [0, 3, 4]) {
      const a = fighter('A', sheet({ weapons: [sword] }, { str }))
      const t = fighter('T', sheet())
      const r = must(d20.attacks!.resolve(attack(a, t), a, t, faces(20, 6, 1)))
      expect(t.hp - r.targetHp).toBe(2 * 6 + str)
      expect(r.summary).toContain(`critical hit, ${12 + str} damage`)
    }
  })

  it.each([
    { name: 'W3 a normal hit: roll + Str', roll: 6, factor: 1, flat: 4, expected: 10 },
    { name: 'W3 a critical doubles the roll before modifiers', roll: 6, factor: 2, flat: 4, expected: 16 },
    { name: 'W3 a critical berserk attack doubles twice (×4 roll), modifiers once', roll: 3, factor: 4, flat: 2, expected: 14 },
    { name: 'W3 damage never goes below 0', roll: 1, factor: 1, flat: -5, expected: 0 },
  ])('$name', ({ roll, factor, flat, expected }) => {
    expect(damageOf(roll, { count: 1, sides: 8, rollFactor: factor, halveRoll: false, flat, affinity: null })).toBe(expected)
  })

  it.each([
    { name: 'W3 a ranged hit adds no attribute to damage', weapon: pistol, faces: [15, 5], damage: 5 },
    { name: 'W3 a finesse hit adds Dex to damage', weapon: rapier, faces: [15, 5], damage: 7 },
    { name: 'W3 a spell hit adds Magic to damage', weapon: { ...bolt, inflicts: null }, faces: [15, 5], damage: 10 },
    { name: 'W3 a berserk hit doubles the weapon damage', weapon: sword, mode: 'berserk', faces: [17, 5], damage: 13 },
  ])('$name', ({ weapon, mode, faces: f, damage }) => {
    const a = attacker(weapon)
    const t = target()
    const r = must(d20.attacks!.resolve(attack(a, t, { mode: mode ?? '' }), a, t, faces(...f)))
    expect(t.hp - r.targetHp).toBe(damage)
  })

  it.each([
    { name: 'W3 bare hands, medium: 1d4 + Str', size: 'medium' as const, faces: [15, 3], damage: 6 },
    { name: 'W3 bare hands, giant: 1d6 + Str + Str', size: 'giant' as const, faces: [15, 3], damage: 9 },
    { name: 'W3 bare hands, large: 1d4 + Str + 2', size: 'large' as const, faces: [15, 3], damage: 8 },
    { name: 'W3 bare hands, small: 1d4 only', size: 'small' as const, faces: [15, 3], damage: 3 },
    { name: 'W3 bare hands, flea: 1d4 / 2 rounded down', size: 'flea' as const, faces: [15, 3], damage: 1 },
  ])('$name', ({ size, faces: f, damage }) => {
    const a = fighter('A', sheet({ size, weapons: [] }))
    const t = target()
    const r = must(d20.attacks!.resolve(attack(a, t, { weapon: 0 }), a, t, faces(...f)))
    expect(t.hp - r.targetHp).toBe(damage)
  })
})
