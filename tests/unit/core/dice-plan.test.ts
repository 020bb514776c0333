import { describe, expect, it } from 'vitest'
import { dicePlan } from '../../../src-main/core/app/dice-plan-request'
import type { PlannedAct } from '../../../src-shared/dice-plan'
import { MAX_TYPED_DICE } from '../../../src-shared/command-fields'
import { PLAYER_REQUESTS } from '../../../src-shared/contract'
import { requestInputSchemas } from '../../../src-shared/request-schemas'
import { seededSource } from '../../../src-main/core/dice/random-source'
import { CampaignHarness as Harness, type CampaignHarness } from '../helpers/campaign-harness'
import { tempDir } from '../helpers/temp-dir'
import { fight as cxFight } from '../rules/compound-x/cx-harness'
import { d10, sheetInput } from '../rules/d10-difficulty/d10-fixtures'
import { d20, sheet as d20Sheet } from '../rules/d20-two-action/d20-fixtures'
import { sheet as twod6Sheet, twod6 } from '../rules/2d6-significant/harness'

/** The plan as the desk would ask for it, failing the test on a refusal of the request itself. */
function plan(h: CampaignHarness, act: PlannedAct, typedDice: number[]) {
  const r = dicePlan(h.campaign.store, h.engine.ruleset, { act, typedDice })
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
const attack = (request: Extract<PlannedAct, { type: 'attack/resolve' }>['payload']['request']): PlannedAct => ({
  type: 'attack/resolve',
  payload: { request },
})
/** "d10 accuracy=9", "d100 armour?", "d100 shock save?…": the plan in a line, for comparing. */
const line = (p: ReturnType<typeof plan>) =>
  p.dice.map((d) => `d${d.sides} ${d.purpose}${d.face !== null ? `=${d.face}` : d.conditional ? '??' : '?'}`)
const stateOf = (h: CampaignHarness) => JSON.stringify(h.campaign.store.toObject())

async function cx() {
  const h = await cxFight()
  const request = {
    attackerId: h.combatantId('Vex'),
    targetId: h.combatantId('Raider'),
    weapon: 0,
    mode: 'semi',
    // Miss chance 4 (cx-engine.test.ts): a d10 of 9 hits, 2 misses.
    options: { distance: 12, aim: 'aimed', cover: 'partial' },
  }
  return { h, request }
}

describe('the dice plan: what an act still needs from the table, in order', () => {
  it('Compound X: after a typed hit, armour is next and the shock save follows only if it comes to that', async () => {
    const { h, request } = await cx()
    const before = stateOf(h)
    const none = plan(h, attack(request), [])
    expect(none.dice[0]).toMatchObject({ sides: 10, purpose: 'accuracy', face: null, conditional: false })
    expect(none.dice.slice(1).every((d) => d.conditional)).toBe(true)
    const hit = plan(h, attack(request), [9])
    expect(line(hit)).toEqual(['d10 accuracy=9', 'd100 armour?', 'd100 shock save??'])
    expect(hit).toMatchObject({ extra: 0, problem: null, more: false })
    // Asking changed nothing: not the records, not the generator.
    expect(stateOf(h)).toBe(before)
    // The engine asks for exactly what the plan named: refused on the plan's next die, taken with it typed.
    const short = h.run('attack/resolve', { request }, [9])
    expect(!short.ok && short.error.message).toContain(`d${hit.dice[1]!.sides} for ${hit.dice[1]!.purpose}`)
    const full = plan(h, attack(request), [9, 10])
    expect(full.dice.every((d) => d.face !== null)).toBe(true)
    h.must('attack/resolve', { request }, [9, 10])
    expect(
      h.campaign.store
        .ofType('log')
        .at(-1)!
        .rolls.map((r) => r.purpose),
    ).toEqual(full.dice.map((d) => d.purpose))
  })

  it('Compound X: a miss ends the chain; faces past it are counted as extra; a face no die shows is named', async () => {
    const { h, request } = await cx()
    const miss = plan(h, attack(request), [2])
    expect(line(miss)).toEqual(['d10 accuracy=2'])
    const extra = plan(h, attack(request), [2, 5, 5])
    expect(extra.extra).toBe(2)
    const refused = h.run('attack/resolve', { request }, [2, 5, 5])
    expect(!refused.ok && refused.error.code).toBe('dice/tooManyTyped')
    const high = plan(h, attack(request), [11])
    expect(high.problem).toMatch(/a d10 shows 1–10/)
  })

  it('d10: after the attacker’s die, the defender’s dodge is certain; hit zones and damage depend on it', async () => {
    const h = await Harness.create('d10-plan', tempDir(), undefined, d10)
    h.must('combatant/add', {
      name: 'Ash',
      side: 'party',
      kind: 'pc',
      maxHp: 20,
      rules: sheetInput({ attributes: { str: 0, dex: 3, con: 0, per: 1 } }),
    })
    h.must('combatant/add', {
      name: 'Bo',
      side: 'enemy',
      kind: 'npc',
      maxHp: 20,
      rules: sheetInput({ attributes: { str: 0, dex: 0, con: 0, per: 1 } }),
    })
    h.must('encounter/start', { name: 'Yard' })
    h.must('encounter/rollInitiative', {}, [9, 1])
    const knife = { attackerId: h.combatantId('Ash'), targetId: h.combatantId('Bo'), weapon: 1, mode: 'strike', options: {} }
    const p = plan(h, attack(knife), [2])
    expect(p.dice[0]).toMatchObject({ face: 2, conditional: false })
    expect(p.dice[1]).toMatchObject({ sides: 10, face: null, conditional: false })
    expect(p.dice[1]!.purpose).toMatch(/dodge/)
    // Ash's 2 against Bo's typed 9 dodges (d10-engine.test.ts): the plan with both ends there, as the engine does.
    const both = plan(h, attack(knife), [2, 9])
    expect(both.dice.map((d) => d.face)).toEqual([2, 9])
    h.must('attack/resolve', { request: knife }, [2, 9])
  })

  it('d20: a low hit test misses and ends the chain; a natural 20 asks for damage next', async () => {
    const h = await Harness.create('d20-plan', tempDir(), undefined, d20)
    h.must('combatant/add', { name: 'Ana', side: 'party', kind: 'pc', maxHp: 30, rules: d20Sheet({ defences: ['dodge'] }) })
    h.must('combatant/add', { name: 'Bo', side: 'enemy', kind: 'npc', maxHp: 30, rules: d20Sheet({}, { dex: 0 }) })
    h.must('encounter/start', {})
    h.must('encounter/rollInitiative', {}, [10, 10])
    const sword = { attackerId: h.combatantId('Ana'), targetId: h.combatantId('Bo'), weapon: 0, mode: '', options: {} }
    const miss = plan(h, attack(sword), [2])
    expect(miss.dice).toHaveLength(1)
    expect(miss.dice[0]).toMatchObject({ sides: 20, face: 2 })
    const crit = plan(h, attack(sword), [20])
    expect(crit.dice[1]).toMatchObject({ sides: 8, face: null, conditional: false })
    h.must('attack/resolve', { request: sword }, [2])
  })

  it('2d6: both dice of the attack throw are needed together; the damage dice only on a hit', async () => {
    const h = await Harness.create('2d6-plan', tempDir(), undefined, twod6)
    h.must('combatant/add', { name: 'Ana', side: 'party', kind: 'pc', maxHp: 21, rules: twod6Sheet() })
    h.must('combatant/add', { name: 'Bo', side: 'enemy', kind: 'npc', maxHp: 21, rules: twod6Sheet() })
    const shot = { attackerId: h.combatantId('Ana'), targetId: h.combatantId('Bo'), weapon: 0, mode: '', options: {} }
    const none = plan(h, attack(shot), [])
    expect(none.dice.slice(0, 2).map((d) => [d.sides, d.conditional])).toEqual([
      [6, false],
      [6, false],
    ])
    expect(none.dice.slice(2).every((d) => d.conditional)).toBe(true)
    expect(plan(h, attack(shot), [1, 1]).dice).toHaveLength(2)
    const hit = plan(h, attack(shot), [6, 6])
    expect(hit.dice.slice(2).every((d) => d.face === null && !d.conditional)).toBe(true)
    // An act that rolls nothing needs nothing.
    const react: PlannedAct = {
      type: 'action/perform',
      payload: { request: { actorId: shot.attackerId, action: 'react', targetId: null, options: {} } },
    }
    expect(plan(h, react, []).dice).toEqual([])
  })

  it('an act the rules refuse is refused as sending it would be, in the rules’ words', async () => {
    const { h, request } = await cx()
    const r = dicePlan(h.campaign.store, h.engine.ruleset, { act: attack({ ...request, weapon: 9 }), typedDice: [] })
    const sent = h.run('attack/resolve', { request: { ...request, weapon: 9 } })
    expect(sent.ok).toBe(false)
    expect(!r.ok && r.error).toEqual(!sent.ok && sent.error)
  })

  it('the request is bounded: only the acts a panel sends, and no more faces than a command may carry', () => {
    const schema = requestInputSchemas.dicePlan
    const act = {
      type: 'attack/resolve',
      payload: { request: { attackerId: 'combatant:a', targetId: 'combatant:b', weapon: 0, mode: '', options: {} } },
    }
    expect(schema.safeParse({ act, typedDice: [1, 2] }).success).toBe(true)
    expect(schema.safeParse({ act, typedDice: Array.from({ length: MAX_TYPED_DICE + 1 }, () => 1) }).success).toBe(false)
    expect(schema.safeParse({ act, typedDice: [0] }).success).toBe(false)
    expect(schema.safeParse({ act: { ...act, type: 'encounter/end' }, typedDice: [] }).success).toBe(false)
    expect(PLAYER_REQUESTS.has('dicePlan')).toBe(false)
  })
})

describe('roll the rest: typed faces first, then the seeded generator', () => {
  it('uses the typed face, rolls what is left from the campaign generator and records where each came from', async () => {
    const { h, request } = await cx()
    const rng = h.campaign.store.get('rng')!
    const r = h.engine.execute({
      type: 'attack/resolve',
      payload: { request },
      meta: { commandId: 'rest-1', typedDice: [9], rollMissing: true },
    })
    expect(r.ok).toBe(true)
    const rolls = h.campaign.store.ofType('log').at(-1)!.rolls
    expect(rolls[0]).toMatchObject({ faces: [9], source: 'typed' })
    expect(rolls.slice(1).every((x) => x.source === 'seeded')).toBe(true)
    // The seeded faces are the campaign generator's next draws, and its new state is kept.
    if (rng.typeName !== 'rng') throw new Error('no generator')
    const src = seededSource(rng.seed, rng.state)
    expect(rolls[1]!.faces[0]).toBe(1 + Math.floor(src.next() * rolls[1]!.sides))
    expect(h.campaign.store.get('rng')).not.toEqual(rng)
  })

  it('a roll straddling the last typed face is "mixed", and a campaign with one opens again', async () => {
    const h = await Harness.create('2d6-rest', tempDir(), undefined, twod6)
    h.must('combatant/add', { name: 'Ana', side: 'party', kind: 'pc', maxHp: 21, rules: twod6Sheet() })
    h.must('combatant/add', { name: 'Bo', side: 'enemy', kind: 'npc', maxHp: 21, rules: twod6Sheet() })
    const shot = { attackerId: h.combatantId('Ana'), targetId: h.combatantId('Bo'), weapon: 0, mode: '', options: {} }
    const r = h.engine.execute({
      type: 'attack/resolve',
      payload: { request: shot },
      meta: { commandId: 'rest-2', typedDice: [6], rollMissing: true },
    })
    expect(r.ok).toBe(true)
    const first = h.campaign.store.ofType('log').at(-1)!.rolls[0]!
    expect(first).toMatchObject({ source: 'mixed', sides: 6 })
    expect(first.faces[0]).toBe(6)
    expect((await h.reopen()).ok).toBe(true)
    expect(h.campaign.store.ofType('log').at(-1)!.rolls[0]!.source).toBe('mixed')
  })

  it('without the flag too few faces are refused, and a bad face is refused with it: nothing changes either way', async () => {
    const { h, request } = await cx()
    const before = stateOf(h)
    const seq = h.campaign.seq
    const short = h.run('attack/resolve', { request }, [9])
    expect(!short.ok && short.error.code).toBe('dice/needMoreTyped')
    const bad = h.engine.execute({
      type: 'attack/resolve',
      payload: { request },
      meta: { commandId: 'rest-3', typedDice: [11], rollMissing: true },
    })
    expect(!bad.ok && bad.error.code).toBe('dice/faceOutOfRange')
    expect(h.campaign.seq).toBe(seq)
    expect(stateOf(h)).toBe(before)
  })
})
