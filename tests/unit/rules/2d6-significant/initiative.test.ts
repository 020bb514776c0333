import { describe, expect, it } from 'vitest'
import type { JsonValue } from '../../../../src-shared/json'
import type { InitiativeEntrant } from '../../../../src-main/rules/ruleset'
import { rollTwoD6Initiative } from '../../../../src-main/rules/2d6-significant/turns/initiative'
import { combatant, faces, idOf, must, sheet, sheetOf, twod6 } from './harness'

const entrant = (name: string, dex: number, over: { ambusher?: boolean; gm?: number } = {}): InitiativeEntrant => ({
  id: idOf(name),
  name,
  initiativeModifier: over.gm ?? 0,
  rules: sheet({
    characteristics: { str: 7, dex, end: 7, int: 7, edu: 7, soc: 7 },
    ambusher: over.ambusher ?? false,
  }) as unknown as JsonValue,
})

describe('T2 initiative: 2d6 + DEX DM, ambushers count as 12', () => {
  it.each([
    [9, 13],
    [12, 14],
    [4, 11],
  ])('T2 worked check "the ambush initiative 12 + Dex": DEX %i ambusher → %i, with no dice thrown', (dex, total) => {
    // faces() holds no dice: any die asked for would throw.
    const [p] = rollTwoD6Initiative([entrant('Ambusher', dex, { ambusher: true })], faces())
    expect(p!.initiative.total).toBe(total)
    expect(p!.initiative.roll.faces).toEqual([6, 6])
    expect(p!.initiative.roll.purpose).toContain('counts as rolling 12')
  })

  it('T2, R0.3: 2d6 + DEX DM (+ the GM’s own modifier) for everyone else, higher first', () => {
    const placed = rollTwoD6Initiative([entrant('Ana', 9), entrant('Bo', 5, { gm: 2 })], faces(3, 4, 6, 5))
    expect(placed.map((p) => [p.combatantId, p.initiative.total])).toEqual([
      [idOf('Bo'), 6 + 5 - 1 + 2],
      [idOf('Ana'), 3 + 4 + 1],
    ])
  })

  it('T2: a tied total goes to the higher DEX DM without a roll-off', () => {
    // Ana DEX 9 (+1) rolls 6 → 7; Bo DEX 7 (0) rolls 7 → 7.
    const placed = rollTwoD6Initiative([entrant('Ana', 9), entrant('Bo', 7)], faces(3, 3, 3, 4))
    expect(placed.map((p) => p.combatantId)).toEqual([idOf('Ana'), idOf('Bo')])
    expect(placed.every((p) => p.initiative.tieBreak.length === 0)).toBe(true)
  })

  it('T2: tied total and DEX DM roll 2d6 off until they differ', () => {
    // Both DEX 7: 8 and 8; roll-off 5 vs 5 (tied again), then 4 vs 9.
    const placed = rollTwoD6Initiative([entrant('Ana', 7), entrant('Bo', 7)], faces(4, 4, 5, 3, 2, 3, 1, 4, 1, 3, 4, 5))
    expect(placed.map((p) => p.combatantId)).toEqual([idOf('Bo'), idOf('Ana')])
    expect(placed[0]!.initiative.tieBreak).toEqual([5, 9])
    expect(placed[1]!.initiative.tieBreak).toEqual([5, 4])
  })

  it('T2: an ambusher beats an ordinary 12 with the same DEX only by roll-off, not by fiat', () => {
    const placed = rollTwoD6Initiative([entrant('Ambusher', 7, { ambusher: true }), entrant('Lucky', 7)], faces(6, 6, 1, 1, 6, 6))
    expect(placed.map((p) => p.combatantId)).toEqual([idOf('Lucky'), idOf('Ambusher')])
  })
})

describe('T2 Tactics: the effect goes to one ally’s initiative', () => {
  const tactician = combatant(
    'Sarge',
    sheet({ characteristics: { str: 7, dex: 7, end: 7, int: 9, edu: 7, soc: 7 }, skills: { Tactics: 2 } }),
  )
  const ally = combatant('Rook', sheet())
  const request = { actorId: tactician.id, action: 'tactics', targetId: ally.id, options: {} }

  it('T2: Tactics 2 + INT DM +1, rolled 4 + 4 = 11 → effect 3 added to the chosen ally', () => {
    const r = must(twod6.actions!.perform(request, tactician, ally, faces(4, 4)))
    expect(r.initiative).toEqual([{ combatantId: ally.id, delta: 3, why: expect.stringContaining('Tactics') }])
    expect(r.cost).toEqual([])
    expect(sheetOf(r.actorRules).live.tacticsUsed).toBe(true)
  })

  it('T2: with no one picked, the effect goes to the tactician itself', () => {
    const r = must(twod6.actions!.perform({ ...request, targetId: null }, tactician, null, faces(6, 5)))
    expect(r.initiative).toEqual([{ combatantId: tactician.id, delta: 6, why: expect.stringContaining('Tactics') }])
  })

  it('T2: a failed Tactics roll changes no one’s initiative', () => {
    const r = must(twod6.actions!.perform(request, tactician, ally, faces(1, 2)))
    expect(r.initiative).toBeUndefined()
  })

  it('T2: once per fight, and only with the skill', () => {
    const used = combatant('Sarge', sheet({ skills: { Tactics: 1 } }, { tacticsUsed: true }))
    expect(twod6.actions!.perform(request, used, ally, faces(6, 6)).ok).toBe(false)
    const untrained = combatant('Rook', sheet())
    expect(twod6.actions!.list(untrained).find((a) => a.key === 'tactics')!.unavailable).toContain('no Tactics')
  })
})
