import { describe, expect, it } from 'vitest'
import { ok } from '../../../src-shared/result'
import { genericRuleset } from '../../../src-main/rules/generic/generic-ruleset'
import type { ActionResolution, Ruleset } from '../../../src-main/rules/ruleset'
import { CampaignHarness } from '../helpers/campaign-harness'
import { tempDir } from '../helpers/temp-dir'

/**
 * A small ruleset that exercises the core's turn machinery without any real game's rules:
 * 2 actions a turn, 1 reaction a round, a stacking and a plain condition, and three actions
 * with different consequences.
 */
const tabletop: Ruleset = {
  ...genericRuleset,
  id: 'generic-d100',
  economy: () => [
    { key: 'actions', label: 'Actions', count: 2, per: 'turn' },
    { key: 'reactions', label: 'Reactions', count: 1, per: 'round', reaction: true },
  ],
  conditions: [
    { id: 'bleeding', label: 'Bleeding', summary: 'loses health', source: 'test', stacks: true },
    { id: 'pinned', label: 'Pinned', summary: 'cannot move', source: 'test', stacks: false },
  ],
  // The fight's own bonds end with it (like a melee engagement): 'pinned' goes at encounter end.
  edges: {
    startOfTurn: () => null,
    startOfEncounter: () => null,
    endOfEncounter: (c) =>
      c.conditions.some((x) => x.conditionId === 'pinned')
        ? { rules: null, hp: c.hp, lines: [], rolls: [], conditions: c.conditions.filter((x) => x.conditionId !== 'pinned') }
        : null,
  },
  standing: (c) =>
    c.hp <= -10
      ? { state: 'dead', label: 'dead', skipsTurn: true }
      : c.hp <= 0
        ? { state: 'down', label: 'down', skipsTurn: false }
        : { state: 'up', label: 'up', skipsTurn: false },
  actions: {
    list: () => [],
    perform: (request, actor, target) => {
      const base: ActionResolution = {
        actorRules: null,
        actorHp: actor.hp,
        targetRules: null,
        targetHp: null,
        summary: `${actor.name} ${request.action}s`,
        detail: [],
        rolls: [],
      }
      switch (request.action) {
        case 'shoot':
          return ok({ ...base, cost: [{ pool: 'actions', amount: 2 }] })
        case 'pin':
          return ok({
            ...base,
            cost: [{ pool: 'actions', amount: 1 }],
            endsTurn: true,
            conditions: [
              {
                combatantId: target!.id,
                add: [{ conditionId: 'pinned', stacks: 1, duration: { kind: 'turnStart', of: actor.id }, sourceId: actor.id, data: null }],
              },
            ],
          })
        case 'break-cover':
          return ok({
            ...base,
            cost: [{ pool: 'actions', amount: 1 }],
            conditions: [{ combatantId: actor.id, remove: ['pinned'] }],
            prompts: [
              {
                reactorId: target!.id,
                targetId: actor.id,
                text: `${target!.name} reacts`,
                resolve: { kind: 'action', request: { actorId: target!.id, action: 'snap', targetId: actor.id, options: {} } },
                odds: 'certain',
              },
            ],
          })
        case 'snap':
          return ok({ ...base, targetHp: target!.hp - 5, outOfTurn: 'free' })
        case 'wait':
          return ok({ ...base, cost: [{ pool: 'actions', amount: 1 }] })
        case 'forget':
          // Names someone who has left the campaign: that part of the change has nobody to apply to.
          return ok({
            ...base,
            conditions: [
              { combatantId: 'combatant:gone', remove: ['pinned'] },
              {
                combatantId: target!.id,
                add: [{ conditionId: 'bleeding', stacks: 1, duration: { kind: 'indefinite' }, sourceId: null, data: null }],
              },
            ],
          })
      }
      return ok(base)
    },
  },
}

/** Ash (init 90), Bo (50), Cy (10) in a fight, Ash acting in round 1. */
async function threeWay() {
  const h = await CampaignHarness.create('turns', tempDir(), undefined, tabletop)
  for (const name of ['Ash', 'Bo', 'Cy']) h.must('combatant/add', { name, side: name === 'Bo' ? 'enemy' : 'party', kind: 'pc', maxHp: 30 })
  h.must('encounter/start', { name: 'Test' })
  // Generic initiative rolls in the order added: d100 faces 90, 50, 10.
  h.must('encounter/rollInitiative', {}, [90, 50, 10])
  const id = (n: string) => h.combatantId(n)
  const c = (n: string) => h.campaign.store.get(id(n)) as import('../../../src-shared/records').CombatantRecord
  const enc = () => h.campaign.store.ofType('encounter')[0]!
  const act = (actor: string, action: string, target: string | null = null) =>
    h.run('action/perform', { request: { actorId: id(actor), action, targetId: target ? id(target) : null, options: {} } })
  return { h, id, c, enc, act, next: () => h.must('encounter/nextTurn', {}) }
}

describe('conditions and their clocks', () => {
  it('"until the start of X\'s turn" ends exactly as X\'s turn starts, with a log line', async () => {
    const { h, id, c, next } = await threeWay()
    h.must('condition/add', { combatantId: id('Bo'), condition: 'pinned', duration: { kind: 'turnStart', of: id('Cy') } })
    next() // Bo
    expect(c('Bo').conditions.map((x) => x.label)).toEqual(['Pinned'])
    next() // Cy: it ends
    expect(c('Bo').conditions).toEqual([])
    expect(h.campaign.store.ofType('log').map((l) => l.text)).toContain("Pinned on Bo ends (start of Cy's turn)")
  })

  it('round counts end at the same place in the order N rounds later', async () => {
    const { h, id, c, enc, next } = await threeWay()
    next() // Bo's turn, round 1
    h.must('condition/add', { combatantId: id('Ash'), condition: 'bleeding', duration: { kind: 'rounds', rounds: 2 } })
    expect(c('Ash').conditions[0]!.duration).toEqual({ kind: 'rounds', rounds: 2, endsRound: 3, at: id('Bo') })
    for (let i = 0; i < 5; i++) next() // … round 3, Ash's turn
    expect(enc()).toMatchObject({ round: 3, currentCombatantId: id('Ash') })
    expect(c('Ash').conditions).toHaveLength(1)
    next() // round 3, Bo's turn: ends
    expect(c('Ash').conditions).toHaveLength(0)
  })

  it('"until the end of X\'s turn" ends when X\'s turn ends, not when it starts', async () => {
    const { h, id, c, next } = await threeWay()
    h.must('condition/add', { combatantId: id('Cy'), condition: 'pinned', duration: { kind: 'turnEnd', of: id('Bo') } })
    next() // Bo starts
    expect(c('Cy').conditions).toHaveLength(1)
    next() // Bo ends
    expect(c('Cy').conditions).toHaveLength(0)
  })

  it('a stacking condition adds stacks; an unknown one is refused by name; removal and undo work', async () => {
    const { h, id, c } = await threeWay()
    h.must('condition/add', { combatantId: id('Bo'), condition: 'bleeding', duration: { kind: 'indefinite' }, stacks: 2 })
    h.must('condition/add', { combatantId: id('Bo'), condition: 'bleeding', duration: { kind: 'indefinite' } })
    expect(c('Bo').conditions.map((x) => [x.label, x.stacks])).toEqual([['Bleeding', 3]])
    const r = h.run('condition/add', { combatantId: id('Bo'), condition: 'on-fire', duration: { kind: 'indefinite' } })
    expect(!r.ok && r.error.message).toMatch(/has no condition "on-fire" \(it has: bleeding, pinned\)/)
    h.must('condition/remove', { combatantId: id('Bo'), key: c('Bo').conditions[0]!.key })
    expect(c('Bo').conditions).toEqual([])
    h.must('history/undo', {})
    expect(c('Bo').conditions).toHaveLength(1)
  })

  it('ending the encounter clears clocked conditions and keeps those "until removed"', async () => {
    const { h, id, c } = await threeWay()
    h.must('condition/add', { combatantId: id('Bo'), condition: 'bleeding', duration: { kind: 'indefinite' } })
    h.must('condition/add', { combatantId: id('Bo'), condition: 'pinned', duration: { kind: 'rounds', rounds: 3 } })
    h.must('encounter/end', {})
    expect(c('Bo').conditions.map((x) => x.conditionId)).toEqual(['bleeding'])
  })

  it("…unless the ruleset ends them at the encounter's end", async () => {
    const { h, id, c } = await threeWay()
    h.must('condition/add', { combatantId: id('Bo'), condition: 'pinned', duration: { kind: 'indefinite' } })
    h.must('condition/add', { combatantId: id('Cy'), condition: 'bleeding', duration: { kind: 'indefinite' } })
    h.must('encounter/end', {})
    expect(c('Bo').conditions).toEqual([])
    expect(c('Cy').conditions.map((x) => x.conditionId)).toEqual(['bleeding'])
  })

  it('a change naming someone who left is skipped; the rest of the act goes through, logged after the act', async () => {
    const { h, c, act } = await threeWay()
    expect(act('Ash', 'forget', 'Bo').ok).toBe(true)
    expect(c('Bo').conditions.map((x) => x.conditionId)).toEqual(['bleeding'])
    const texts = h.campaign.store
      .ofType('log')
      .sort((a, b) => a.seq - b.seq)
      .map((l) => l.text)
    expect(texts.slice(-2)).toEqual(['Ash forgets', 'Bo is bleeding'])
  })
})

describe('the action economy', () => {
  it("spends on the actor's own turn, refuses overspending, and refills at its next turn", async () => {
    const { c, act, next } = await threeWay()
    expect(act('Ash', 'wait').ok).toBe(true)
    expect(c('Ash').spent).toEqual({ actions: 1 })
    const r = act('Ash', 'shoot', 'Bo')
    expect(!r.ok && r.error.message).toBe('Ash has 1 action left this turn; this needs 2 actions (2 per turn).')
    next()
    next()
    next() // Ash again, round 2
    expect(c('Ash').spent['actions']).toBe(0)
  })

  it('out of turn an act costs a reaction, refilled at the next round; a free reaction costs nothing', async () => {
    const { c, act, next } = await threeWay()
    expect(act('Cy', 'wait').ok).toBe(true)
    expect(c('Cy').spent['reactions']).toBe(1)
    const again = act('Cy', 'wait')
    expect(!again.ok && again.error.message).toMatch(/It is not Cy's turn, and it has no reactions left this round/)
    expect(act('Cy', 'snap', 'Ash').ok).toBe(true)
    next()
    next()
    next() // round 2
    expect(c('Cy').spent['reactions']).toBe(0)
  })

  it('a GM correction sets a pool, within its size', async () => {
    const { h, id, c } = await threeWay()
    h.must('economy/set', { combatantId: id('Ash'), pool: 'actions', spent: 2 })
    expect(c('Ash').spent['actions']).toBe(2)
    expect(h.run('economy/set', { combatantId: id('Ash'), pool: 'actions', spent: 3 }).ok).toBe(false)
    expect(h.run('economy/set', { combatantId: id('Ash'), pool: 'luck', spent: 1 }).ok).toBe(false)
  })

  it("ending the turn with an act forgoes the rest, and the condition it grants runs to the actor's next turn", async () => {
    const { id, c, act, next } = await threeWay()
    expect(act('Ash', 'pin', 'Bo').ok).toBe(true)
    expect(c('Ash').spent['actions']).toBe(2)
    expect(c('Bo').conditions[0]).toMatchObject({
      conditionId: 'pinned',
      sourceId: id('Ash'),
      duration: { kind: 'turnStart', of: id('Ash') },
    })
    next()
    next()
    expect(c('Bo').conditions).toHaveLength(1)
    next() // Ash's turn: the pin ends
    expect(c('Bo').conditions).toHaveLength(0)
  })
})

describe('reaction prompts', () => {
  it("a resolution can prompt a reaction; resolving runs it, free of the reactor's reactions; dismissing drops it", async () => {
    const { h, c, act, next } = await threeWay()
    act('Ash', 'pin', 'Bo')
    next() // Bo breaks cover: Ash may react
    expect(act('Bo', 'break-cover', 'Ash').ok).toBe(true)
    expect(c('Bo').conditions).toEqual([])
    const [prompt] = h.campaign.store.ofType('prompt')
    expect(prompt).toMatchObject({ text: 'Ash reacts', odds: 'certain' })
    h.must('prompt/resolve', { promptId: prompt!.id })
    expect(c('Bo').hp).toBe(25)
    expect(c('Ash').spent['reactions'] ?? 0).toBe(0)
    expect(h.campaign.store.ofType('prompt')).toEqual([])
    h.must('history/undo', {})
    expect(h.campaign.store.ofType('prompt')).toHaveLength(1)
    h.must('prompt/dismiss', { promptId: prompt!.id })
    expect(h.run('prompt/resolve', { promptId: prompt!.id }).ok).toBe(false)
  })
})

describe('turn order: drag, delay, hold, skip', () => {
  it("moves a combatant before another without touching anyone else's key", async () => {
    const { h, id, c } = await threeWay()
    const before = [c('Ash').orderKey, c('Bo').orderKey]
    h.must('initiative/move', { combatantId: id('Cy'), beforeId: id('Bo') })
    expect(c('Cy').orderKey).toBeGreaterThan(before[0]!)
    expect(c('Cy').orderKey).toBeLessThan(before[1]!)
    expect([c('Ash').orderKey, c('Bo').orderKey]).toEqual(before)
    h.must('initiative/move', { combatantId: id('Ash'), beforeId: null })
    expect(c('Ash').orderKey).toBeGreaterThan(c('Bo').orderKey!)
  })

  it('a delaying combatant is passed over until it acts; then it keeps its new place', async () => {
    const { h, id, c, enc, next } = await threeWay()
    h.must('initiative/delay', { combatantId: id('Ash') })
    expect(enc().currentCombatantId).toBe(id('Bo'))
    expect(c('Ash').delayed).toBe(true)
    next() // Cy
    h.must('initiative/resume', { combatantId: id('Ash') })
    expect(enc()).toMatchObject({ round: 1, currentCombatantId: id('Ash') })
    expect(c('Ash').orderKey).toBeGreaterThan(c('Cy').orderKey!)
    next() // round 2: Bo first now
    expect(enc()).toMatchObject({ round: 2, currentCombatantId: id('Bo') })
  })

  it('held actions end the turn, come back on the trigger for a reaction, and are lost at the next turn', async () => {
    const { h, id, c, act, next } = await threeWay()
    h.must('hold/declare', { combatantId: id('Ash'), trigger: 'Bo shows itself', amount: 1 })
    expect(c('Ash')).toMatchObject({ held: { trigger: 'Bo shows itself', amount: 1, released: false }, spent: { actions: 2 } })
    next() // Bo
    h.must('hold/release', { combatantId: id('Ash') })
    expect(c('Ash')).toMatchObject({ held: { amount: 1, released: true }, spent: { actions: 2, reactions: 1 } })
    // The released action pays for the act; no second reaction is needed.
    expect(act('Ash', 'wait').ok).toBe(true)
    expect(c('Ash')).toMatchObject({ held: null, spent: { actions: 2, reactions: 1 } })
    h.must('hold/declare', { combatantId: id('Bo'), trigger: 'never', amount: 2 })
    next()
    next()
    next() // Bo's next turn: lost
    expect(c('Bo').held).toBeNull()
    expect(h.campaign.store.ofType('log').some((l) => l.text === 'Bo\'s held actions ("never") are lost: the trigger never came')).toBe(
      true,
    )
  })

  it('the dead are passed over as their ruleset says, and clocks tied to their turns still run', async () => {
    const { h, id, enc, next } = await threeWay()
    h.must('combatant/setHp', { combatantId: id('Bo'), hp: -12 })
    h.must('condition/add', { combatantId: id('Cy'), condition: 'pinned', duration: { kind: 'turnStart', of: id('Bo') } })
    next()
    expect(enc().currentCombatantId).toBe(id('Cy'))
    expect(h.campaign.store.ofType('log').map((l) => l.text)).toEqual(
      expect.arrayContaining(['Bo is dead: turn passed over', "Pinned on Cy ends (start of Bo's turn)"]),
    )
  })

  it('removing a combatant ends the clocks tied to its turns and drops reactions by or against it', async () => {
    const { h, id, c, act, next } = await threeWay()
    act('Ash', 'pin', 'Bo')
    next()
    act('Bo', 'break-cover', 'Ash')
    expect(h.campaign.store.ofType('prompt')).toHaveLength(1)
    h.must('condition/add', { combatantId: id('Cy'), condition: 'bleeding', duration: { kind: 'turnEnd', of: id('Ash') } })
    h.must('combatant/remove', { combatantId: id('Ash') })
    expect(c('Cy').conditions).toEqual([])
    expect(h.campaign.store.ofType('prompt')).toEqual([])
    expect(h.campaign.store.ofType('log').map((l) => l.text)).toContain('Bleeding on Cy ends (Ash left the fight)')
    h.must('history/undo', {})
    expect(c('Cy').conditions).toHaveLength(1)
    expect(h.campaign.store.ofType('prompt')).toHaveLength(1)
  })

  it('log entries name their subjects for the log filter', async () => {
    const { h, id } = await threeWay()
    h.must('condition/add', { combatantId: id('Bo'), condition: 'pinned', duration: { kind: 'indefinite' } })
    expect(h.campaign.store.ofType('log').at(-1)!.subjects).toEqual([id('Bo')])
  })
})
