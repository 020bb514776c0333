import { describe, expect, it } from 'vitest'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { d20, sheet } from './d20-fixtures'

/** Issue 14, E1: d20 damage the GM types by hand (`combatant/damage`) meets the same rules as an attack's. */
async function table() {
  const h = await CampaignHarness.create('d20-damage', tempDir(), undefined, d20)
  h.must('combatant/add', {
    name: 'Bo',
    side: 'enemy',
    kind: 'npc',
    maxHp: 30,
    rules: sheet({ affinities: { fire: 'resistant', aether: 'weak' } }),
  })
  return h
}

const bo = (h: CampaignHarness) => h.campaign.store.ofType('combatant').find((c) => c.name === 'Bo')!
const hit = (h: CampaignHarness, amount: number, damageType: string) =>
  h.must('combatant/damage', { combatantId: h.combatantId('Bo'), amount, damageType })
const lastLog = (h: CampaignHarness) =>
  h.campaign.store
    .ofType('log')
    .sort((a, b) => a.seq - b.seq)
    .at(-1)!

describe('003 Statuses: damage ends a stun, typed by hand too', () => {
  it('003 Statuses: any hand-typed damage takes the stun off', async () => {
    const h = await table()
    h.must('condition/add', { combatantId: h.combatantId('Bo'), condition: 'stunned', duration: { kind: 'indefinite' } })
    hit(h, 4, 'slashing')
    expect(bo(h).conditions.map((c) => c.conditionId)).toEqual([])
    expect(lastLog(h).text).toBe('Bo takes 4 slashing damage (HP 30 → 26): the damage ends the stun (003 Statuses)')
  })

  it('003 Statuses: other conditions stay', async () => {
    const h = await table()
    h.must('condition/add', { combatantId: h.combatantId('Bo'), condition: 'bleeding', duration: { kind: 'indefinite' } })
    hit(h, 2, 'untyped')
    expect(bo(h).conditions.map((c) => c.conditionId)).toEqual(['bleeding'])
  })
})

describe('W5: resistance halves and weakness doubles hand-typed damage by type', () => {
  it('W5: fire resistance halves, rounded down (7 → 3)', async () => {
    const h = await table()
    hit(h, 7, 'fire')
    expect(bo(h).hp).toBe(27)
    expect(lastLog(h).text).toBe('Bo takes 7 fire damage (HP 30 → 27): resistant to fire: 3 (W5)')
  })

  it('W5: aether weakness doubles (6 → 12); untyped and other types are as typed', async () => {
    const h = await table()
    hit(h, 6, 'aether')
    expect(bo(h).hp).toBe(18)
    hit(h, 5, 'untyped')
    hit(h, 3, 'piercing')
    expect(bo(h).hp).toBe(10)
  })

  it('003 Dealing Damage: health stops at 0, as an attack leaves it', async () => {
    const h = await table()
    hit(h, 45, 'concussive')
    expect(bo(h).hp).toBe(0)
  })

  it('lists untyped then the six d20 types, and refuses another by name', async () => {
    expect(d20.damage!.types.map((t) => t.key)).toEqual(['untyped', 'slashing', 'piercing', 'concussive', 'rending', 'aether', 'fire'])
    const h = await table()
    const r = h.run('combatant/damage', { combatantId: h.combatantId('Bo'), amount: 3, damageType: 'ballistic' })
    expect(!r.ok && r.error.code).toBe('damage/unknownType')
    expect(bo(h).hp).toBe(30)
  })
})
