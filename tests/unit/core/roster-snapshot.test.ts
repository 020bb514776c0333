import { describe, expect, it } from 'vitest'
import type { LogEntryRecord, TemplateId } from '../../../src-shared/records'
import type { TemplateView } from '../../../src-shared/views'
import { LIVE_LOG } from '../../../src-shared/contract'
import { ViewChannel } from '../../../src-main/core/projection/view-channel'
import { logLeftOut, SNAPSHOT_LOG_ENTRIES } from '../../../src-main/core/projection/snapshot-scope'
import { RecordStore } from '../../../src-main/core/state/record-store'
import { attachWindow, coresForTests } from '../helpers/core-window'
import { trooper } from '../rules/compound-x/cx-harness'

const startCore = coresForTests()

async function rosterCampaign() {
  const { core, gm } = await startCore()
  const player = attachWindow(core, 'player')
  await gm.must('createCampaign', { name: 'Roster', seed: 'roster-snapshot', rulesetId: 'compound-x' })
  await gm.command('template/save', {
    name: 'Trooper',
    side: 'enemy',
    kind: 'npc',
    maxHp: 1,
    faction: 'Red Hand',
    tags: ['rifle'],
    rules: trooper(),
  })
  await gm.command('template/save', { name: 'Dog', side: 'enemy', kind: 'npc', maxHp: 12 })
  const entries = (await gm.must('snapshot', undefined)).records.filter((r): r is TemplateView => r.typeName === 'template')
  const idOf = (name: string) => entries.find((t) => t.name === name)!.id
  return { gm, player, entries, trooperId: idOf('Trooper'), dogId: idOf('Dog') }
}

describe("the GM's snapshot lists the roster without its sheets (issue 15)", () => {
  it('sends each entry as the list shows it, and whether it has a sheet, but never the sheet', async () => {
    const { gm, entries } = await rosterCampaign()
    expect(entries.map((t) => [t.name, t.sheet]).sort()).toEqual([
      ['Dog', false],
      ['Trooper', true],
    ])
    for (const t of entries) expect(t).not.toHaveProperty('rules')
    // Diffs carry the same summary: an edit of the sheet-carrying entry sends no sheet either.
    const before = gm.messages.length
    await gm.command('template/save', {
      templateId: entries.find((t) => t.sheet)!.id,
      name: 'Trooper',
      side: 'enemy',
      kind: 'npc',
      maxHp: 1,
      faction: 'Blue',
    })
    const sent = JSON.stringify(gm.messages.slice(before))
    expect(sent).toContain('"faction":"Blue"')
    expect(sent).not.toContain('"rules"')
  })

  it('gives the GM the whole entry, sheet included, by a typed request', async () => {
    const { gm, trooperId, dogId } = await rosterCampaign()
    const whole = await gm.must('rosterTemplate', { templateId: trooperId })
    expect(whole).toMatchObject({ typeName: 'template', id: trooperId, name: 'Trooper', faction: 'Red Hand' })
    expect(whole.rules).not.toBeNull()
    expect((await gm.must('rosterTemplate', { templateId: dogId })).rules).toBeNull()
    const gone = await gm.request('rosterTemplate', { templateId: 'template:nope' as TemplateId })
    expect(gone.ok ? null : gone.error.code).toBe('template/notFound')
    const bad = await gm.request('rosterTemplate', { templateId: 'combatant:x' as TemplateId })
    expect(bad.ok ? null : bad.error.code).toBe('request/invalid')
  })

  it('refuses the request to a player window, which holds no roster at all', async () => {
    const { player, trooperId } = await rosterCampaign()
    const r = await player.request('rosterTemplate', { templateId: trooperId })
    expect(r.ok ? null : r.error.code).toBe('request/forbidden')
    expect(JSON.stringify(player.messages)).not.toContain('Trooper')
    expect((await player.must('snapshot', undefined)).records.some((x) => x.typeName === 'template')).toBe(false)
  })
})

const logEntry = (i: number): LogEntryRecord => ({
  typeName: 'log',
  id: `log:e${i}`,
  seq: i * 1000,
  commandId: `c${i}`,
  round: 0,
  text: `entry ${i}`,
  rolls: [],
  visibility: 'all',
})

describe("the GM's snapshot carries the latest log entries, not the whole history (issue 15)", () => {
  it('leaves out all but the latest entries by position, whatever order they were stored in', () => {
    // Stored out of order (an undone command's entries come back at the end of the store).
    const store = new RecordStore([
      ...Array.from({ length: 30 }, (_, i) => logEntry(i + 10)),
      ...Array.from({ length: 10 }, (_, i) => logEntry(i)),
    ])
    expect([...logLeftOut(store, 'gm', 25)].sort()).toEqual(Array.from({ length: 15 }, (_, i) => `log:e${i}`).sort())
    expect(logLeftOut(store, 'gm', 40).size).toBe(0)
    expect(logLeftOut(store, 'player', 5).size).toBe(0)
  })

  it('sends a GM window the latest entries and everything else, and later entries as diffs', () => {
    const extra = 50
    const store = new RecordStore(Array.from({ length: SNAPSHOT_LOG_ENTRIES + extra }, (_, i) => logEntry(i)))
    const sent: unknown[] = []
    const channel = new ViewChannel('gm', (m) => sent.push(m))
    const snap = channel.snapshot(store, 7)
    const seqs = snap.records.flatMap((r) => (r.typeName === 'log' ? [r.seq] : []))
    expect(seqs.length).toBe(SNAPSHOT_LOG_ENTRIES)
    expect(Math.min(...seqs)).toBe(extra * 1000)
    const next = logEntry(SNAPSHOT_LOG_ENTRIES + extra)
    store.applyChanges([{ id: next.id, from: null, to: next }])
    const diff = channel.publish(store, [{ id: next.id, from: null, to: next }], 8)
    expect(diff?.added.map((r) => r.id)).toEqual([next.id])
  })

  it('tells a GM window of a removed line it may still hold: the desk keeps the tail and its slack', () => {
    const store = new RecordStore(Array.from({ length: SNAPSHOT_LOG_ENTRIES }, (_, i) => logEntry(i)))
    const channel = new ViewChannel('gm', () => {})
    const oldest = channel.snapshot(store, 1).records.find((r) => r.typeName === 'log' && r.seq === 0)!
    // The window's log grows to its tail and slack before the desk lets the oldest lines go.
    for (let i = 0; i < LIVE_LOG.slack; i++) {
      const next = logEntry(SNAPSHOT_LOG_ENTRIES + i)
      store.applyChanges([{ id: next.id, from: null, to: next }])
      channel.publish(store, [{ id: next.id, from: null, to: next }], 2 + i)
    }
    const gone = store.get(oldest.id)!
    store.applyChanges([{ id: gone.id, from: gone, to: null }])
    const diff = channel.publish(store, [{ id: gone.id, from: gone, to: null }], 2 + LIVE_LOG.slack)
    expect(diff?.removed).toEqual([oldest.id])
  })
})
