import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { SalvoCore } from '../../src-main/core/app/salvo-core'
import type { CampaignDocument } from '../../src-main/core/persistence/document-schema'
import { nodeDurableFs } from '../../src-main/core/persistence/durable-fs'
import { readArchive, readArchiveTail } from '../../src-main/core/persistence/log-archive'
import type { CombatantId } from '../../src-shared/records'
import { dispatch, must } from './core-fixture'

/** Commands arrive one every this many ms while the document is compacted (a busy table, and then some). */
const COMMAND_EVERY_MS = 4
/** Compaction starts after this many commands (OpenCampaign's COMPACT_EVERY). */
const COMPACT_EVERY = 200
/** Commands sent after the compaction finished, so the window closes with traffic still flowing. */
const AFTER = 20

export interface StallMeasure {
  /** The longest the event loop was held while the compaction ran (ms). */
  readonly stall: number
  /** The same over an equally long stretch of commands just before it (the commands' own fsyncs). */
  readonly stallBefore: number
  /** From the compaction's first command to the new document in place (ms). */
  readonly compactionMs: number
  /** Commands acknowledged while it ran, and the slowest of their acks (ms). */
  readonly ackedDuring: number
  readonly slowestAckDuring: number
  /** The baseline: one JSON.stringify of the whole history's document and a durable write of it, on the main thread (ms). */
  readonly baselineMs: number
}

/**
 * The event loop's longest stall while a 50 MB campaign compacts and commands keep coming: a 1 ms
 * timer notes every gap between its ticks; commands (an HP change each) are sent every few ms and
 * acknowledged as usual. The compaction starts by itself at its 200th command and ends when the
 * new campaign.json is renamed into place. The baseline is what compaction did before: the whole
 * document stringified and written in one go on the main thread — that whole time is a stall.
 */
export async function measureCompactionStall(
  dataDir: string,
  document: string,
  ids: readonly CombatantId[],
  /** The whole history as lowdb would keep it in one document: what the baseline rewrites. */
  baselineDocument = document,
): Promise<StallMeasure> {
  const core = new SalvoCore({ dataDir, idleCompactMs: 3_600_000 })
  const ticks: number[] = []
  let timer: ReturnType<typeof setInterval> | null = null
  try {
    await core.start()
    const gm = core.connect('gm', () => undefined)
    const inode = statSync(document).ino
    let compactStart = 0
    let compactEnd = 0
    let ackedDuring = 0
    let slowestAckDuring = 0
    timer = setInterval(() => ticks.push(performance.now()), 1)
    for (let i = 0; compactEnd === 0 || i < COMPACT_EVERY + AFTER; i++) {
      const payload = { combatantId: ids[Math.floor(i / 2) % ids.length]!, delta: i % 2 === 0 ? -1 : 1 }
      const sent = performance.now()
      must(`adjustHp #${i + 1}`, await dispatch(gm, 'combatant/adjustHp', payload))
      const acked = performance.now()
      if (compactStart !== 0 && compactEnd === 0) {
        ackedDuring++
        slowestAckDuring = Math.max(slowestAckDuring, acked - sent)
      }
      if (i + 1 === COMPACT_EVERY) compactStart = acked
      await new Promise((resolve) => setTimeout(resolve, COMMAND_EVERY_MS))
      if (compactStart !== 0 && compactEnd === 0 && statSync(document).ino !== inode) compactEnd = performance.now()
      if (i > COMPACT_EVERY * 20) throw new Error('the compaction did not finish within 4,000 commands')
    }
    clearInterval(timer)
    timer = null
    gm.close()
    const gaps = (from: number, to: number) => {
      let longest = 0
      for (let k = 1; k < ticks.length; k++)
        if (ticks[k]! > from && ticks[k - 1]! < to) longest = Math.max(longest, ticks[k]! - ticks[k - 1]!)
      return longest
    }
    const span = compactEnd - compactStart
    return {
      stall: gaps(compactStart, compactEnd),
      stallBefore: gaps(compactStart - span, compactStart),
      compactionMs: span,
      ackedDuring,
      slowestAckDuring,
      baselineMs: baselineRewrite(baselineDocument, join(dataDir, 'baseline-rewrite.json')),
    }
  } finally {
    if (timer) clearInterval(timer)
    await core.shutdown()
  }
}

/** The old compaction's cost: stringify the whole document and write it durably, one synchronous go. */
function baselineRewrite(document: string, target: string): number {
  const parsed: unknown = JSON.parse(readFileSync(document, 'utf8'))
  const start = performance.now()
  nodeDurableFs.writeFileAtomic(target, JSON.stringify(parsed))
  return performance.now() - start
}

export interface ArchivedOpen {
  /** Bytes of the campaign's files an open could read: document, journal and every archive. */
  readonly historyBytes: number
  readonly documentBytes: number
  /** Core start (opening the campaign) to a GM snapshot, median of a few (ms). */
  readonly openMs: number
  /** The baseline: readFileSync of those same files (ms). */
  readonly readFileMs: number
}

const OPENS = 3

/**
 * Cold open of a campaign whose long history is archived: the fight that holds the 50 MB log is
 * ended (its log goes to its archive), the core closed, then the campaign opened and a GM
 * snapshot taken, beside reading every byte of its files from disk with readFileSync.
 */
export async function measureArchivedOpen(dataDir: string, document: string): Promise<ArchivedOpen> {
  const core = new SalvoCore({ dataDir, idleCompactMs: 3_600_000 })
  try {
    await core.start()
    const gm = core.connect('gm', () => undefined)
    must('encounter/end', await dispatch(gm, 'encounter/end', {}))
    gm.close()
  } finally {
    await core.shutdown()
  }
  const dir = dirname(document)
  const files = [document, join(dir, 'journal.log'), ...readdirSync(join(dir, 'log-archive')).map((f) => join(dir, 'log-archive', f))]
  const times: number[] = []
  for (let i = 0; i < OPENS; i++) {
    const again = new SalvoCore({ dataDir, idleCompactMs: 3_600_000 })
    try {
      const start = performance.now()
      await again.start()
      const gm = again.connect('gm', () => undefined)
      must('snapshot', await gm.request('snapshot', undefined))
      times.push(performance.now() - start)
      gm.close()
    } finally {
      await again.shutdown()
    }
  }
  const reading = performance.now()
  let historyBytes = 0
  for (const f of files) historyBytes += readFileSync(f).length
  const readFileMs = performance.now() - reading
  times.sort((a, b) => a - b)
  return { historyBytes, documentBytes: statSync(document).size, openMs: times[Math.floor(times.length / 2)]!, readFileMs }
}

export interface LegacyOpen {
  readonly documentBytes: number
  /** Closed-fight log entries in the document, as Salvo kept them before archives. */
  readonly legacyEntries: number
  /** Core start (opening the campaign) to a GM snapshot, median of a few (ms). */
  readonly openMs: number
  /** From the start to the last slice of the log in its archive, while served (ms, one open). */
  readonly movedMs: number
  /** The baseline: readFileSync of the document (ms). */
  readonly readFileMs: number
}

/** Past this the background move is reported as not finished. */
const MOVE_CAP_MS = 300_000

/**
 * Cold open of the same 50 MB campaign as Salvo saved it before archives: the ended fight's log
 * (taken back from the archive measureArchivedOpen left) all in the document, no archive. Core
 * start to a GM snapshot, each open from those same files, beside reading the document; and, in
 * one of them, how long the log takes to reach its archive in the background while served.
 */
export async function measureLegacyOpen(dataDir: string, document: string): Promise<LegacyOpen> {
  const dir = dirname(document)
  const archiveDir = join(dir, 'log-archive')
  const entries = readdirSync(archiveDir).flatMap((f) => readArchive(nodeDurableFs, join(archiveDir, f))?.entries ?? [])
  if (entries.length === 0) throw new Error('no archived log to put back into the document')
  const archiveFiles = readdirSync(archiveDir)
  const doc = JSON.parse(readFileSync(document, 'utf8')) as CampaignDocument
  for (const e of entries) doc.records[e.id] = e
  const legacy = JSON.stringify(doc)
  const putBack = () => {
    rmSync(archiveDir, { recursive: true, force: true })
    writeFileSync(join(dir, 'journal.log'), '')
    writeFileSync(document, legacy)
  }
  const moved = () =>
    archiveFiles.every((f) => {
      const tail = readArchiveTail(nodeDurableFs, join(archiveDir, f))
      return tail !== null && tail.complete && !tail.more
    })
  const times: number[] = []
  let movedMs = Number.NaN
  for (let i = 0; i < OPENS; i++) {
    putBack()
    const core = new SalvoCore({ dataDir, idleCompactMs: 3_600_000 })
    try {
      const start = performance.now()
      await core.start()
      const gm = core.connect('gm', () => undefined)
      must('snapshot', await gm.request('snapshot', undefined))
      times.push(performance.now() - start)
      if (i === OPENS - 1) {
        while (!moved() && performance.now() - start < MOVE_CAP_MS) await new Promise((resolve) => setTimeout(resolve, 20))
        if (moved()) movedMs = performance.now() - start
      }
      gm.close()
    } finally {
      await core.shutdown()
    }
  }
  putBack()
  const reading = performance.now()
  const documentBytes = readFileSync(document).length
  const readFileMs = performance.now() - reading
  times.sort((a, b) => a - b)
  return { documentBytes, legacyEntries: entries.length, openMs: times[Math.floor(times.length / 2)]!, movedMs, readFileMs }
}
