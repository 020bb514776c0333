import { describe, expect, it } from 'vitest'
import type { CombatantRecord } from '../../../src-shared/records'
import { ok } from '../../../src-shared/result'
import { genericRuleset } from '../../../src-main/rules/generic/generic-ruleset'
import type { ActionResolution, ConditionChange, Ruleset } from '../../../src-main/rules/ruleset'
import { CampaignHarness } from '../helpers/campaign-harness'
import { tempDir } from '../helpers/temp-dir'

/**
 * SR-CORE-1: a condition a ruleset marks `perSource` keeps one instance per source. A made-up
 * ruleset pins its target ("pin", per source) or marks it ("mark", one per combatant), and can
 * end one source's pin or every pin.
 */
function pinning(): Ruleset {
  return {
    ...genericRuleset,
    conditions: [
      { id: 'pinned', label: 'Pinned', summary: 'held by fire', source: 'test', stacks: false, perSource: true },
      { id: 'marked', label: 'Marked', summary: 'spotted', source: 'test', stacks: false },
    ],
    actions: {
      list: () => [],
      perform: (request, actor, target) => {
        const base: ActionResolution = {
          actorRules: null,
          actorHp: actor.hp,
          targetRules: null,
          targetHp: target?.hp ?? null,
          summary: `${actor.name} ${request.action}s`,
          detail: [],
          rolls: [],
        }
        const on = target!.id
        const grant = (conditionId: string) => ({
          conditionId,
          stacks: 1,
          duration: { kind: 'turnStart' as const, of: actor.id },
          sourceId: actor.id,
          data: { by: actor.name },
        })
        const change: Record<string, ConditionChange> = {
          pin: { combatantId: on, add: [grant('pinned')] },
          mark: { combatantId: on, add: [grant('marked')] },
          unpin: { combatantId: on, removeFromSource: [{ conditionId: 'pinned', sourceId: actor.id }] },
          clear: { combatantId: on, remove: ['pinned'] },
        }
        return ok({ ...base, conditions: [change[request.action]!] })
      },
    },
  }
}

async function threeOf() {
  const h = await CampaignHarness.create('per-source', tempDir(), undefined, pinning())
  for (const name of ['Ash', 'Bo', 'Cy']) h.must('combatant/add', { name, side: name === 'Bo' ? 'enemy' : 'party', kind: 'pc', maxHp: 30 })
  const id = (n: string) => h.combatantId(n)
  const act = (actor: string, action: string, target: string) =>
    h.must('action/perform', { request: { actorId: id(actor), action, targetId: id(target), options: {} } })
  const conditionsOf = (n: string) => (h.campaign.store.get(id(n)) as CombatantRecord).conditions
  return { h, id, act, conditionsOf }
}

describe('SR-CORE-1 per-source conditions', () => {
  it('SR-CORE-1: a second source gives a second instance; the first keeps its source, clock and data', async () => {
    const { h, id, act, conditionsOf } = await threeOf()
    act('Ash', 'pin', 'Bo')
    act('Cy', 'pin', 'Bo')
    const pins = conditionsOf('Bo').filter((x) => x.conditionId === 'pinned')
    expect(pins.map((x) => [x.sourceId, x.duration, x.data])).toEqual([
      [id('Ash'), { kind: 'turnStart', of: id('Ash') }, { by: 'Ash' }],
      [id('Cy'), { kind: 'turnStart', of: id('Cy') }, { by: 'Cy' }],
    ])
    expect(new Set(pins.map((x) => x.key)).size).toBe(2)
    expect(h.logText()).toMatch(/Bo is pinned \(from Cy\)/)
  })

  it('SR-CORE-1: the same source again restarts its own instance, not a third', async () => {
    const { act, conditionsOf } = await threeOf()
    act('Ash', 'pin', 'Bo')
    act('Cy', 'pin', 'Bo')
    act('Ash', 'pin', 'Bo')
    expect(conditionsOf('Bo').filter((x) => x.conditionId === 'pinned')).toHaveLength(2)
  })

  it('a condition without perSource is still one per combatant: the second source takes it over', async () => {
    const { id, act, conditionsOf } = await threeOf()
    act('Ash', 'mark', 'Bo')
    act('Cy', 'mark', 'Bo')
    expect(conditionsOf('Bo').map((x) => [x.conditionId, x.sourceId])).toEqual([['marked', id('Cy')]])
  })

  it("SR-CORE-1: ending one source's instance leaves the other; ending by id ends them all", async () => {
    const { h, id, act, conditionsOf } = await threeOf()
    act('Ash', 'pin', 'Bo')
    act('Cy', 'pin', 'Bo')
    act('Ash', 'unpin', 'Bo')
    expect(conditionsOf('Bo').map((x) => [x.conditionId, x.sourceId])).toEqual([['pinned', id('Cy')]])
    act('Ash', 'pin', 'Bo')
    act('Cy', 'clear', 'Bo')
    expect(conditionsOf('Bo')).toEqual([])
    expect(h.logText()).toMatch(/Pinned, Pinned on Bo end/)
  })

  it("SR-CORE-1: the GM's condition/add names the instance it added, and a remove by key takes only that one", async () => {
    const { h, id, conditionsOf } = await threeOf()
    for (const source of ['Ash', 'Cy'])
      h.must('condition/add', { combatantId: id('Bo'), condition: 'pinned', duration: { kind: 'indefinite' }, sourceId: id(source) })
    expect(conditionsOf('Bo')).toHaveLength(2)
    const first = conditionsOf('Bo')[0]!
    h.must('condition/remove', { combatantId: id('Bo'), key: first.key })
    expect(conditionsOf('Bo').map((x) => x.sourceId)).toEqual([id('Cy')])
  })

  it('SR-CORE-1: each instance ends with its own clock (the start of its source’s turn)', async () => {
    const { h, id, act, conditionsOf } = await threeOf()
    h.must('encounter/start', { name: 'Test' })
    h.must('encounter/rollInitiative', {}, [90, 50, 10]) // Ash, Bo, Cy
    act('Ash', 'pin', 'Bo')
    act('Cy', 'pin', 'Bo')
    h.must('encounter/nextTurn', {}) // Bo
    h.must('encounter/nextTurn', {}) // Cy: Cy's pin ends, Ash's stays
    expect(conditionsOf('Bo').map((x) => x.sourceId)).toEqual([id('Ash')])
  })
})
