import { describe, expect, it } from 'vitest'
import type { DyingCondition } from '../../../../src-main/rules/compound-x/dying/dying-state'
import type { Standing } from '../../../../src-main/rules/ruleset'
import { cx } from './cx-harness'
import { faces } from './fixtures'
import { combatant, idOf, sheet } from './cx-rules'

const withDying = (condition: DyingCondition, capacity = 3) =>
  sheet({}, { dying: { condition, capacity, failedThisEncounter: false, revivalsThisEncounter: 0 } })

describe('standing from the dying record (CX15, CX27–CX29)', () => {
  const cases: { what: string; condition: DyingCondition; capacity?: number; hp: number; standing: Standing }[] = [
    { what: 'CX27: up while never downed', condition: { kind: 'up' }, hp: 80, standing: { state: 'up', label: 'up', skipsTurn: false } },
    {
      what: 'CX27: downed, labelled with its failed saves, still takes its turn for the save',
      condition: { kind: 'downed', failures: 1, successes: 2 },
      hp: 0,
      standing: { state: 'down', label: 'downed · 1/3 failed', skipsTurn: false },
    },
    {
      what: 'CX28: a downed combatant with a worn capacity shows it',
      condition: { kind: 'downed', failures: 0, successes: 0 },
      capacity: 2,
      hp: -12,
      standing: { state: 'down', label: 'downed · 0/2 failed', skipsTurn: false },
    },
    {
      what: 'CX15: knocked out, still takes its turn for the wake roll',
      condition: { kind: 'unconscious', cause: 'shock', wakeRollsLeft: 9 },
      hp: 30,
      standing: { state: 'out', label: 'knocked out · 9 wake rolls left', skipsTurn: false },
    },
    {
      what: 'CX29: revived past the limit: out',
      condition: { kind: 'unconscious', cause: 'revival-limit' },
      hp: 1,
      standing: { state: 'out', label: 'unconscious · past the revival limit', skipsTurn: false },
    },
    {
      what: 'CX27: dead, and only the dead skip their turn',
      condition: { kind: 'dead' },
      hp: -40,
      standing: { state: 'dead', label: 'dead', skipsTurn: true },
    },
    {
      what: 'CX27: health typed below 1 without a downing is shown as down, not up',
      condition: { kind: 'up' },
      hp: 0,
      standing: { state: 'down', label: 'below 1 health · not downed by the rules', skipsTurn: false },
    },
  ]
  for (const c of cases) {
    it(c.what, () => {
      expect(cx.standing!(combatant('Vex', withDying(c.condition, c.capacity), { hp: c.hp }))).toEqual(c.standing)
    })
  }
})

describe('no actions while down or out (CX27, CX15)', () => {
  const raider = combatant('Raider', sheet())
  const downed = combatant('Vex', withDying({ kind: 'downed', failures: 0, successes: 0 }), { hp: 0 })
  const out = combatant('Vex', withDying({ kind: 'unconscious', cause: 'shock', wakeRollsLeft: 4 }))

  it('CX27: every action of a downed combatant is unavailable, with the reason', () => {
    const list = cx.actions!.list(downed)
    expect(list.length).toBeGreaterThan(0)
    expect(new Set(list.map((a) => a.unavailable))).toEqual(new Set(['Vex is downed: no actions but the death save (CX27).']))
    const r = cx.actions!.perform({ actorId: downed.id, action: 'move', targetId: null, options: {} }, downed, null, faces())
    expect(!r.ok && r.error.message).toMatch(/downed: no actions but the death save \(CX27\)/)
  })

  it('CX15: a knocked-out combatant cannot attack; the preview says why', () => {
    const request = { attackerId: out.id, targetId: idOf('Raider'), weapon: 0, mode: 'semi', options: {} }
    const r = cx.attacks!.resolve(request, out, raider, faces(9, 10))
    expect(!r.ok && r.error.message).toBe('Vex is knocked out: no actions (CX15).')
    const p = cx.attacks!.preview(request, out, raider)
    expect(p.ok && p.value.blocked).toBe('Vex is knocked out: no actions (CX15).')
  })
})
