import type { EncounterRecord, LogEntryRecord } from '../../../src-shared/records'
import type { RecordStore } from '../state/record-store'
import type { RecordChange } from '../state/stored-records'
import type { CampaignPaths } from './campaign-paths'
import type { DurableFs } from './durable-fs'
import {
  appendToArchive,
  archiveFileName,
  archivedUpTo,
  cutUnfinishedBatch,
  readArchiveTail,
  type ArchivedRef,
  type ArchiveTail,
} from './log-archive'
import { commandSeqOf, LOG_SLICE_ENTRIES, type LegacyMove } from './log-move'

export { commandSeqOf }

const bySeq = (a: LogEntryRecord, b: LogEntryRecord) => a.seq - b.seq

/**
 * Moves every live log entry written up to command `through` (the one that ended the encounter)
 * into the encounter's archive, durably, and only then out of the store. The order is what makes
 * a crash harmless: until the next compaction the document still holds the entries, and the next
 * open drops those the archive already has (settleArchives), so nothing is lost or kept twice.
 * Entries from before the encounter began (setting up between fights) go with it: the archive of
 * an encounter is the log up to its end. Returns the removals, for the windows.
 */
export function archiveEncounterLog(
  fs: DurableFs,
  paths: CampaignPaths,
  store: RecordStore,
  encounterId: string,
  through: number,
): RecordChange[] {
  const name = archiveFileName(encounterId)
  if (!name) return []
  const logs = store
    .ofType('log')
    .filter((l) => commandSeqOf(l) <= through)
    .sort(bySeq)
  if (logs.length === 0) return []
  fs.mkdirp(paths.logArchiveDir)
  const file = paths.logArchive(name)
  // A fight whose log rolled while it ran (rolling-log.ts), or one ended, reopened by undo and ended
  // again, has its first part archived already; read from the file's end, so a long evening's end
  // costs what a short one's does. Entries of an unfinished batch (a crash mid-append) are still
  // live: cut off, and appended again. This batch's closing line has no `more`: the archive is whole.
  const upTo = archivedUpTo(fs, file)
  const fresh = logs.filter((l) => l.seq > upTo)
  appendToArchive(fs, file, fresh, through)
  const removals: RecordChange[] = logs.map((l) => ({ id: l.id, from: l, to: null }))
  store.applyChanges(removals)
  return removals
}

export interface Settled {
  /** Live log entries the archive already held (a crash before the compaction that drops them) or that were archived now. */
  readonly removed: number
  /** The newest archives' last entries (the last fight to end, the running one): command ids a retry may still name. */
  readonly recent: readonly ArchivedRef[]
  /** More entries to move than an open moves before it serves: moved in the background (LogMove). */
  readonly legacy: LegacyMove | null
}

/** An encounter's archive's end, an unfinished last batch cut off first (its entries are all still live). */
function settledTail(fs: DurableFs, paths: CampaignPaths, encounterId: string): ArchiveTail | null {
  const name = archiveFileName(encounterId)
  const tail = name ? readArchiveTail(fs, paths.logArchive(name)) : null
  return tail ? cutUnfinishedBatch(fs, paths.logArchive(name!), tail) : null
}

/** Drops the live entries an archive's whole batches hold already; returns how many. */
function dropArchived(store: RecordStore, tail: ArchiveTail | null | undefined): number {
  if (!tail?.complete) return 0
  const held = store.ofType('log').filter((l) => commandSeqOf(l) <= tail.through)
  store.applyChanges(held.map((l) => ({ id: l.id, from: l, to: null })))
  return held.length
}

/**
 * At open, after the journal is replayed: finishes what a crash interrupted, and moves the logs
 * of campaigns from before archives existed. Reads only the end of the newest archives, so an
 * open costs the same however long the history:
 * - live entries up to where the newest ended fight's archive's last whole batch ends are
 *   already archived: they leave the store (the archive keeps the one copy);
 * - so do those up to the running fight's archive's last whole batch (its log rolls into it as
 *   it goes, rolling-log.ts; a crash can come between a batch and the compaction that drops it);
 * - when no encounter is running and the last one to end has no whole archive (the crash came
 *   between its end and its archive, or the campaign is older than archives, or the move of its
 *   log a slice at a time was cut short), every live entry goes to that encounter's archive: now
 *   when they are few, otherwise in the background once the campaign is served (`legacy`).
 * A running fight's live log past its bound (an older Salvo kept it all) rolls in the background
 * too: the upkeep starts that once the campaign is served.
 */
export function settleArchives(fs: DurableFs, paths: CampaignPaths, store: RecordStore, atOnceUpTo = LOG_SLICE_ENTRIES): Settled {
  const encounters = store.ofType('encounter')
  const ended = encounters.filter((e) => e.status === 'ended')
  let newest: { encounter: EncounterRecord; tail: ArchiveTail } | null = null
  for (let i = ended.length - 1; i >= 0 && !newest; i--) {
    const tail = settledTail(fs, paths, ended[i]!.id)
    if (tail) newest = { encounter: ended[i]!, tail }
  }
  let removed = dropArchived(store, newest?.tail)
  const running = encounters.find((e) => e.status === 'active')
  const rolled = running ? settledTail(fs, paths, running.id) : null
  removed += dropArchived(store, rolled)
  const recent = [...(newest?.tail.entries ?? []), ...(rolled?.entries ?? [])]
  const last = ended.at(-1)
  const lastIsWhole = newest !== null && newest.encounter === last && newest.tail.complete && !newest.tail.more
  const live = store.ofType('log')
  if (last && !running && !lastIsWhole && live.length > 0) {
    const through = live.reduce((most, l) => Math.max(most, commandSeqOf(l)), 0)
    if (live.length > atOnceUpTo) return { removed, recent, legacy: { encounterId: last.id, through } }
    removed += archiveEncounterLog(fs, paths, store, last.id, through).length
    const tail = settledTail(fs, paths, last.id)
    return { removed, recent: tail?.entries ?? [], legacy: null }
  }
  return { removed, recent, legacy: null }
}
