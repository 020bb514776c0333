import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { Low } from 'lowdb'
import { SalvoCore, type Connection } from '../../src-main/core/app/salvo-core'
import { nodeDurableFs } from '../../src-main/core/persistence/durable-fs'
import { DurableJsonAdapter } from '../../src-main/core/persistence/durable-json-adapter'
import { JournalWriter, readJournal } from '../../src-main/core/persistence/journal'
import type { CampaignDocument } from '../../src-main/core/persistence/document-schema'
import type { CombatantId } from '../../src-shared/records'
import { combatantPayload, dispatch, must, snapshotOf, TROOPER } from './core-fixture'
import { measureArchivedOpen, measureCompactionStall, measureLegacyOpen } from './compaction-bench'
import { padLog } from './history-fixture'
import { rollHistory, type HistoryRolled } from './history-roll'
import { atMost, megabytes, medianP95, type BenchGoal, type BenchPart } from './report'
import { runWhenMain } from './run-alone'
import { summarize, type Summary } from './stats'

/**
 * The durable commit against the campaign's size: command → ack (validate, decide, journal
 * append + fsync) on a ~1 MB and a ~50 MB campaign, each beside the naive alternative measured
 * on the same document in the same run — lowdb rewriting the whole document, durably (temp
 * file, fsync, rename, fsync the folder: our adapter, as compaction does), after every command.
 */

const SIZES = [
  { label: '1 MB', bytes: 1_000_000, samples: 200, rewrites: 60 },
  { label: '50 MB', bytes: 50_000_000, samples: 200, rewrites: 6 },
] as const
const WARM_UP = 20
const COMBATANTS = 300

interface Built {
  readonly dataDir: string
  readonly campaignId: string
  readonly document: string
  /** A copy of the document as padded (the whole history in it, as lowdb would keep it): what the baselines rewrite. */
  readonly padded: string
  readonly ids: readonly CombatantId[]
  readonly records: number
  readonly bytes: number
}

/**
 * 300 Compound X combatants with sheets in an encounter, a few hundred commands of play, then
 * the log padded with copies of its own entries until the document is `target` bytes: a long
 * campaign is mostly its history. Closed (compacted) so the document holds everything; the
 * padding is numbered as an older Salvo wrote an evening of play (padLog's `asPlayed`), whose
 * running fight kept its whole log in the document.
 */
async function buildCampaign(target: number): Promise<Built> {
  const dataDir = mkdtempSync(join(tmpdir(), 'salvo-durable-'))
  const core = new SalvoCore({ dataDir })
  try {
    await core.start()
    const gm = core.connect('gm', () => undefined)
    const made = must(
      'createCampaign',
      await gm.request('createCampaign', { name: 'Durable', seed: 'salvo-durable', rulesetId: 'compound-x' }),
    )
    for (let i = 0; i < COMBATANTS; i++)
      must(`combatant/add #${i + 1}`, await dispatch(gm, 'combatant/add', { ...combatantPayload(i), rules: TROOPER }))
    must('encounter/start', await dispatch(gm, 'encounter/start', { name: 'Long war' }))
    must('encounter/rollInitiative', await dispatch(gm, 'encounter/rollInitiative', {}))
    const ids = (await snapshotOf(gm)).records.flatMap((r) => (r.typeName === 'combatant' ? [r.id] : []))
    // A little of everything a log holds: turns (with their start-of-turn lines), rolls, damage.
    for (let i = 0; i < 300; i++) {
      if (i % 3 === 0) must('nextTurn', await dispatch(gm, 'encounter/nextTurn', {}))
      else if (i % 3 === 1) must('dice/roll', await dispatch(gm, 'dice/roll', { expression: '3d6+2', purpose: `volley ${i}` }))
      else must('adjustHp', await dispatch(gm, 'combatant/adjustHp', { combatantId: ids[i % ids.length]!, delta: -1 }))
    }
    gm.close()
    await core.shutdown()
    const document = join(dataDir, 'campaigns', made.id, 'campaign.json')
    const doc = JSON.parse(readFileSync(document, 'utf8')) as CampaignDocument
    padLog(doc, { bytes: target }, { asPlayed: true })
    writeFileSync(document, JSON.stringify(doc))
    // The document holds every command (the core was closed): an emptied journal, as a compaction leaves it.
    writeFileSync(join(dirname(document), 'journal.log'), '')
    const padded = join(dataDir, 'as-padded.json')
    copyFileSync(document, padded)
    return { dataDir, campaignId: made.id, document, padded, ids, records: Object.keys(doc.records).length, bytes: statSync(document).size }
  } catch (e) {
    await core.shutdown().catch(() => undefined)
    rmSync(dataDir, { recursive: true, force: true })
    throw e
  }
}

/** command → ack with no window attached: nothing is projected, so this is the durable pipeline alone. */
async function measureAcks(gm: Connection, ids: readonly CombatantId[], samples: number): Promise<Summary> {
  const times: number[] = []
  for (let i = 0; i < WARM_UP + samples; i++) {
    // Damage 1, heal 1: every command changes one field and the table ends as it started.
    const payload = { combatantId: ids[Math.floor(i / 2) % ids.length]!, delta: i % 2 === 0 ? -1 : 1 }
    const start = performance.now()
    must(`adjustHp #${i + 1}`, await dispatch(gm, 'combatant/adjustHp', payload))
    const acked = performance.now()
    // Compaction (every 200 commands) runs after the ack; keep it out of the next sample.
    must('session', await gm.request('session', undefined))
    if (i >= WARM_UP) times.push(acked - start)
  }
  return summarize(times)
}

/** The disk's share of a command: the same journal entries appended (and fsynced) to a file of their own. */
function measureJournalAlone(built: Built, samples: number): Summary {
  const { entries } = readJournal(nodeDurableFs, join(dirname(built.document), 'journal.log'))
  if (entries.length === 0) throw new Error('the journal holds no entries to replay')
  const writer = new JournalWriter(nodeDurableFs, join(built.dataDir, 'probe-journal.log'))
  const times: number[] = []
  try {
    for (let i = 0; i < WARM_UP + samples; i++) {
      const start = performance.now()
      writer.append(entries[i % entries.length]!)
      if (i >= WARM_UP) times.push(performance.now() - start)
    }
  } finally {
    writer.close()
  }
  return summarize(times)
}

/** The baseline: the same one-field change, then lowdb writes the whole document, durably. */
async function measureRewrites(built: Built, dir: string, rewrites: number): Promise<Summary> {
  const db = new Low<CampaignDocument>(
    new DurableJsonAdapter(nodeDurableFs, join(dir, 'rewrite.json')),
    JSON.parse(readFileSync(built.padded, 'utf8')) as CampaignDocument,
  )
  const combatants = Object.values(db.data.records).filter((r) => r.typeName === 'combatant')
  const times: number[] = []
  for (let i = 0; i < 2 + rewrites; i++) {
    const c = combatants[Math.floor(i / 2) % combatants.length]!
    const start = performance.now()
    db.data.records[c.id] = { ...c, hp: c.hp + (i % 2 === 0 ? -1 : 1) }
    await db.write()
    if (i >= 2) times.push(performance.now() - start)
  }
  return summarize(times)
}

export async function runDurableBench(): Promise<BenchPart> {
  const lines = ['Durable commit by campaign size: command → ack (validate, decide, journal append + fsync; no window attached)']
  const rows: BenchPart['rows'] = []
  const goals: BenchGoal[] = []
  const stallLines: string[] = []
  for (const size of SIZES) {
    const built = await buildCampaign(size.bytes)
    let core: SalvoCore | null = null
    try {
      // What Salvo's own files hold after such an evening: the open rolls the fight's log into its archive.
      const upgrade = await rollHistory(built.dataDir, built.campaignId)
      if (size.bytes >= 50_000_000) stallLines.push(...upgradeLines(size.label, built, upgrade))
      if (size.bytes >= 50_000_000) rows.push(upgradeRow(size.label, built, upgrade))
      core = new SalvoCore({ dataDir: built.dataDir })
      const opening = performance.now()
      await core.start()
      const gm = core.connect('gm', () => undefined)
      const openMs = performance.now() - opening
      const ack = await measureAcks(gm, built.ids, size.samples)
      gm.close()
      const journal = measureJournalAlone(built, size.samples)
      // Closed first, so its idle compaction cannot land among the baseline's samples.
      await core.shutdown()
      const rewrite = await measureRewrites(built, built.dataDir, size.rewrites)
      if (size.bytes >= 50_000_000) {
        const stall = await measureCompactionStall(built.dataDir, built.document, built.ids, built.padded)
        stallLines.push(
          `  after a ${size.label} evening (${rolledInto(upgrade)}), compaction while a command arrives every few ms:`,
          `    longest event-loop stall during compaction: ${stall.stall.toFixed(1)} ms (commands alone just before: ${stall.stallBefore.toFixed(1)} ms)`,
          `    compaction took ${stall.compactionMs.toFixed(0)} ms; ${stall.ackedDuring} commands acknowledged meanwhile, slowest ack ${stall.slowestAckDuring.toFixed(1)} ms`,
          `    baseline, JSON.stringify + durable write of the whole ${megabytes(built.bytes)} history as lowdb kept it, on the main thread: ${stall.baselineMs.toFixed(0)} ms stall`,
          `    stall / baseline = ${(stall.stall / stall.baselineMs).toFixed(3)} (1 : ${Math.round(stall.baselineMs / stall.stall)})`,
        )
        rows.push({
          measure: `compaction after a **${size.label}** evening (its log rolled into the archive) while commands keep coming: longest event-loop stall`,
          salvo: `${stall.stall.toFixed(1)} ms (${stall.ackedDuring} commands acked meanwhile, slowest ${stall.slowestAckDuring.toFixed(1)} ms; commands alone before: ${stall.stallBefore.toFixed(1)} ms)`,
          baseline: `JSON.stringify + durable write of the whole ${megabytes(built.bytes)} on the main thread: ${stall.baselineMs.toFixed(0)} ms`,
          ratio: `1 : ${Math.round(stall.baselineMs / stall.stall)}`,
        })
        goals.push(atMost('compaction: longest event-loop stall at 50 MB', stall.stall, 16, ' ms'))
        const open = await measureArchivedOpen(built.dataDir, built.document)
        stallLines.push(
          `  ${size.label} history, its fight ended (the log archived): ${megabytes(open.historyBytes)} of files, of which the document ${megabytes(open.documentBytes)}`,
          `    core open → GM snapshot: ${open.openMs.toFixed(0)} ms (median of 3); readFileSync of the same files: ${open.readFileMs.toFixed(0)} ms; open / read = ${(open.openMs / open.readFileMs).toFixed(2)}`,
        )
        rows.push({
          measure: `cold open of a campaign with a **${size.label} history** (closed fight's log archived), to a GM snapshot`,
          salvo: `${open.openMs.toFixed(0)} ms (document ${megabytes(open.documentBytes)})`,
          baseline: `readFileSync of its ${megabytes(open.historyBytes)} of files: ${open.readFileMs.toFixed(0)} ms`,
          ratio: `${(open.openMs / open.readFileMs).toFixed(2)}×`,
        })
        goals.push(atMost('cold open with a 50 MB archived history', open.openMs, 1000, ' ms'))
        const legacy = await measureLegacyOpen(built.dataDir, built.document)
        const movedIn = Number.isNaN(legacy.movedMs)
          ? 'not moved within 300 s'
          : `moved to its archive ${(legacy.movedMs / 1000).toFixed(1)} s after the start, while served`
        stallLines.push(
          `  the same campaign as saved before archives (its ended fight's ${legacy.legacyEntries.toLocaleString('en-US')} log entries in the ${megabytes(legacy.documentBytes)} document, no archive):`,
          `    core open → GM snapshot: ${legacy.openMs.toFixed(0)} ms (median of 3); readFileSync of the document: ${legacy.readFileMs.toFixed(0)} ms; open / read = ${(legacy.openMs / legacy.readFileMs).toFixed(2)}; the log ${movedIn}`,
        )
        rows.push({
          measure: `cold open of a campaign saved before archives: **${size.label}** document holding an ended fight's log, to a GM snapshot`,
          salvo: `${legacy.openMs.toFixed(0)} ms (log ${movedIn})`,
          baseline: `readFileSync of the ${megabytes(legacy.documentBytes)} document: ${legacy.readFileMs.toFixed(0)} ms`,
          ratio: `${(legacy.openMs / legacy.readFileMs).toFixed(2)}×`,
        })
      }
      lines.push(
        `  ${size.label} campaign: ${megabytes(built.bytes)} as padded, ${built.records.toLocaleString('en-US')} records (${COMBATANTS} combatants with sheets, the rest log); ${rolledInto(upgrade)}; opened in ${openMs.toFixed(0)} ms`,
        `    command → ack:                        ${medianP95(ack)}  (${ack.count} samples, max ${ack.max.toFixed(2)} ms)`,
        `    of which journal append + fsync:      ${medianP95(journal)}  (the same entries appended to a file of their own)`,
        `    lowdb rewriting the whole document:   ${medianP95(rewrite)}  (${rewrite.count} samples, max ${rewrite.max.toFixed(2)} ms)`,
        `    ack / rewrite = ${(ack.median / rewrite.median).toFixed(4)} median (1 : ${Math.round(rewrite.median / ack.median).toLocaleString('en-US')}), ${(ack.p95 / rewrite.p95).toFixed(4)} p95`,
      )
      rows.push({
        measure: `durable commit (command → ack, journal fsync), **${size.label} campaign** (${rolledInto(upgrade)}), median / p95`,
        salvo: `${medianP95(ack)} (journal append + fsync alone ${medianP95(journal)})`,
        baseline: `lowdb rewriting the whole ${megabytes(built.bytes)} document each command: ${medianP95(rewrite)}`,
        ratio: `1 : ${Math.round(rewrite.median / ack.median).toLocaleString('en-US')} / 1 : ${Math.round(rewrite.p95 / ack.p95).toLocaleString('en-US')}`,
      })
    } finally {
      await core?.shutdown().catch(() => undefined)
      rmSync(built.dataDir, { recursive: true, force: true })
    }
  }
  lines.push(
    '  (Salvo also rewrites the document, off the ack path, once every 200 commands and after 5 s idle, a slice at a time:)',
    ...stallLines,
  )
  return { lines, rows, goals }
}

/** The one-time upgrade of the padded document (a running fight's whole log in it), as report lines. */
function upgradeLines(label: string, built: Built, up: HistoryRolled): string[] {
  const rolled = Number.isNaN(up.rolledMs)
    ? 'not rolled within 300 s'
    : `rolled into its archive ${(up.rolledMs / 1000).toFixed(1)} s after the start`
  return [
    `  ${label} document as an older Salvo left it (the running fight's whole log in it), opened once (the one-time upgrade):`,
    `    core open → GM snapshot: ${up.openMs.toFixed(0)} ms; the log ${rolled}, while served (longest event-loop stall meanwhile ${up.longestStallMs.toFixed(1)} ms); document ${megabytes(up.documentBytesBefore)} → ${megabytes(up.documentBytesAfter)}, archive ${megabytes(up.archiveBytes)}`,
    `    readFileSync of the ${megabytes(built.bytes)} document: ${readMs(built.padded).toFixed(0)} ms`,
  ]
}

function upgradeRow(label: string, built: Built, up: HistoryRolled): BenchPart['rows'][number] {
  const read = readMs(built.padded)
  return {
    measure: `one-time upgrade: cold open of a **${label}** document holding a running fight's whole log (older Salvo), to a GM snapshot`,
    salvo: `${up.openMs.toFixed(0)} ms (rolled into its archive ${(up.rolledMs / 1000).toFixed(1)} s after the start, while served; longest stall ${up.longestStallMs.toFixed(1)} ms; document → ${megabytes(up.documentBytesAfter)})`,
    baseline: `readFileSync of the ${megabytes(built.bytes)} document: ${read.toFixed(0)} ms`,
    ratio: `${(up.openMs / read).toFixed(2)}×`,
  }
}

/** What the open made of the padded log. */
const rolledInto = (up: HistoryRolled): string =>
  up.archiveBytes > 0
    ? `its log rolled into the archive (${megabytes(up.archiveBytes)}), the document ${megabytes(up.documentBytesAfter)}`
    : `its log within the live bound, the document ${megabytes(up.documentBytesAfter)}`

const readMs = (file: string): number => {
  const start = performance.now()
  readFileSync(file)
  return performance.now() - start
}

// `npx tsx tests/bench/durable-bench.ts` runs this part alone.
runWhenMain(import.meta.url, 'durable bench', runDurableBench)
