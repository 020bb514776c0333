import { describe, expect, it } from 'vitest'
import type { ActionOdds } from '../../../../src-shared/attack'
import type { Result } from '../../../../src-shared/result'
import { combatant, sheet, twod6 } from './harness'

/* The odds of the 2d6 acts before they are rolled, against figures worked by hand from 2d6. */

const odds = (r: Result<ActionOdds> | null | undefined): ActionOdds => {
  if (!r) throw new Error('no odds for this act')
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
const total = (o: ActionOdds) => o.outcomes.reduce((t, b) => t + b.probability, 0)
const band = (o: ActionOdds, label: string) => o.outcomes.find((b) => b.label === label)?.probability

const tactician = combatant('Sarge', sheet({ characteristics: { str: 7, dex: 7, end: 7, int: 9, edu: 7, soc: 7 }, skills: { Tactics: 2 } }))
const ally = combatant('Rook', sheet())

describe('2d6 acts: odds before rolling', () => {
  it('T1, T2: Tactics 2 + INT DM +1 is 2d6 + 3 ≥ 8, so 2d6 ≥ 5; each effect is one initiative band', () => {
    const o = odds(twod6.actions!.odds!({ actorId: tactician.id, action: 'tactics', targetId: ally.id, options: {} }, tactician, ally))
    // 2d6 ≤ 4 in 6 of 36 throws: fails. 5 (4 ways) is effect 0; 6 → +1 (5 ways), 7 → +2 (6), 8 → +3 (5) … 12 → +7 (1).
    expect(band(o, 'fails: no change')).toBeCloseTo(6 / 36, 12)
    expect(band(o, 'succeeds, effect 0: no change')).toBeCloseTo(4 / 36, 12)
    expect(band(o, "Rook's initiative +1")).toBeCloseTo(5 / 36, 12)
    expect(band(o, "Rook's initiative +2")).toBeCloseTo(6 / 36, 12)
    expect(band(o, "Rook's initiative +7")).toBeCloseTo(1 / 36, 12)
    expect(total(o)).toBeCloseTo(1, 12)
  })

  it('T2: with no one picked the effect is the tactician’s own', () => {
    const o = odds(twod6.actions!.odds!({ actorId: tactician.id, action: 'tactics', targetId: null, options: {} }, tactician, null))
    expect(band(o, "Sarge's initiative +3")).toBeCloseTo(5 / 36, 12)
  })

  it('T2: Tactics is offered for a friend, so the panel starts it on the actor or an ally', () => {
    expect(twod6.actions!.list(tactician).find((a) => a.key === 'tactics')!.aimsAt).toBe('friend')
  })

  it('T1, SR-2D6-12: a skill act is its check, 2d6 + DMs ≥ 8', () => {
    // Gun Combat 1 with DEX 7 (DM 0) and a Difficulty DM of −1: 2d6 ≥ 8, 15 of 36 throws.
    const options = { act: 'check', skill: 'skill:Gun Combat', size: 'significant', dm: -1 }
    const o = odds(twod6.actions!.odds!({ actorId: ally.id, action: 'skill-act', targetId: null, options }, ally, null))
    const p = twod6.checks!.chance({ check: 'skill:Gun Combat', dc: 8, mode: 'normal', bonus: -1 }, ally)
    expect(band(o, 'succeeds')).toBeCloseTo(p.ok ? p.value : NaN, 12)
    expect(total(o)).toBeCloseTo(1, 12)
  })

  it('T7: starting an extended task rolls 2d6 for its rounds', () => {
    const o = odds(
      twod6.actions!.odds!({ actorId: ally.id, action: 'task-start', targetId: null, options: { skill: 'Medic' } }, ally, null),
    )
    expect(band(o, 'takes 7 rounds')).toBeCloseTo(6 / 36, 12)
    expect(band(o, 'takes 2 rounds')).toBeCloseTo(1 / 36, 12)
    expect(total(o)).toBeCloseTo(1, 12)
  })
})
