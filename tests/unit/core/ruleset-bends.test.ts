import { describe, expect, it } from 'vitest'
import type { FormField } from '../../../src-shared/attack'
import type { CombatantRecord } from '../../../src-shared/records'
import { ok } from '../../../src-shared/result'
import { RulesRequests } from '../../../src-main/core/app/rules-requests'
import { genericRuleset } from '../../../src-main/rules/generic/generic-ruleset'
import type { ActionResolution, Ruleset } from '../../../src-main/rules/ruleset'
import { CampaignHarness } from '../helpers/campaign-harness'
import { tempDir } from '../helpers/temp-dir'

/**
 * The interface members the d10, d20 and 2d6 rulesets need, exercised through the real engine
 * with a made-up ruleset: initiative rolled each round (a campaign setting), initiative paid for
 * reactions, penalties carried into a round, lanes on the map, what an act knows of its turn.
 */

const INITIATIVE: FormField = {
  key: 'initiative',
  label: 'Initiative',
  kind: 'choice',
  value: 'each-round',
  choices: [
    { value: 'each-round', label: 'Rolled each round' },
    { value: 'fixed', label: 'Fixed for the encounter' },
  ],
}

const seen: { acting?: boolean; spent?: Readonly<Record<string, number>> }[] = []

function bent(values: Readonly<Record<string, string | number | boolean>> = {}, extra: Partial<Ruleset> = {}): Ruleset {
  const r: Ruleset = {
    ...genericRuleset,
    id: 'generic-d100',
    initiativeEachRound: (values['initiative'] ?? INITIATIVE.value) === 'each-round',
    settings: { defaults: [INITIATIVE], apply: (v) => bent(v, extra) },
    economy: () => [
      { key: 'actions', label: 'Actions', count: 2, per: 'turn' },
      { key: 'reactions', label: 'Reactions', count: 1, per: 'round', reaction: true },
    ],
    conditions: [{ id: 'covering', label: 'Covering', summary: 'holds a lane', source: 'test', stacks: false }],
    actions: {
      list: () => [],
      perform: (request, actor, target) => {
        seen.push({ ...(actor.acting === undefined ? {} : { acting: actor.acting }), ...(actor.spent ? { spent: actor.spent } : {}) })
        const base: ActionResolution = {
          actorRules: null,
          actorHp: actor.hp,
          targetRules: null,
          targetHp: null,
          summary: `${actor.name} ${request.action}s`,
          detail: [],
          rolls: [],
        }
        if (request.action === 'feint') return ok({ ...base, othersSpend: [{ combatantId: target!.id, pool: 'reactions', amount: 1 }] })
        if (request.action === 'dodge') return ok({ ...base, initiative: [{ combatantId: actor.id, delta: -45, why: 'reacted' }] })
        if (request.action === 'rally')
          return ok({
            ...base,
            cost: [{ pool: 'actions', amount: 1 }],
            initiative: [{ combatantId: target!.id, delta: 100, why: 'rallied' }],
          })
        if (request.action === 'cover') {
          const grant = {
            conditionId: 'covering',
            stacks: 1,
            duration: { kind: 'turnStart' as const, of: actor.id },
            sourceId: actor.id,
            data: null,
            areaRadius: 1,
            areaTo: target!.id,
          }
          return ok({ ...base, cost: [{ pool: 'actions', amount: 1 }], conditions: [{ combatantId: actor.id, add: [grant] }] })
        }
        return ok(base)
      },
    },
    ...extra,
  }
  return r
}

/** Ash (90), Bo (50), Cy (10); generic initiative rolls in name order, so typed faces go Ash, Bo, Cy. */
async function fight(ruleset: Ruleset) {
  const h = await CampaignHarness.create('bends', tempDir(), undefined, ruleset)
  for (const name of ['Ash', 'Bo', 'Cy']) h.must('combatant/add', { name, side: name === 'Bo' ? 'enemy' : 'party', kind: 'pc', maxHp: 30 })
  h.must('encounter/start', { name: 'Test' })
  h.must('encounter/rollInitiative', {}, [90, 50, 10])
  const id = (n: string) => h.combatantId(n)
  const order = () =>
    h.campaign.store
      .ofType('combatant')
      .filter((c) => c.orderKey !== null)
      .sort((a, b) => a.orderKey! - b.orderKey!)
      .map((c) => c.name)
  const current = () => {
    const e = h.campaign.store.ofType('encounter')[0]!
    return `${e.round}:${(h.campaign.store.get(e.currentCombatantId!) as CombatantRecord).name}`
  }
  const act = (actor: string, action: string, target: string | null = null) =>
    h.must('action/perform', { request: { actorId: id(actor), action, targetId: target ? id(target) : null, options: {} } })
  return { h, id, order, current, act }
}

describe('initiative rolled each round (a campaign setting)', () => {
  it('the new round is ordered by the new roll, and its first turn goes to the new first', async () => {
    const { h, order, current } = await fight(bent())
    h.must('encounter/nextTurn', {})
    h.must('encounter/nextTurn', {})
    expect(current()).toBe('1:Cy')
    h.must('encounter/nextTurn', {}, [10, 90, 50])
    expect(order()).toEqual(['Bo', 'Cy', 'Ash'])
    expect(current()).toBe('2:Bo')
    expect(h.logText()).toMatch(/Bo rolls initiative for round 2: 90/)
  })

  it('the turn ending the round still ends its own clocks before the re-roll', async () => {
    const { h, id, current } = await fight(bent())
    h.must('condition/add', { combatantId: id('Ash'), condition: 'covering', duration: { kind: 'turnEnd', of: id('Cy') } })
    h.must('encounter/nextTurn', {})
    h.must('encounter/nextTurn', {})
    h.must('encounter/nextTurn', {}, [10, 90, 50])
    expect(current()).toBe('2:Bo')
    expect((h.campaign.store.get(id('Ash')) as CombatantRecord).conditions).toEqual([])
  })

  it('"fixed for the encounter" keeps the order, survives a reopen, and undo brings the re-roll back', async () => {
    const { h, order, current } = await fight(bent())
    h.must('campaign/setRulesetSetting', { key: 'initiative', value: 'fixed' })
    const reopened = await h.reopen()
    expect(reopened.ok).toBe(true)
    for (let i = 0; i < 3; i++) h.must('encounter/nextTurn', {})
    expect(current()).toBe('2:Ash')
    expect(order()).toEqual(['Ash', 'Bo', 'Cy'])
    expect(h.logText()).not.toMatch(/for round 2/)
    h.must('history/undo', {}) // the turn
    h.must('history/undo', {})
    h.must('history/undo', {})
    h.must('history/undo', {}) // the setting
    h.must('encounter/nextTurn', {})
    h.must('encounter/nextTurn', {})
    h.must('encounter/nextTurn', {}, [10, 90, 50])
    expect(current()).toBe('2:Bo')
  })

  it('refuses an unknown setting or a value outside its choices, naming what is allowed', async () => {
    const { h } = await fight(bent())
    const unknown = h.run('campaign/setRulesetSetting', { key: 'speed', value: 3 })
    expect(unknown.ok ? '' : unknown.error.message).toMatch(/no setting "speed"; its settings are "initiative"/)
    const wrong = h.run('campaign/setRulesetSetting', { key: 'initiative', value: 'weekly' })
    expect(wrong.ok ? '' : wrong.error.message).toBe('Initiative: must be one of "Rolled each round", "Fixed for the encounter"')
    const same = h.run('campaign/setRulesetSetting', { key: 'initiative', value: 'each-round' })
    expect(same.ok).toBe(false)
    expect(h.campaign.store.get('campaign')).not.toHaveProperty('rulesetSettings')
  })

  it("the setup request shows the campaign's value over the default, and the quick NPCs", async () => {
    const npc = { name: 'Thug', maxHp: 12, initiativeModifier: 1, rules: null, tags: ['melee'] }
    const { h } = await fight(bent({}, { quickNpcs: [npc] }))
    h.must('campaign/setRulesetSetting', { key: 'initiative', value: 'fixed' })
    const setup = new RulesRequests(h.campaign.store, h.engine.ruleset).rulesetSetup()
    expect(setup.ok && setup.value.settings.map((s) => [s.key, s.value])).toEqual([['initiative', 'fixed']])
    expect(setup.ok && setup.value.quickNpcs).toEqual([npc])
  })
})

describe('initiative shifts', () => {
  it('a reaction paid in initiative re-sorts the order at once; the turn stays where it was', async () => {
    const { h, order, current, act } = await fight(bent({ initiative: 'fixed' }))
    act('Bo', 'dodge') // out of turn: Bo's 50 becomes 5, after Cy's 10
    expect(order()).toEqual(['Ash', 'Cy', 'Bo'])
    expect(current()).toBe('1:Ash')
    expect(h.logText()).toMatch(/Bo's initiative −45 \(reacted\): now 5/)
    h.must('encounter/nextTurn', {})
    expect(current()).toBe('1:Cy')
  })

  it("a resolution can spend another combatant's pool (a defender's reaction), and is refused when it has none left", async () => {
    const { h, id, act } = await fight(bent({ initiative: 'fixed' }))
    act('Ash', 'feint', 'Bo')
    expect((h.campaign.store.get(id('Bo')) as CombatantRecord).spent).toEqual({ reactions: 1 })
    const again = h.run('action/perform', { request: { actorId: id('Ash'), action: 'feint', targetId: id('Bo'), options: {} } })
    expect(!again.ok && again.error.message).toBe('Bo has no reactions left this round; this needs 1 reaction.')
    expect((h.campaign.store.get(id('Bo')) as CombatantRecord).spent).toEqual({ reactions: 1 })
  })

  it('the one acting keeps its place when its own total moves', async () => {
    const { order, current, act } = await fight(bent({ initiative: 'fixed' }))
    act('Ash', 'rally', 'Cy') // Cy 10 → 110: first in the order, but Ash's turn goes on
    expect(order()).toEqual(['Cy', 'Ash', 'Bo'])
    expect(current()).toBe('1:Ash')
    act('Ash', 'rally', 'Ash')
    expect(order()).toEqual(['Cy', 'Ash', 'Bo'])
  })

  it('a penalty carried into the new round settles the order before its first turn', async () => {
    const penalty: Ruleset['edges'] = {
      startOfTurn: () => null,
      startOfEncounter: () => null,
      endOfEncounter: () => null,
      startOfRound: (c) => (c.name === 'Ash' ? { rules: null, hp: c.hp, lines: ['recoil'], rolls: [], initiativeDelta: -100 } : null),
    }
    const { h, order, current } = await fight(bent({ initiative: 'fixed' }, { edges: penalty }))
    // Round 1 begins the same way: Ash's 90 − 100 puts it last before anyone acts.
    expect(order()).toEqual(['Bo', 'Cy', 'Ash'])
    expect(current()).toBe('1:Bo')
    for (let i = 0; i < 3; i++) h.must('encounter/nextTurn', {})
    expect(current()).toBe('2:Bo')
    const ash = h.campaign.store.get(h.combatantId('Ash')) as CombatantRecord
    expect(ash.initiative?.total).toBe(-110)
  })
})

describe('what a ruleset sees of the turn, and lanes', () => {
  it("an act knows whether it is its actor's turn and what the actor has spent", async () => {
    const { act } = await fight(bent({ initiative: 'fixed' }))
    seen.length = 0
    act('Ash', 'cover', 'Bo')
    act('Ash', 'wait')
    act('Bo', 'dodge')
    expect(seen).toEqual([
      { acting: true, spent: { actions: 0 } },
      { acting: true, spent: { actions: 1 } },
      { acting: false, spent: {} },
    ])
  })

  it('before any round runs, whether an act is in turn is unknown (left out, not false)', async () => {
    const h = await CampaignHarness.create('bends', tempDir(), undefined, bent({ initiative: 'fixed' }))
    h.must('combatant/add', { name: 'Ash', side: 'party', kind: 'pc', maxHp: 30 })
    h.must('encounter/start', { name: 'Test' })
    seen.length = 0
    h.must('action/perform', { request: { actorId: h.combatantId('Ash'), action: 'wait', targetId: null, options: {} } })
    expect(seen).toEqual([{ spent: {} }])
  })

  it("a grant with areaTo lays a lane from the bearer to that combatant's token", async () => {
    const { h, id, act } = await fight(bent({ initiative: 'fixed' }))
    h.must('scene/create', { name: 'Street' })
    const scene = h.campaign.store.ofType('scene')[0]!
    h.must('token/place', { sceneId: scene.id, combatantId: id('Ash'), x: 1, y: 1 })
    h.must('token/place', { sceneId: scene.id, combatantId: id('Bo'), x: 9, y: 4 })
    act('Ash', 'cover', 'Bo')
    const ash = h.campaign.store.get(id('Ash')) as CombatantRecord
    expect(ash.conditions[0]!.area).toEqual({ sceneId: scene.id, x: 1, y: 1, radius: 1, to: { x: 9, y: 4 } })
  })
})
