import type { EncounterId, LogEntryRecord } from '../../../src-shared/records'
import type { RecordStore } from '../state/record-store'
import type { RecordChange } from '../state/stored-records'
import type { CampaignPaths } from './campaign-paths'
import type { DurableFs } from './durable-fs'
import { appendToArchive, archiveFileName, cutUnfinishedBatch, readArchiveTail } from './log-archive'

/** The journal seq (command) a log entry was written by: its seq is the command's × 1000 + n. */
export const commandSeqOf = (entry: Pick<LogEntryRecord, 'seq'>): number => Math.floor(entry.seq / 1000)

/**
 * Entries moved per slice of an older campaign's log (rounded up to a whole command's): a few ms
 * of JSON and checksums and one fsync. An open moves up to this many at once, before it serves.
 */
export const LEGACY_SLICE_ENTRIES = 500

/** An ended encounter whose log is still in the document (a campaign from before archives, or a crash). */
export interface LegacyMove {
  readonly encounterId: EncounterId
  /** Every live entry written up to this command goes (the newest live entry's, at open). */
  readonly through: number
}

/**
 * Moves an older campaign's closed log to its archive a slice at a time, while the campaign is
 * served. Each slice is appended as a batch of its own and fsynced, and only then leaves the
 * store, exactly as a fight's end does; its closing line says which commands it holds entries up
 * to and that more is to come (`more`), so a crash between two slices finds the entries up to
 * there archived (and drops them from the document), and the rest still live, moved again from
 * where it stopped: nothing lost, nothing twice.
 */
export class LegacyLogMove {
  readonly #queue: readonly LogEntryRecord[]
  readonly #file: string | null
  #cursor = 0
  /** Entries up to this seq are in the file's whole batches already (a move a crash cut short): not appended again. */
  readonly #inFile: number

  constructor(
    private readonly fs: DurableFs,
    private readonly paths: CampaignPaths,
    private readonly store: RecordStore,
    readonly move: LegacyMove,
  ) {
    const name = archiveFileName(move.encounterId)
    this.#file = name ? paths.logArchive(name) : null
    const queue = name ? store.ofType('log').filter((l) => commandSeqOf(l) <= move.through) : []
    // The store keeps the order entries were written in; sorting is only for a hand-made file.
    if (queue.some((l, i) => i > 0 && queue[i - 1]!.seq > l.seq)) queue.sort((a, b) => a.seq - b.seq)
    this.#queue = queue
    const tail = this.#file ? readArchiveTail(fs, this.#file) : null
    // The open cut an unfinished batch off already; this is for a file changed since.
    this.#inFile = (tail && this.#file ? cutUnfinishedBatch(fs, this.#file, tail) : null)?.batchLastSeq ?? 0
  }

  get done(): boolean {
    return this.#cursor >= this.#queue.length
  }

  /** Moves the next slice (durably, then out of the store) and returns its removals, for the windows. */
  next(): RecordChange[] {
    const encounter = this.store.get(this.move.encounterId)
    // Reopened by an undo: its end will archive its log, whole.
    if (!this.#file || encounter?.typeName !== 'encounter' || encounter.status !== 'ended') {
      this.#cursor = this.#queue.length
      return []
    }
    const picked: LogEntryRecord[] = []
    let i = this.#cursor
    // Whole commands only: a closing line's `archivedThrough` speaks for every entry of its command.
    for (; i < this.#queue.length; i++) {
      const e = this.#queue[i]!
      if (picked.length >= LEGACY_SLICE_ENTRIES && commandSeqOf(e) !== commandSeqOf(picked.at(-1)!)) break
      picked.push(e)
    }
    const more = i < this.#queue.length
    // Entries another fight's end took meanwhile are in its archive already.
    const live = picked.filter((e) => this.store.get(e.id) === e)
    const fresh = live.filter((e) => e.seq > this.#inFile)
    this.fs.mkdirp(this.paths.logArchiveDir)
    appendToArchive(this.fs, this.#file, fresh, more ? commandSeqOf(picked.at(-1)!) : this.move.through, undefined, more)
    this.#cursor = i
    const removals: RecordChange[] = live.map((l) => ({ id: l.id, from: l, to: null }))
    this.store.applyChanges(removals)
    return removals
  }
}
