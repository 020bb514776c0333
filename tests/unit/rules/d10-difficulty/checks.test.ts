import { describe, expect, it } from 'vitest'
import { checkChance, meetsDifficulty, skillTerms } from '../../../../src-main/rules/d10-difficulty/checks/d10-check'
import { combatant, d10, sheet, typed } from './d10-fixtures'

/** Brute force: count the d10 faces whose total reaches the difficulty. */
const bruteChance = (bonus: number, difficulty: number) => {
  let n = 0
  for (let f = 1; f <= 10; f++) if (f + bonus >= difficulty) n++
  return n / 10
}

describe('D1 checks: d10 + attribute modifier(s) + skill ranks, success iff total ≥ difficulty', () => {
  it.each([
    [13, 13, true],
    [12, 13, false],
    [14, 13, true],
  ])('D1: total %i against difficulty %i succeeds: %s (a tie succeeds)', (total, difficulty, expected) => {
    expect(meetsDifficulty(total, difficulty)).toBe(expected)
  })

  it.each([
    [5, 13],
    [0, 1],
    [0, 11],
    [-3, 2],
    [3, 20],
    [12, 13],
  ])('D1: the exact chance of d10 %+i against %i matches brute force', (bonus, difficulty) => {
    expect(checkChance(bonus, difficulty)).toBeCloseTo(bruteChance(bonus, difficulty), 12)
  })

  it('D1: the chapter worked shooter adds DEX +1, PER +1 and 3 ranks to the firearms check', () => {
    const terms = skillTerms(sheet(), 'firearms')
    expect(terms.map((t) => [t.label, t.value])).toEqual([
      ['Dexterity modifier', 1],
      ['Perception modifier', 1],
      ['Firearms ranks', 3],
    ])
  })

  it('D1: a rolled check through the ruleset reads the typed d10 and reports success at exactly the difficulty', () => {
    const c = combatant('Vale', sheet())
    const r = d10.checks!.roll({ check: 'skill:firearms', dc: 13, mode: 'normal', bonus: 0 }, c, typed(8))
    expect(r.ok && r.value.success).toBe(true)
    expect(r.ok && r.value.rolls[0]!.total).toBe(13)
    expect(r.ok && r.value.summary).toContain('13 vs difficulty 13: success (D1)')
    const miss = d10.checks!.roll({ check: 'skill:firearms', dc: 13, mode: 'normal', bonus: -1 }, c, typed(8))
    expect(miss.ok && miss.value.success).toBe(false)
  })

  it('D1: chance through the ruleset includes the GM bonus; attribute checks use the modifier alone', () => {
    const c = combatant('Vale', sheet())
    const firearms = d10.checks!.chance({ check: 'skill:firearms', dc: 13, mode: 'normal', bonus: 2 }, c)
    expect(firearms.ok && firearms.value).toBeCloseTo(bruteChance(7, 13), 12)
    const dex = d10.checks!.chance({ check: 'attr:dex', dc: 8, mode: 'normal', bonus: 0 }, c)
    expect(dex.ok && dex.value).toBeCloseTo(bruteChance(1, 8), 12)
  })

  it('D1: unknown checks and advantage are refused with a reason, not thrown', () => {
    const c = combatant('Vale', sheet())
    const unknown = d10.checks!.chance({ check: 'skill:piloting', dc: 8, mode: 'normal', bonus: 0 }, c)
    expect(!unknown.ok && unknown.error.code).toBe('check/unknown')
    const adv = d10.checks!.chance({ check: 'skill:notice', dc: 8, mode: 'advantage', bonus: 0 }, c)
    expect(!adv.ok && adv.error.code).toBe('check/mode')
    expect(d10.checks!.list(c).map((x) => x.key)).toContain('skill:dodge')
  })
})
