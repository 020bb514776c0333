import { describe, expect, it } from 'vitest'
import type { ServerMessage } from '../../../src-shared/contract'
import { ProjectionContext, projectRecord as projectWith } from '../../../src-main/core/projection/project-record'
import type { RecordReader } from '../../../src-main/core/state/record-store'
import type { StoredRecord } from '../../../src-main/core/state/stored-records'
import { playerCombatantView, type ViewRole } from '../../../src-shared/views'
import { ViewChannel } from '../../../src-main/core/projection/view-channel'
import { CampaignHarness } from '../helpers/campaign-harness'
import { npcView } from '../helpers/stored-documents'

const projectRecord = (r: StoredRecord, state: RecordReader, role: ViewRole) => projectWith(r, new ProjectionContext(state, role))

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

  it("shows conditions to the players by name only: no GM note, clock or source, and none of the GM's roster or prompts", async () => {
    const { cx, trooper } = await import('../rules/compound-x/cx-harness')
    const { tempDir } = await import('../helpers/temp-dir')
    const h = await CampaignHarness.create('leaks', tempDir(), undefined, cx)
    h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 1, rules: trooper() })
    h.must('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 1, rules: trooper() })
    h.must('combatant/add', { name: 'Sniper', side: 'enemy', kind: 'npc', maxHp: 1, hidden: true })
    h.must('encounter/start', {})
    h.must('encounter/rollInitiative', {})
    const sniper = h.combatantId('Sniper')
    h.must('condition/add', {
      combatantId: h.combatantId('Raider'),
      condition: 'bleeding',
      duration: { kind: 'turnStart', of: sniper },
      sourceId: sniper,
      note: 'secret-note',
    })
    h.must('template/fromCombatant', { combatantId: h.combatantId('Raider'), faction: 'Red Hand' })
    h.must('template/spawn', { templateId: h.campaign.store.ofType('template')[0]!.id, count: 1 })
    h.must('plan/save', { name: 'secret-plan' })
    const views = [...h.campaign.store.values()].map((r) => projectRecord(r, h.campaign.store, 'player')).filter((v) => v !== null)
    // Put on by a hidden combatant, the bleeding is the GM's until the Sniper is seen (it would place someone unseen).
    expect(views.find((v) => v.id === h.combatantId('Raider'))).toMatchObject({ conditions: [], turn: null, standing: null })
    const text = JSON.stringify(views)
    for (const secret of ['secret-note', sniper, 'Red Hand', 'secret-plan', 'template:', 'prompt:', 'turnStart'])
      expect(text).not.toContain(secret)
    h.must('combatant/setHidden', { combatantId: sniper, hidden: false })
    const raider = projectRecord(h.campaign.store.get(h.combatantId('Raider'))!, h.campaign.store, 'player')
    expect(raider).toMatchObject({ conditions: [{ conditionId: 'bleeding', label: 'Bleeding', stacks: 1 }], turn: null, standing: null })
    expect(JSON.stringify(raider)).not.toMatch(/secret-note|turnStart|sourceId/)
  })

  it("shows the table a combatant's stance and cover (the ruleset's marks), which live on its sheet, not as conditions", async () => {
    const { cx, trooper } = await import('../rules/compound-x/cx-harness')
    const { tempDir } = await import('../helpers/temp-dir')
    const h = await CampaignHarness.create('marks', tempDir(), undefined, cx)
    h.must('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 1, rules: trooper() })
    const raider = h.combatantId('Raider')
    expect(projectWith(h.campaign.store.get(raider)!, new ProjectionContext(h.campaign.store, 'player', cx))).not.toHaveProperty('marks')
    h.must('action/perform', {
      request: { actorId: raider, action: 'position', targetId: null, options: { stance: 'prone', cover: 'partial' } },
    })
    for (const role of ['player', 'gm'] as const)
      expect(projectWith(h.campaign.store.get(raider)!, new ProjectionContext(h.campaign.store, role, cx))).toMatchObject({
        marks: ['Prone', 'Partial cover'],
      })
  })

  it('shows an NPC out of the fight by the rules as down, whatever health it has left', () => {
    const gmView = {
      ...npcView,
      numbers: { kind: 'exact', hp: 60, maxHp: 110, initiativeModifier: 0 },
      standing: { state: 'out', label: 'knocked out · 9 wake rolls left', skipsTurn: true },
    } as const
    expect(playerCombatantView(gmView, 1)).toMatchObject({ numbers: { kind: 'secret', band: 'down' }, standing: null })
    expect(playerCombatantView({ ...gmView, standing: { state: 'up', label: 'up', skipsTurn: false } }, 1)).toMatchObject({
      numbers: { kind: 'secret', band: 'hurt' },
    })
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

  it("sends a combatant's initiative as its total and roll-off, not the roll the log already holds (issue 15: a quarter of a large snapshot)", async () => {
    const h = await fight()
    const stored = h.campaign.store.get(h.combatantId('Vex'))
    const vex = projectRecord(stored!, h.campaign.store, 'gm')
    const rolled = stored?.typeName === 'combatant' ? stored.initiative : null
    expect(rolled).not.toBeNull()
    expect(vex).toMatchObject({ initiative: { total: rolled!.total, tieBreak: rolled!.tieBreak } })
    expect(vex?.typeName === 'combatant' && vex.initiative !== null && vex.initiative !== 'secret' && Object.keys(vex.initiative)).toEqual([
      'total',
      'tieBreak',
    ])
    expect(projectRecord(stored!, h.campaign.store, 'player')).toMatchObject({ initiative: { total: rolled!.total } })
  })

  it('keeps the log (NPC damage, hidden rolls, command counts) away from the player', async () => {
    const h = await fight()
    h.must('combatant/adjustHp', { combatantId: h.combatantId('Raider'), delta: -7 })
    const logs = h.campaign.store.ofType('log')
    const damage = logs.find((l) => l.text.includes('7 damage'))!
    expect(projectRecord(damage, h.campaign.store, 'gm')).not.toBeNull()
    for (const l of logs) expect(projectRecord(l, h.campaign.store, 'player')).toBeNull()
  })

  it('gives the player contiguous ranks, so hidden combatants leave no gap in the order', async () => {
    const h = await fight()
    const gmKeys = h.campaign.store
      .ofType('combatant')
      .map((c) => c.orderKey)
      .sort((a, b) => a! - b!)
    expect(gmKeys).toEqual([1000, 2000, 3000])
    const playerKeys = h.campaign.store
      .ofType('combatant')
      .map((c) => projectRecord(c, h.campaign.store, 'player'))
      .flatMap((v) => (v?.typeName === 'combatant' ? [v.orderKey] : []))
      .sort((a, b) => a! - b!)
    expect(playerKeys).toEqual([1, 2])
  })

  it('numbers player versions by what the player was sent, not by GM commands', async () => {
    const h = await fight()
    const sent: ServerMessage[] = []
    const channel = new ViewChannel('player', (m) => sent.push(m))
    const snap = channel.snapshot(h.campaign.store, h.campaign.seq)
    for (const hp of [-1, -1, -1]) {
      const secret = h.must('combatant/adjustHp', { combatantId: h.combatantId('Sniper'), delta: hp })
      channel.publish(h.campaign.store, secret.changes, h.campaign.seq)
    }
    const open = h.must('combatant/adjustHp', { combatantId: h.combatantId('Vex'), delta: -1 })
    channel.publish(h.campaign.store, open.changes, h.campaign.seq)
    expect(sent).toHaveLength(1)
    const first = sent[0]!
    expect(first.kind === 'diff' && [first.diff.fromVersion, first.diff.toVersion]).toEqual([snap.version, snap.version + 1])
  })

  it('hides whose turn it is while a hidden combatant acts: the table marks the last one it saw, dimmed or held as the GM chose', async () => {
    const h = await fight()
    const order = () =>
      h.campaign.store
        .ofType('combatant')
        .filter((c) => c.orderKey !== null)
        .sort((a, b) => a.orderKey! - b.orderKey!)
    const visibleBefore = (id: string, round: number) => {
      const all = order()
      const seen = all.filter((c) => !c.hidden)
      const at = all.findIndex((c) => c.id === id)
      const earlier = seen.filter((c) => all.indexOf(c) < at)
      return (earlier.at(-1) ?? (round > 1 ? seen.at(-1) : seen.find((c) => all.indexOf(c) > at)))!.id
    }
    let hiddenTurns = 0
    for (const mode of ['dim', 'hold'] as const) {
      if (mode === 'hold') h.must('projector/set', { hiddenTurn: 'hold' })
      for (let i = 0; i < 6; i++) {
        const enc = h.campaign.store.ofType('encounter')[0]!
        const projected = projectRecord(enc, h.campaign.store, 'player')
        if (enc.currentCombatantId === h.combatantId('Sniper')) {
          hiddenTurns++
          const marked = visibleBefore(enc.currentCombatantId, enc.round)
          expect(projected).toEqual({
            ...enc,
            currentCombatantId: marked,
            turnAnchor: null,
            ...(mode === 'dim' ? { actingUnseen: true } : {}),
          })
        } else expect(projected).toEqual({ ...enc, turnAnchor: null })
        expect(JSON.stringify(projected)).not.toContain(h.combatantId('Sniper'))
        h.must('encounter/nextTurn', {})
      }
    }
    expect(hiddenTurns).toBeGreaterThanOrEqual(2)
  })

  it('removes a combatant from the player channel when hidden, and sends no GM data in diffs', async () => {
    const h = await fight()
    const sent: ServerMessage[] = []
    const channel = new ViewChannel('player', (m) => sent.push(m))
    channel.snapshot(h.campaign.store, h.campaign.seq)
    const id = h.combatantId('Raider')
    const hide = h.must('combatant/setHidden', { combatantId: id, hidden: true })
    channel.publish(h.campaign.store, hide.changes, h.campaign.seq)
    expect(sent).toHaveLength(1)
    const msg = sent[0]!
    expect(msg.kind === 'diff' && msg.diff.removed).toEqual([id])
    const dmg = h.must('combatant/adjustHp', { combatantId: id, delta: -5 })
    channel.publish(h.campaign.store, dmg.changes, h.campaign.seq)
    // Damage to a hidden NPC changes nothing the player may see: no message at all.
    expect(sent).toHaveLength(1)
  })
})

describe('player ranks through diffs', () => {
  it('stay contiguous on the player side after a combatant is hidden and revealed', async () => {
    const { applyDiff, viewFromSnapshot } = await import('../../../src-shared/diff')
    const h = await fight()
    h.must('combatant/add', { name: 'Drone', side: 'enemy', kind: 'npc', maxHp: 5 })
    let view = viewFromSnapshot({ version: 0, records: [] })
    const channel = new ViewChannel('player', (m) => {
      if (m.kind !== 'diff') return
      const out = applyDiff(view, m.diff)
      if (out.kind === 'applied') view = out.state
    })
    view = viewFromSnapshot(channel.snapshot(h.campaign.store, h.campaign.seq))
    const ranks = () =>
      [...view.records.values()].flatMap((r) => (r.typeName === 'combatant' && r.orderKey !== null ? [r.orderKey] : [])).sort()
    expect(ranks()).toEqual([1, 2, 3])
    for (const hidden of [true, false]) {
      const c = h.must('combatant/setHidden', { combatantId: h.combatantId('Vex'), hidden })
      channel.publish(h.campaign.store, c.changes, h.campaign.seq)
      expect(ranks()).toEqual(hidden ? [1, 2] : [1, 2, 3])
    }
  })
})
