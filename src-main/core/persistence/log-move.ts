import { LOG_SEQ_STRIDE } from '../../../src-shared/limits'
import type { EncounterId, LogEntryRecord } from '../../../src-shared/records'
import type { RecordStore } from '../state/record-store'
import type { RecordChange } from '../state/stored-records'
import type { CampaignPaths } from './campaign-paths'
import type { DurableFs } from './durable-fs'
import { appendToArchive, archiveFileName, archivedUpTo } from './log-archive'

/** The journal seq (command) a log entry was written by: its seq is the command's × LOG_SEQ_STRIDE + n. */
export const commandSeqOf = (entry: Pick<LogEntryRecord, 'seq'>): number => Math.floor(entry.seq / LOG_SEQ_STRIDE)

/**
 * Entries moved per slice (rounded up to a whole command's): a few ms of JSON and checksums and
 * one fsync. An open moves up to this many of an older campaign's closed log at once, before it serves.
 */
export const LOG_SLICE_ENTRIES = 500

/**
 * Live log entries to move to an encounter's archive, a slice at a time, while the campaign is served:
 * - `closed`: an ended encounter whose log is still in the document (a campaign from before
 *   archives, or a crash): every entry goes, and the last slice closes the archive;
 * - `rolling`: the running encounter's oldest entries, so its live log stays bounded
 *   (`rolling-log.ts`): every slice says more is to come, the fight's end closes it.
 */
export interface LogMovePlan {
  readonly kind: 'closed' | 'rolling'
  readonly encounterId: EncounterId
  /** Every live entry written up to this command goes. */
  readonly through: number
}

/** An older campaign's closed log, found at open (kept as its own name: the open hands it over). */
export type LegacyMove = Omit<LogMovePlan, 'kind'>

/**
 * Moves a plan's entries to the encounter's archive a slice at a time. Each slice is appended as
 * a batch of its own and fsynced, and only then leaves the store, exactly as a fight's end does;
 * its closing line says which command it holds entries up to and, unless it closes the archive,
 * that more is to come (`more`). So a crash between two slices finds the entries up to there
 * archived (the next open drops them from the document) and the rest still live, moved again
 * from where it stopped: nothing lost, nothing twice.
 */
export class LogMove {
  /** What is still to move: a moved slice leaves it, so entries already archived are not kept alive by the move. */
  #queue: readonly LogEntryRecord[]
  readonly #file: string | null
  #cursor = 0
  /** Entries up to this seq are in the file's whole batches already (a move a crash cut short): not appended again. */
  readonly #inFile: number

  constructor(
    private readonly fs: DurableFs,
    private readonly paths: CampaignPaths,
    private readonly store: RecordStore,
    readonly plan: LogMovePlan,
  ) {
    const name = archiveFileName(plan.encounterId)
    this.#file = name ? paths.logArchive(name) : null
    const queue = name ? store.ofType('log').filter((l) => commandSeqOf(l) <= plan.through) : []
    // The store keeps the order entries were written in; a redo or a hand-made file may not.
    if (queue.some((l, i) => i > 0 && queue[i - 1]!.seq > l.seq)) queue.sort((a, b) => a.seq - b.seq)
    this.#queue = queue
    // The open cut an unfinished batch off already; this is for a file changed since.
    this.#inFile = this.#file ? archivedUpTo(fs, this.#file) : 0
  }

  get done(): boolean {
    return this.#cursor >= this.#queue.length
  }

  /** Whether the encounter is still as the plan found it: a closed one ended, a running one running. */
  #stillApplies(): boolean {
    const encounter = this.store.get(this.plan.encounterId)
    if (encounter?.typeName !== 'encounter') return false
    // A closed one reopened by an undo, or a running one that ended: its end archives its log, whole.
    return encounter.status === (this.plan.kind === 'closed' ? 'ended' : 'active')
  }

  /** Moves the next slice (durably, then out of the store) and returns its removals, for the windows. */
  next(): RecordChange[] {
    if (!this.#file || !this.#stillApplies()) {
      this.#cursor = this.#queue.length
      return []
    }
    const picked: LogEntryRecord[] = []
    let i = this.#cursor
    // Whole commands only: a closing line's `archivedThrough` speaks for every entry of its command.
    for (; i < this.#queue.length; i++) {
      const e = this.#queue[i]!
      if (picked.length >= LOG_SLICE_ENTRIES && commandSeqOf(e) !== commandSeqOf(picked.at(-1)!)) break
      picked.push(e)
    }
    const more = i < this.#queue.length || this.plan.kind === 'rolling'
    // Entries another fight's end took meanwhile are in its archive already.
    const live = picked.filter((e) => this.store.get(e.id) === e)
    const fresh = live.filter((e) => e.seq > this.#inFile)
    this.fs.mkdirp(this.paths.logArchiveDir)
    const through = i < this.#queue.length ? commandSeqOf(picked.at(-1)!) : this.plan.through
    appendToArchive(this.fs, this.#file, fresh, through, undefined, more)
    this.#queue = this.#queue.slice(i)
    this.#cursor = 0
    const removals: RecordChange[] = live.map((l) => ({ id: l.id, from: l, to: null }))
    this.store.applyChanges(removals)
    return removals
  }
}
