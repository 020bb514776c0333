import { describe, expect, it } from 'vitest'
import { CampaignHarness } from '../helpers/campaign-harness'

/** A short scripted fight: every kind of roll the slice makes, plus undo in the middle. */
async function scriptedFight(seed: string): Promise<string> {
  const h = await CampaignHarness.create(seed)
  h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 60, initiativeModifier: 5 })
  h.must('combatant/add', { name: 'Ash', side: 'party', kind: 'pc', maxHp: 55, initiativeModifier: 5 })
  h.must('combatant/add', { name: 'Raider 1', side: 'enemy', kind: 'npc', maxHp: 40 })
  h.must('combatant/add', { name: 'Raider 2', side: 'enemy', kind: 'npc', maxHp: 40 })
  h.must('encounter/start', { name: 'Ambush' })
  h.must('encounter/rollInitiative', {})
  h.must('encounter/nextTurn', {})
  h.must('dice/roll', { expression: '2d10+3', purpose: 'Vex shoots' })
  h.must('combatant/adjustHp', { combatantId: h.combatantId('Raider 1'), delta: -12 })
  h.must('history/undo', {})
  h.must('combatant/adjustHp', { combatantId: h.combatantId('Raider 1'), delta: -13 })
  h.must('combatant/add', { name: 'Raider 3', side: 'enemy', kind: 'npc', maxHp: 40 })
  h.must('encounter/nextTurn', {})
  h.must('encounter/nextTurn', {})
  h.must('dice/roll', { expression: 'd100', purpose: 'morale' })
  return h.logText()
}

describe('same seed + same commands', () => {
  it('gives the same rolls and a byte-identical log', async () => {
    const a = await scriptedFight('table-night-7')
    const b = await scriptedFight('table-night-7')
    expect(Buffer.from(b)).toEqual(Buffer.from(a))
    expect(a).toMatch(/d100 \[\d+\] \+ 5 = \d+/)
  })

  it('a different seed gives different rolls', async () => {
    const a = await scriptedFight('table-night-7')
    const c = await scriptedFight('table-night-8')
    expect(c).not.toBe(a)
  })

  it('the journal replays to the same state', async () => {
    const h = await CampaignHarness.create('replay-seed')
    h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 60 })
    h.must('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 40 })
    h.must('encounter/start', { name: 'Ambush' })
    h.must('encounter/rollInitiative', {})
    h.must('history/undo', {})
    h.must('encounter/rollInitiative', {})
    const live = JSON.stringify(h.campaign.store.toObject())
    const r = await h.reopen()
    expect(r.ok).toBe(true)
    expect(JSON.stringify(h.campaign.store.toObject())).toBe(live)
  })
})
