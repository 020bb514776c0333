import { describe, expect, it } from 'vitest'
import { CampaignHarness } from '../helpers/campaign-harness'

function rollsOf(h: CampaignHarness) {
  return h.campaign.store
    .ofType('log')
    .sort((a, b) => a.seq - b.seq)
    .flatMap((l) => l.rolls.map((r) => r.faces.join(',')))
}

describe('undo and redo walk whole commands, RNG state included', () => {
  it('undoing a roll and rolling again gives the same dice (no fishing)', async () => {
    const h = await CampaignHarness.create('undo-seed')
    h.must('dice/roll', { expression: '3d10' })
    const first = rollsOf(h)
    h.must('history/undo', {})
    expect(rollsOf(h)).toEqual([])
    h.must('dice/roll', { expression: '3d10' })
    expect(rollsOf(h)).toEqual(first)
    // A further roll continues the sequence rather than repeating it.
    h.must('dice/roll', { expression: '3d10' })
    expect(rollsOf(h)).toHaveLength(2)
  })

  it('restores initiative, turn, HP and RNG exactly, and redo reapplies them', async () => {
    const h = await CampaignHarness.create('undo-seed-2')
    h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 60, initiativeModifier: 5 })
    h.must('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 40 })
    h.must('encounter/start', { name: 'Ambush' })
    const before = JSON.stringify(h.campaign.store.toObject())
    h.must('encounter/rollInitiative', {})
    h.must('combatant/adjustHp', { combatantId: h.combatantId('Raider'), delta: -9 })
    const after = JSON.stringify(h.campaign.store.toObject())

    h.must('history/undo', {})
    h.must('history/undo', {})
    const undone = h.campaign.store.toObject()
    const { history: _h1, ...undoneRest } = undone
    const { history: _h2, ...beforeRest } = JSON.parse(before) as typeof undone
    expect(JSON.parse(JSON.stringify(undoneRest))).toEqual(beforeRest)

    h.must('history/redo', {})
    h.must('history/redo', {})
    const { history: _h3, ...redone } = h.campaign.store.toObject()
    const { history: _h4, ...afterRest } = JSON.parse(after) as typeof undone
    expect(JSON.parse(JSON.stringify(redone))).toEqual(afterRest)
  })

  it('a new command clears redo; empty stacks give typed errors', async () => {
    const h = await CampaignHarness.create()
    const nothing = h.run('history/undo', {})
    expect(!nothing.ok && nothing.error.code).toBe('history/nothingToUndo')
    h.must('dice/roll', { expression: 'd6' })
    h.must('history/undo', {})
    h.must('dice/roll', { expression: 'd8' })
    const redo = h.run('history/redo', {})
    expect(!redo.ok && redo.error.code).toBe('history/nothingToRedo')
  })

  it('undo history survives closing and reopening the campaign', async () => {
    const h = await CampaignHarness.create()
    h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 60 })
    await h.campaign.close()
    const reopened = await h.reopen()
    expect(reopened.ok).toBe(true)
    h.must('history/undo', {})
    expect(h.campaign.store.ofType('combatant')).toHaveLength(0)
  })
})
