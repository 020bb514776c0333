import { describe, expect, it } from 'vitest'
import type { Dice } from '../../../src-main/core/dice/dice-roller'
import { DiceRoller } from '../../../src-main/core/dice/dice-roller'
import { scriptedSource } from '../../../src-main/core/dice/random-source'
import { rollGenericInitiative } from '../../../src-main/rules/generic/generic-initiative'
import { CampaignHarness } from '../helpers/campaign-harness'

/** Faces → the floats that make a d100 show them. */
const d100 = (...faces: number[]): Dice => new DiceRoller(scriptedSource(faces.map((f) => (f - 0.5) / 100)), undefined)
const who = (id: string, name: string, initiativeModifier: number) => ({ id: `combatant:${id}` as const, name, initiativeModifier })

/** Vex and Raider in a started encounter with initiative rolled from the typed faces (Raider rolls first: name order). */
async function duel(faces: [number, number]) {
  const h = await CampaignHarness.create()
  h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 60 })
  h.must('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 40 })
  h.must('encounter/start', { name: 'Ambush' })
  h.must('encounter/rollInitiative', {}, faces)
  return h
}

describe('generic d100 initiative', () => {
  it('orders by total, higher first (R0.3)', () => {
    const order = rollGenericInitiative([who('a', 'Ash', 0), who('b', 'Bo', 0)], d100(20, 80))
    expect(order.map((p) => p.combatantId)).toEqual(['combatant:b', 'combatant:a'])
    expect(order[0]!.initiative.total).toBe(80)
  })

  it('breaks a tie on total by the higher modifier, without rolling', () => {
    const order = rollGenericInitiative([who('a', 'Ash', 5), who('b', 'Bo', 10)], d100(50, 45))
    expect(order.map((p) => p.combatantId)).toEqual(['combatant:b', 'combatant:a'])
    expect(order.every((p) => p.initiative.tieBreak.length === 0)).toBe(true)
  })

  it('rolls the fully tied off until they differ', () => {
    // Both 40; roll-off 7/7 ties again; then 3 vs 9.
    const order = rollGenericInitiative([who('a', 'Ash', 0), who('b', 'Bo', 0)], d100(40, 40, 7, 7, 3, 9))
    expect(order.map((p) => p.combatantId)).toEqual(['combatant:b', 'combatant:a'])
    expect(order[0]!.initiative.tieBreak).toEqual([7, 9])
    expect(order[1]!.initiative.tieBreak).toEqual([7, 3])
  })

  it('runs a turn cycle and wraps into the next round', async () => {
    const h = await duel([10, 90])
    const enc = () => h.campaign.store.ofType('encounter')[0]!
    expect(enc()).toMatchObject({ round: 1, currentCombatantId: h.combatantId('Vex') })
    h.must('encounter/nextTurn', {})
    expect(enc()).toMatchObject({ round: 1, currentCombatantId: h.combatantId('Raider') })
    h.must('encounter/nextTurn', {})
    expect(enc()).toMatchObject({ round: 2, currentCombatantId: h.combatantId('Vex') })
    h.must('encounter/previousTurn', {})
    expect(enc()).toMatchObject({ round: 1, currentCombatantId: h.combatantId('Raider') })
    h.must('encounter/previousTurn', {})
    const atStart = h.run('encounter/previousTurn', {})
    expect(!atStart.ok && atStart.error.code).toBe('encounter/atStart')
  })

  it('slots a combatant added mid-fight in by its roll', async () => {
    const h = await duel([20, 80])
    h.must('combatant/add', { name: 'Drone', side: 'enemy', kind: 'npc', maxHp: 10 }, [50])
    const order = h.campaign.store
      .ofType('combatant')
      .sort((a, b) => a.orderKey! - b.orderKey!)
      .map((c) => c.name)
    // Rolls go in name order: Raider 20, Vex 80; the Drone's 50 lands between them.
    expect(order).toEqual(['Vex', 'Drone', 'Raider'])
  })

  it('refuses turns before initiative and initiative without combatants', async () => {
    const h = await CampaignHarness.create()
    expect(h.run('encounter/nextTurn', {}).ok).toBe(false)
    h.must('encounter/start', { name: 'Empty' })
    const r = h.run('encounter/rollInitiative', {})
    expect(!r.ok && r.error.code).toBe('encounter/noCombatants')
  })
})

describe('removing the acting combatant', () => {
  it('passes the turn to whoever came after it, in the same round', async () => {
    const h = await CampaignHarness.create()
    for (const name of ['Ann', 'Bea', 'Cal']) h.must('combatant/add', { name, side: 'party', kind: 'pc', maxHp: 10 })
    h.must('encounter/start', { name: 'Three' })
    h.must('encounter/rollInitiative', {}, [90, 50, 10]) // Ann, Bea, Cal
    h.must('encounter/nextTurn', {}) // Bea acts
    h.must('combatant/remove', { combatantId: h.combatantId('Bea') })
    h.must('encounter/nextTurn', {})
    const enc = () => h.campaign.store.ofType('encounter')[0]!
    expect(enc()).toMatchObject({ round: 1, currentCombatantId: h.combatantId('Cal') })
  })

  it('steps back to whoever came before it', async () => {
    const h = await CampaignHarness.create()
    for (const name of ['Ann', 'Bea', 'Cal']) h.must('combatant/add', { name, side: 'party', kind: 'pc', maxHp: 10 })
    h.must('encounter/start', { name: 'Three' })
    h.must('encounter/rollInitiative', {}, [90, 50, 10])
    h.must('encounter/nextTurn', {})
    h.must('combatant/remove', { combatantId: h.combatantId('Bea') })
    h.must('encounter/previousTurn', {})
    expect(h.campaign.store.ofType('encounter')[0]).toMatchObject({ round: 1, currentCombatantId: h.combatantId('Ann') })
  })

  it('wraps into the next round when the last in the order is removed on its turn', async () => {
    const h = await CampaignHarness.create()
    for (const name of ['Ann', 'Bea']) h.must('combatant/add', { name, side: 'party', kind: 'pc', maxHp: 10 })
    h.must('encounter/start', { name: 'Two' })
    h.must('encounter/rollInitiative', {}, [90, 10])
    h.must('encounter/nextTurn', {}) // Bea, last
    h.must('combatant/remove', { combatantId: h.combatantId('Bea') })
    h.must('encounter/nextTurn', {})
    expect(h.campaign.store.ofType('encounter')[0]).toMatchObject({ round: 2, currentCombatantId: h.combatantId('Ann') })
  })
})

describe('ids', () => {
  it('replay the same within a campaign, and tell nothing of the seed the GM typed', async () => {
    const made = async (seed: string) => {
      const h = await CampaignHarness.create(seed)
      h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 10 })
      return h
    }
    const h = await made('night1')
    const vex = h.combatantId('Vex')
    expect((await h.reopen()).ok).toBe(true)
    expect(h.combatantId('Vex')).toBe(vex)
    // Another campaign on the same short seed: its own key, other ids.
    expect((await made('night1')).combatantId('Vex')).not.toBe(vex)
    // Nothing a player could compute from a guessed seed and the journal position gives the id.
    const { createHash } = await import('node:crypto')
    const guesses = Array.from({ length: 4 }, (_, seq) =>
      createHash('sha256').update(`night1\u0000${seq}\u0000combatant\u00000`).digest('base64url').slice(0, 12),
    )
    expect(guesses.map((g) => `combatant:${g}`)).not.toContain(vex)
    const rng = h.campaign.store.get('rng')
    expect(rng?.typeName === 'rng' && rng.idKey).toMatch(/^[0-9a-f]{64}$/)
  })
})
