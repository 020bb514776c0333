import type { EncounterRecord, LogEntryRecord } from '../../../src-shared/records'
import type { RecordStore } from '../state/record-store'
import type { RecordChange } from '../state/stored-records'
import type { CampaignPaths } from './campaign-paths'
import type { DurableFs } from './durable-fs'
import { commandSeqOf, LEGACY_SLICE_ENTRIES, type LegacyMove } from './legacy-log-move'
import { appendToArchive, archiveFileName, cutUnfinishedBatch, readArchive, readArchiveTail, type ArchiveTail } from './log-archive'

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
  // An encounter ended, reopened by undo and ended again already has its first part archived.
  const existing = readArchive(fs, file)
  // Entries of an unfinished batch (a crash mid-append) are still live: cut off, and appended again.
  const fresh = logs.filter((l) => l.seq > (existing?.batchLastSeq ?? 0))
  appendToArchive(fs, file, fresh, through, existing?.batchEnd)
  const removals: RecordChange[] = logs.map((l) => ({ id: l.id, from: l, to: null }))
  store.applyChanges(removals)
  return removals
}

export interface Settled {
  /** Live log entries the archive already held (a crash before the compaction that drops them) or that were archived now. */
  readonly removed: number
  /** The newest archive's last entries: command ids a retry may still name. */
  readonly recent: readonly LogEntryRecord[]
  /** More entries to move than an open moves before it serves: moved in the background (LegacyLogMove). */
  readonly legacy: LegacyMove | null
}

/**
 * At open, after the journal is replayed: finishes what a crash interrupted, and moves the logs
 * of campaigns from before archives existed. Reads only the end of the newest archive, so an
 * open costs the same however long the history:
 * - live entries up to where the newest archive's last whole batch ends are already archived:
 *   they leave the store (the archive keeps the one copy);
 * - when no encounter is running and the last one to end has no whole archive (the crash came
 *   between its end and its archive, or the campaign is older than archives, or the move of its
 *   log a slice at a time was cut short), every live entry goes to that encounter's archive: now
 *   when they are few, otherwise in the background once the campaign is served (`legacy`).
 */
export function settleArchives(fs: DurableFs, paths: CampaignPaths, store: RecordStore, atOnceUpTo = LEGACY_SLICE_ENTRIES): Settled {
  const encounters = store.ofType('encounter')
  const ended = encounters.filter((e) => e.status === 'ended')
  let newest: { encounter: EncounterRecord; tail: ArchiveTail } | null = null
  for (let i = ended.length - 1; i >= 0 && !newest; i--) {
    const name = archiveFileName(ended[i]!.id)
    const tail = name ? readArchiveTail(fs, paths.logArchive(name)) : null
    // A batch a crash left unfinished goes (its entries are all still live), so each entry is in one place.
    if (tail) newest = { encounter: ended[i]!, tail: cutUnfinishedBatch(fs, paths.logArchive(name!), tail) }
  }
  let removed = 0
  if (newest?.tail.complete) {
    const through = newest.tail.through
    const held = store.ofType('log').filter((l) => commandSeqOf(l) <= through)
    store.applyChanges(held.map((l) => ({ id: l.id, from: l, to: null })))
    removed += held.length
  }
  const last = ended.at(-1)
  const running = encounters.some((e) => e.status === 'active')
  const lastIsWhole = newest !== null && newest.encounter === last && newest.tail.complete && !newest.tail.more
  const live = store.ofType('log')
  if (last && !running && !lastIsWhole && live.length > 0) {
    const through = live.reduce((most, l) => Math.max(most, commandSeqOf(l)), 0)
    if (live.length > atOnceUpTo) return { removed, recent: newest?.tail.entries ?? [], legacy: { encounterId: last.id, through } }
    removed += archiveEncounterLog(fs, paths, store, last.id, through).length
    const name = archiveFileName(last.id)
    const tail = name ? readArchiveTail(fs, paths.logArchive(name)) : null
    return { removed, recent: tail?.entries ?? [], legacy: null }
  }
  return { removed, recent: newest?.tail.entries ?? [], legacy: null }
}
