import { describe, expect, it } from 'vitest'
import type { ServerMessage } from '../../../src-shared/contract'
import { projectRecord } from '../../../src-main/core/projection/project-record'
import { ViewChannel } from '../../../src-main/core/projection/view-channel'
import { CampaignHarness } from '../helpers/campaign-harness'

async function fight() {
  const h = await CampaignHarness.create()
  h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 60 })
  h.must('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 40 })
  h.must('combatant/add', { name: 'Sniper', side: 'enemy', kind: 'npc', maxHp: 35, hidden: true })
  h.must('encounter/start', { name: 'Ambush' })
  h.must('encounter/rollInitiative', {})
  return h
}

describe('projection redaction', () => {
  it('never projects hidden combatants, RNG or history to the player', async () => {
    const h = await fight()
    const views = [...h.campaign.store.values()].map((r) => projectRecord(r, h.campaign.store, 'player')).filter((v) => v !== null)
    const text = JSON.stringify(views)
    expect(text).not.toContain('Sniper')
    expect(views.some((v) => v.typeName === ('rng' as string) || v.typeName === ('history' as string))).toBe(false)
  })

  it("replaces NPC numbers with a band but keeps PCs' numbers", async () => {
    const h = await fight()
    h.must('combatant/adjustHp', { combatantId: h.combatantId('Raider'), delta: -25 })
    const raider = projectRecord(h.campaign.store.get(h.combatantId('Raider'))!, h.campaign.store, 'player')
    const vex = projectRecord(h.campaign.store.get(h.combatantId('Vex'))!, h.campaign.store, 'player')
    expect(raider).toMatchObject({ numbers: { kind: 'secret', band: 'bloodied' }, initiative: 'secret' })
    expect(JSON.stringify(raider)).not.toMatch(/"hp"|maxHp|initiativeModifier|"total"/)
    expect(vex).toMatchObject({ numbers: { kind: 'exact', hp: 60, maxHp: 60 } })
  })

  it('keeps GM-only log entries (NPC damage) away from the player', async () => {
    const h = await fight()
    h.must('combatant/adjustHp', { combatantId: h.combatantId('Raider'), delta: -7 })
    const logs = h.campaign.store.ofType('log')
    const damage = logs.find((l) => l.text.includes('7 damage'))!
    expect(projectRecord(damage, h.campaign.store, 'gm')).not.toBeNull()
    expect(projectRecord(damage, h.campaign.store, 'player')).toBeNull()
  })

  it("hides whose turn it is while a hidden combatant acts", async () => {
    const h = await fight()
    for (let i = 0; i < 3; i++) {
      const enc = h.campaign.store.ofType('encounter')[0]!
      const projected = projectRecord(enc, h.campaign.store, 'player')
      if (enc.currentCombatantId === h.combatantId('Sniper')) expect(projected).toMatchObject({ currentCombatantId: null })
      else expect(projected).toMatchObject({ currentCombatantId: enc.currentCombatantId })
      h.must('encounter/nextTurn', {})
    }
  })

  it('removes a combatant from the player channel when hidden, and sends no GM data in diffs', async () => {
    const h = await fight()
    const sent: ServerMessage[] = []
    const channel = new ViewChannel('player', (m) => sent.push(m))
    channel.snapshot(h.campaign.store, h.campaign.seq)
    const id = h.combatantId('Raider')
    const hide = h.must('combatant/setHidden', { combatantId: id, hidden: true })
    channel.publish(h.campaign.store, hide.changes.map((c) => c.id), h.campaign.seq)
    expect(sent).toHaveLength(1)
    const msg = sent[0]!
    expect(msg.kind === 'diff' && msg.diff.removed).toEqual([id])
    const dmg = h.must('combatant/adjustHp', { combatantId: id, delta: -5 })
    channel.publish(h.campaign.store, dmg.changes.map((c) => c.id), h.campaign.seq)
    // Damage to a hidden NPC changes nothing the player may see: no message at all.
    expect(sent).toHaveLength(1)
  })
})
