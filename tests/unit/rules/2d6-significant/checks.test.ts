import { describe, expect, it } from 'vitest'
import { characteristicDm } from '../../../../src-main/rules/2d6-significant/characteristics'
import { checkChance, effectOf, rollCheck, succeeds } from '../../../../src-main/rules/2d6-significant/check'
import { twoD6 } from '../../../../src-main/rules/2d6-significant/keep-two'
import { modifier as dm } from '../../../../src-main/rules/kit/modifier'
import { combatant, faces, idOf, must, reacted, sheet, THROWS, twod6 } from './harness'

/** Brute force: count the 36 throws whose sum + DM reaches 8 (T1), apart from the code's distributions. */
const bruteChance = (modifier: number) => THROWS.filter(([a, b]) => a + b + modifier >= 8).length / 36

describe('T1 checks: 2d6 + skill + DM ≥ 8, effect = total − 8', () => {
  it.each([
    [-7, 0],
    [-4, 1 / 36],
    [0, 15 / 36],
    [1, 21 / 36],
    [2, 26 / 36],
    [3, 30 / 36],
    [6, 1],
  ])('T1: exact chance with a total DM of %i is %f, matching brute force over the 36 throws', (modifier, expected) => {
    expect(checkChance([dm('x', modifier, 'test')])).toBeCloseTo(expected, 12)
    expect(checkChance([dm('x', modifier, 'test')])).toBeCloseTo(bruteChance(modifier), 12)
  })

  it.each([
    [7, false, -1],
    [8, true, 0],
    [11, true, 3],
    [2, false, -6],
  ])('T1: a total of %i succeeds=%s with effect %i', (total, success, effect) => {
    expect(succeeds(total)).toBe(success)
    expect(effectOf(total)).toBe(effect)
  })

  it('T1, R0.2: a rolled check adds every DM to the two dice the GM typed, recorded face by face, and reports the effect', () => {
    const r = rollCheck([dm('Gun Combat', 1, 'T1'), dm('DEX DM', 1, 'dm')], 'normal', 'test', faces(3, 4))
    expect(r).toMatchObject({ dice: 7, total: 9, success: true, effect: 1 })
    expect(r.rolls[0]!).toMatchObject({ faces: [3, 4], source: 'typed', expression: '2d6+2', total: 9 })
  })

  it.each([
    ['boon', [2, 6, 5], 11],
    ['bane', [2, 6, 5], 7],
  ] as const)('T1 (%s): three dice, keep the best or worst two', (mode, thrown, kept) => {
    expect(rollCheck([], mode, 'test', faces(...thrown)).dice).toBe(kept)
  })

  it('T1, R0.1: boon and bane odds agree with brute force over all 216 throws of three uniform dice', () => {
    for (const mode of ['boon', 'bane'] as const) {
      let hits = 0
      for (let a = 1; a <= 6; a++)
        for (let b = 1; b <= 6; b++)
          for (let c = 1; c <= 6; c++) {
            const sorted = [a, b, c].sort((x, y) => x - y)
            const kept = mode === 'boon' ? sorted[1]! + sorted[2]! : sorted[0]! + sorted[1]!
            if (kept >= 8) hits++
          }
      expect(checkChance([], mode)).toBeCloseTo(hits / 216, 12)
    }
    expect([...twoD6('boon').values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12)
  })

  // value → DM, as a GM reads the classic table off a character sheet
  const TABLE = '0:-3 1:-2 2:-2 5:-1 6:0 8:0 9:1 12:2 15:3'.split(' ').map((pair) => pair.split(':').map(Number) as [number, number])
  it.each(TABLE)('characteristic %i gives DM %i (the classic table, where 004 is silent)', (value, expected) => {
    expect(characteristicDm(value)).toBe(expected)
  })
})

describe('T1 through the ruleset’s checks', () => {
  const medic = combatant('Doc', sheet({ characteristics: { str: 7, dex: 7, end: 7, int: 7, edu: 10, soc: 7 }, skills: { Medic: 2 } }))
  const check = (key: string, bonus = 0) => ({ check: key, dc: 8, mode: 'normal' as const, bonus })

  it('T1: skill + its characteristic DM + the GM DM, against 8 (Medic 2, EDU 10 → +3)', () => {
    const r = must(twod6.checks!.roll(check('skill:Medic', -2), medic, faces(3, 4)))
    expect(r.success).toBe(true)
    expect(r.summary).toContain('8 vs 8')
    expect(r.summary).toContain('effect 0')
    expect(must(twod6.checks!.chance(check('skill:Medic'), medic))).toBeCloseTo(bruteChance(3), 12)
  })

  it('T1: an untrained skill rolls at −3', () => {
    expect(must(twod6.checks!.chance(check('skill:Pilot'), medic))).toBeCloseTo(bruteChance(-3), 12)
  })

  it('T3: each stack of reacted is −1 DM on every check until the reactor’s next turn', () => {
    const shaken = { ...medic, conditions: [reacted(idOf('Doc'), 2)] }
    expect(must(twod6.checks!.chance(check('char:edu'), shaken))).toBeCloseTo(bruteChance(1 - 2), 12)
  })

  it('T1: the DC field does not move the target from 8, and the detail says so', () => {
    const r = must(twod6.checks!.roll({ ...check('char:str'), dc: 50 }, medic, faces(4, 4)))
    expect(r.success).toBe(true)
    expect(r.detail[0]!.lines.some((l) => l.label.includes('DC field'))).toBe(true)
  })

  it('an unknown check is refused by name', () => {
    const r = twod6.checks!.roll(check('save:will'), medic, faces())
    expect(r.ok).toBe(false)
  })
})
