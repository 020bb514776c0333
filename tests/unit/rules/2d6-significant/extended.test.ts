import { describe, expect, it } from 'vitest'
import type { AttackRequest } from '../../../../src-shared/attack'
import type { Sheet } from '../../../../src-main/rules/2d6-significant/sheet/sheet-schema'
import { afterDisruption, startTask, workRound } from '../../../../src-main/rules/2d6-significant/actions/extended-task'
import { combatant, faces, idOf, must, sheet, sheetOf, twod6 } from './harness'

const act = (s: Sheet, action: string, options = {}, dice = faces()) => {
  const actor = combatant('Tech', s)
  return must(twod6.actions!.perform({ actorId: actor.id, action, targetId: null, options }, actor, null, dice))
}

// A mechanic: Mechanic 1, EDU 9 (+1).
const tech = (extended: Sheet['live']['extended'] = null) =>
  sheet({ characteristics: { str: 7, dex: 7, end: 7, int: 7, edu: 9, soc: 7 }, skills: { Mechanic: 1 } }, { extended })

describe('T7 extended actions: 2d6 rounds of work', () => {
  it('T7: starting rolls 2d6 for the rounds (3 + 2 = 5), counts this round as the first, and costs the significant action', () => {
    const r = act(tech(), 'task-start', { skill: 'Mechanic' }, faces(3, 2))
    expect(sheetOf(r.actorRules).live.extended).toEqual({ skill: 'Mechanic', roundsNeeded: 5, roundsDone: 1, thisRound: 'counted' })
    expect(r.cost).toEqual([{ pool: 'significant', amount: 2 }])
  })

  it('T7: one round of work per round; the last one finishes the task', () => {
    const task = { skill: 'Mechanic', roundsNeeded: 3, roundsDone: 1, thisRound: 'none' as const }
    const second = act(tech(task), 'task-work')
    expect(sheetOf(second.actorRules).live.extended!.roundsDone).toBe(2)
    expect(workRound(sheetOf(second.actorRules).live.extended!).kind).toBe('already')
    const last = act(tech({ ...task, roundsDone: 2 }), 'task-work')
    expect(sheetOf(last.actorRules).live.extended).toBeNull()
    expect(last.summary).toContain('finishes')
  })

  it.each([
    ['counted', false, 2, 'lost'],
    ['none', false, 3, 'lost'],
    ['counted', true, 0, 'lost'],
  ] as const)(
    'T7: a failed forced check when this round is "%s" (exceptional: %s) leaves %i rounds done',
    (thisRound, exceptional, done, after) => {
      const r = afterDisruption({ skill: 'Mechanic', roundsNeeded: 6, roundsDone: 3, thisRound }, exceptional)
      expect(r.task.roundsDone).toBe(done)
      expect(r.task.thisRound).toBe(after)
    },
  )

  it('T7: work in a lost round does not count', () => {
    const r = act(tech({ skill: 'Mechanic', roundsNeeded: 6, roundsDone: 3, thisRound: 'lost' }), 'task-work')
    expect(sheetOf(r.actorRules).live.extended!.roundsDone).toBe(3)
  })

  it('T7: a new round clears "this round"', () => {
    const worker = combatant('Tech', tech(startTask('Mechanic', 4)))
    expect(sheetOf(twod6.edges!.startOfRound!(worker, faces())!.rules).live.extended!.thisRound).toBe('none')
  })
})

describe('T7 damage while working forces the check at −(damage) DM', () => {
  const request: AttackRequest = { attackerId: idOf('Ana'), targetId: idOf('Tech'), weapon: 0, mode: 'single', options: {} }
  const ana = combatant('Ana', sheet())
  const working = (thisRound: 'none' | 'counted') =>
    combatant('Tech', tech({ skill: 'Mechanic', roundsNeeded: 6, roundsDone: 3, thisRound }))

  it('T7: 6 damage, check 2d6 [6, 6] + 1 + 1 − 6 = 8 holds: the work goes on', () => {
    // Attack 5 + 4 + 1 = 10 (effect 2); damage 3d6 [3, 2, 1] − 2 + 2 = 6 (no armour).
    const r = must(twod6.attacks!.resolve(request, ana, working('counted'), faces(5, 4, 3, 2, 1, 6, 6)))
    expect(r.targetHp).toBe(21 - 6)
    expect(sheetOf(r.targetRules).live.extended!.roundsDone).toBe(3)
    expect(r.summary).toContain('keeps working')
  })

  it('T7: 6 damage, check [5, 6] + 2 − 6 = 7 fails: this round’s work is taken back', () => {
    const r = must(twod6.attacks!.resolve(request, ana, working('counted'), faces(5, 4, 3, 2, 1, 5, 6)))
    expect(sheetOf(r.targetRules).live.extended).toMatchObject({ roundsDone: 2, thisRound: 'lost' })
  })

  it('T7: an exceptional failure (effect −6 or worse) starts the task over', () => {
    const r = must(twod6.attacks!.resolve(request, ana, working('none'), faces(5, 4, 3, 2, 1, 1, 1)))
    expect(sheetOf(r.targetRules).live.extended).toMatchObject({ roundsDone: 0 })
  })

  it('T7: the preview gives the exact chance the work is lost, over the damage distribution', () => {
    const p = must(twod6.attacks!.preview(request, ana, working('none')))
    // By hand: Σ over damage d > 0 of P(d) · P(2d6 + 2 − d < 8).
    const fail = (d: number) => {
      let n = 0
      for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b + 2 - d < 8) n++
      return n / 36
    }
    const expected = p.damage.reduce((t, { amount, probability }) => (amount > 0 ? t + probability * fail(amount) : t), 0)
    expect(p.risks.find((r) => r.label.includes('work'))!.probability).toBeCloseTo(expected, 12)
    expect(expected).toBeGreaterThan(0)
    expect(p.diceHint).toContain('work check')
  })
})
