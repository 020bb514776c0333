import { readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { LogEntryRecord } from '../../../src-shared/records'
import { nodeDurableFs } from '../../../src-main/core/persistence/durable-fs'
import { archiveFileName, readArchive, readArchiveTail } from '../../../src-main/core/persistence/log-archive'
import { CampaignRepository } from '../../../src-main/core/persistence/campaign-repository'
import { planRoll, ROLLING_LOG } from '../../../src-main/core/persistence/rolling-log'
import { commandSeqOf } from '../../../src-main/core/persistence/log-move'
import { LIVE_LOG } from '../../../src-shared/contract'
import { HISTORY_LIMIT } from '../../../src-main/core/state/stored-records'
import { CampaignHarness } from '../helpers/campaign-harness'

/** What the upkeep does after a command: every slice due, moved. */
function roll(h: CampaignHarness): number {
  let moved = 0
  while (h.campaign.logToMove) {
    const removed = h.campaign.moveLogSlice()
    if (removed === null) break
    moved += removed.length
  }
  return moved
}

const archiveOf = (h: CampaignHarness, encounterId: string) => h.campaign.paths.logArchive(archiveFileName(encounterId)!)
const bySeq = (a: LogEntryRecord, b: LogEntryRecord) => a.seq - b.seq

/** The archive's entries, then the live ones: the fight's whole log as ids, in order. */
function wholeLog(h: CampaignHarness, encounterId: string): string[] {
  const archived = readArchive(nodeDurableFs, archiveOf(h, encounterId))?.entries ?? []
  return [...archived, ...h.campaign.store.ofType('log').sort(bySeq)].map((e) => e.id)
}

/** A running fight with `commands` rolls, rolled as the upkeep would; returns the ids written, in order. */
async function longFight(commands: number, rollAsWeGo = true): Promise<{ h: CampaignHarness; encounterId: string; written: string[] }> {
  const h = await CampaignHarness.create('rolling-seed')
  const written: string[] = []
  const note = (changes: readonly { from: unknown; to: { typeName: string; id: string } | null }[]) => {
    for (const c of changes) if (c.from === null && c.to?.typeName === 'log') written.push(c.to.id)
  }
  note(h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 30 }).changes as never)
  note(h.must('encounter/start', { name: 'Long night' }).changes as never)
  const encounterId = h.campaign.store.ofType('encounter')[0]!.id
  let most = 0
  for (let i = 0; i < commands; i++) {
    note(h.must('dice/roll', { expression: '1d6', purpose: `volley ${i}` }).changes as never)
    if (rollAsWeGo) roll(h)
    most = Math.max(most, h.campaign.store.ofType('log').length)
  }
  if (rollAsWeGo) expect(most).toBeLessThanOrEqual(ROLLING_LOG.bound)
  return { h, encounterId, written }
}

/** `n` more rolls, each log id noted in `written`, rolling the log after each as the upkeep would. */
function rollOn(h: CampaignHarness, written: string[], n: number, purpose: string): void {
  for (let i = 0; i < n; i++) {
    const done = h.must('dice/roll', { expression: '1d4', purpose: `${purpose} ${i}` })
    written.push(...done.changes.filter((c) => c.from === null && c.to?.typeName === 'log').map((c) => c.id))
    roll(h)
  }
}

describe("a running fight's log rolls into its archive", () => {
  it('stays within its bound over 5,000 logged commands; the archive and the live log hold every entry once, in order', async () => {
    const { h, encounterId, written } = await longFight(5_000)
    expect(written.length).toBeGreaterThan(5_000)
    const live = h.campaign.store.ofType('log')
    expect(live.length).toBeGreaterThanOrEqual(ROLLING_LOG.keep)
    expect(live.length).toBeLessThanOrEqual(ROLLING_LOG.bound)
    expect(wholeLog(h, encounterId)).toEqual(written)
    // Every batch so far says more is to come: the fight is still running.
    expect(readArchiveTail(nodeDurableFs, archiveOf(h, encounterId))).toMatchObject({ complete: true, more: true })

    // Its end closes the archive: one whole file, every entry once, nothing live.
    h.must('encounter/end', {})
    const archive = readArchive(nodeDurableFs, archiveOf(h, encounterId))!
    expect(archive.complete).toBe(true)
    expect(archive.damaged).toBe(0)
    expect(h.campaign.store.ofType('log')).toEqual([])
    expect(archive.entries.map((e) => e.id).slice(0, written.length)).toEqual(written)
    expect(new Set(archive.entries.map((e) => e.id)).size).toBe(archive.entries.length)
    expect(readArchiveTail(nodeDurableFs, archiveOf(h, encounterId))).toMatchObject({ complete: true, more: false })

    // And a reopen takes that as the last fight's whole archive: nothing moves, nothing is live again.
    await h.campaign.close()
    await h.reopen()
    expect(h.campaign.logToMove).toBe(false)
    expect(h.campaign.store.ofType('log')).toEqual([])
    expect(readArchive(nodeDurableFs, archiveOf(h, encounterId))!.entries).toHaveLength(archive.entries.length)
    h.campaign.abandon()
  })

  it('undo walks back the last 100 commands after rolling: their entries leave and come back as before', async () => {
    const { h, encounterId, written } = await longFight(2_600)
    const liveBefore = h.campaign.store.ofType('log').length
    for (let i = 0; i < HISTORY_LIMIT; i++) {
      const undone = h.must('history/undo', {})
      expect(undone.changes.filter((c) => c.id.startsWith('log:') && c.to === null)).toHaveLength(1)
    }
    expect(h.run('history/undo', {}).ok).toBe(false)
    expect(h.campaign.store.ofType('log')).toHaveLength(liveBefore - HISTORY_LIMIT)
    expect(wholeLog(h, encounterId)).toEqual(written.slice(0, -HISTORY_LIMIT))
    for (let i = 0; i < HISTORY_LIMIT; i++) h.must('history/redo', {})
    expect(wholeLog(h, encounterId)).toEqual(written)
    // Rolling on afterwards keeps every entry once.
    rollOn(h, written, 1_100, 'after')
    expect(wholeLog(h, encounterId)).toEqual(written)
    h.campaign.abandon()
  })

  it('killed after a batch was appended, before the compaction that drops it: the reopen has each entry once', async () => {
    const { h, encounterId, written } = await longFight(2_600)
    // No compaction ran: the document and journal still hold every rolled entry.
    h.campaign.abandon()
    await h.reopen()
    expect(wholeLog(h, encounterId)).toEqual(written)
    expect(h.campaign.store.ofType('log').length).toBeLessThanOrEqual(ROLLING_LOG.bound)
    // And the fight rolls on from there.
    rollOn(h, written, 1_200, 'reopened')
    expect(wholeLog(h, encounterId)).toEqual(written)
    h.campaign.abandon()
  })

  it('a batch torn by a crash is cut off at the reopen: its entries are live, each once', async () => {
    const { h, encounterId, written } = await longFight(2_600)
    h.campaign.abandon()
    const file = archiveOf(h, encounterId)
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean)
    // The last batch lost its closing line and half of its last entry.
    writeFileSync(file, `${lines.slice(0, -2).join('\n')}\n${lines.at(-2)!.slice(0, 30)}`)
    await h.reopen()
    const archive = readArchive(nodeDurableFs, file)!
    expect(archive.complete).toBe(true)
    expect(archive.damaged).toBe(0)
    expect(wholeLog(h, encounterId)).toEqual(written)
    h.campaign.abandon()
  })

  it('a campaign whose running fight kept its whole log (an older Salvo) opens with it live, then rolls it down', async () => {
    const { h, encounterId, written } = await longFight(3_000, false)
    expect(h.campaign.store.ofType('log').length).toBe(written.length)
    await h.campaign.close()
    const opened = await new CampaignRepository({ dataDir: h.dataDir }).open(h.campaign.id)
    if (!opened.ok) throw new Error(opened.error.message)
    h.campaign = opened.value
    // The open served without moving anything; the upkeep then moves the oldest, a slice at a time.
    expect(h.campaign.store.ofType('log')).toHaveLength(written.length)
    expect(h.campaign.logToMove).toBe(true)
    const first = h.campaign.moveLogSlice()!
    expect(first.length).toBeGreaterThan(0)
    expect(first.length).toBeLessThan(600)
    roll(h)
    expect(h.campaign.store.ofType('log').length).toBeLessThanOrEqual(ROLLING_LOG.keep + 1)
    expect(wholeLog(h, encounterId)).toEqual(written)
    h.campaign.abandon()
  })
})

describe('what a roll may take', () => {
  it('keeps about 1,000 entries live (more than the desk shows), in whole commands, and never an entry an undo or redo mark names', async () => {
    expect(ROLLING_LOG.keep).toBeGreaterThanOrEqual(LIVE_LOG.tail)
    const { h } = await longFight(2_100, false)
    const store = h.campaign.store
    const logs = store.ofType('log').sort(bySeq)
    const plan = planRoll(store)!
    expect(plan.kind).toBe('rolling')
    const left = logs.filter((l) => commandSeqOf(l) > plan.through)
    expect(left.length).toBeGreaterThanOrEqual(ROLLING_LOG.keep)
    expect(left.length).toBeLessThan(ROLLING_LOG.keep + 5)

    // A mark naming an old command (by id): nothing from that command on may go.
    const history = store.get('history')!
    if (history.typeName !== 'history') throw new Error('no history')
    const named = logs[500]!
    const mark = { ...history.undo[0]!, commandId: named.commandId }
    store.applyChanges([{ id: 'history', from: history, to: { ...history, undo: [mark, ...history.undo.slice(1)] } }])
    expect(planRoll(store)!.through).toBe(commandSeqOf(logs[499]!))
    // A mark whose changes hold an older entry (one it would add back or take away): the floor is there.
    const holding = { ...history.undo[0]!, changes: [{ id: logs[300]!.id, from: logs[300]!, to: null }] }
    store.applyChanges([{ id: 'history', from: store.get('history')!, to: { ...history, redo: [holding] } }])
    expect(planRoll(store)!.through).toBe(commandSeqOf(logs[299]!))
    // The oldest entry named: nothing may go at all.
    store.applyChanges([
      { id: 'history', from: store.get('history')!, to: { ...history, redo: [{ ...mark, commandId: logs[0]!.commandId }] } },
    ])
    expect(planRoll(store)).toBeNull()
    // The upkeep finds nothing to take, and asks again only after another 100 entries, not after every command.
    expect(h.campaign.logToMove).toBe(true)
    expect(h.campaign.moveLogSlice()).toBeNull()
    expect(h.campaign.logToMove).toBe(false)
    for (let i = 0; i < 99; i++) h.must('dice/roll', { expression: '1d6', purpose: `later ${i}` })
    expect(h.campaign.logToMove).toBe(false)
    h.must('dice/roll', { expression: '1d6', purpose: 'the hundredth' })
    expect(h.campaign.logToMove).toBe(true)
    expect(roll(h)).toBeGreaterThan(1_000)
    h.campaign.abandon()
  })

  it('nothing while no fight runs: the log between fights goes with the next fight to end', async () => {
    const { h } = await longFight(2_100, false)
    h.must('encounter/end', {})
    for (let i = 0; i < 2_100; i++) h.must('dice/roll', { expression: '1d6', purpose: `between ${i}` })
    expect(h.campaign.store.ofType('log').length).toBeGreaterThan(ROLLING_LOG.bound)
    expect(h.campaign.logToMove).toBe(false)
    expect(planRoll(h.campaign.store)).toBeNull()
    h.campaign.abandon()
  })
})
