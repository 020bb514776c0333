import { describe, expect, it } from 'vitest'
import type { Sheet } from '../../../../src-main/rules/2d6-significant/sheet/sheet-schema'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { sheet, sheetOf, twod6 } from './harness'

/** Issue 14, E1: 2d6 damage the GM types by hand (`combatant/damage`, SR-2D6-1) makes T7's check like an attack's. */
const task = { skill: 'Mechanic', roundsNeeded: 6, roundsDone: 3, thisRound: 'counted' as const }
// A mechanic: Mechanic 1, EDU 9 (+1): the check is 2d6 + 2 − damage.
const tech = (extended: Sheet['live']['extended']) =>
  sheet({ characteristics: { str: 7, dex: 7, end: 7, int: 7, edu: 9, soc: 7 }, skills: { Mechanic: 1 } }, { extended })

async function table(extended: Sheet['live']['extended'] = task) {
  const h = await CampaignHarness.create('2d6-damage', tempDir(), undefined, twod6)
  h.must('combatant/add', { name: 'Tech', side: 'party', kind: 'pc', maxHp: 21, rules: tech(extended) })
  return h
}

const techOf = (h: CampaignHarness) => h.campaign.store.ofType('combatant').find((c) => c.name === 'Tech')!
const hit = (h: CampaignHarness, amount: number, dice: number[] = []) =>
  h.must('combatant/damage', { combatantId: h.combatantId('Tech'), amount, damageType: 'untyped' }, dice)
const lastLog = (h: CampaignHarness) =>
  h.campaign.store
    .ofType('log')
    .sort((a, b) => a.seq - b.seq)
    .at(-1)!

describe('T7: hand-typed damage while working forces the check at −(damage) DM', () => {
  it('T7: 6 damage, check [6, 6] + 2 − 6 = 8 holds: the work goes on', async () => {
    const h = await table()
    hit(h, 6, [6, 6])
    expect(techOf(h).hp).toBe(15)
    expect(sheetOf(techOf(h).rules).live.extended).toEqual(task)
    expect(lastLog(h).text).toBe('Tech takes 6 damage (HP 21 → 15): Tech keeps working (8 vs 8, T7)')
    expect(lastLog(h).rolls).toHaveLength(1)
  })

  it('T7: 6 damage, check [5, 6] + 2 − 6 = 7 fails: this round’s work is taken back', async () => {
    const h = await table()
    hit(h, 6, [5, 6])
    expect(sheetOf(techOf(h).rules).live.extended).toMatchObject({ roundsDone: 2, thisRound: 'lost' })
    expect(lastLog(h).text).toMatch(/work check fails \(7 vs 8\): this round's work is lost \(T7\)$/)
  })

  it('T7: without a task no check is made, no die is rolled', async () => {
    const h = await table(null)
    hit(h, 6)
    expect(techOf(h).hp).toBe(15)
    expect(lastLog(h).text).toBe('Tech takes 6 damage (HP 21 → 15)')
    expect(lastLog(h).rolls).toEqual([])
  })

  it('SR-2D6-1: the one damage type is plain damage taken; another is refused', async () => {
    expect(twod6.damage!.types).toEqual([{ key: 'untyped', label: 'Damage' }])
    const h = await table()
    const r = h.run('combatant/damage', { combatantId: h.combatantId('Tech'), amount: 3, damageType: 'fire' })
    expect(!r.ok && r.error.code).toBe('damage/unknownType')
  })
})
