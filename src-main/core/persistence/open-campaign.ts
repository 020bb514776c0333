import type { CampaignSummary } from '../../../src-shared/contract'
import type { JournalEntry } from '../events/journal-entry'
import type { RecordStore } from '../state/record-store'
import type { RecordChange, StoredRecord } from '../state/stored-records'
import type { ArchivedRef } from './log-archive'
import type { LegacyMove } from './log-move'
import { LogMoves } from './log-moves'
import { archiveEncounterLog } from './log-archiving'
import { pruneBackups, writeBackup, writeBackupSerialised } from './backups'
import { serialiseDocument } from './chunked-json'
import type { CampaignDocumentFile } from './campaign-document-file'
import type { CampaignPaths } from './campaign-paths'
import { CURRENT_SCHEMA_VERSION, type CampaignDocument } from './document-schema'
import type { DurableFs } from './durable-fs'
import type { JournalWriter } from './journal'

/** A document's bytes as the pieces a background write takes (views, not copies). */
async function* piecesOf(bytes: Buffer): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += 1024 * 1024) yield bytes.subarray(at, at + 1024 * 1024)
}

/** Fold the journal into the document after this many entries, to keep opening fast. */
const COMPACT_EVERY = 200

/**
 * A campaign open for play: the live record store, its journal, and the lowdb document
 * the journal compacts into. Every acknowledged command is in the journal first.
 */
export class OpenCampaign {
  #seq: number
  #sinceCompaction: number
  /** The compaction writing now, if any. */
  #compacting: Promise<void> | null = null
  /** The sliced backup writing now, if any (resolved when none). */
  #backingUp: Promise<unknown> = Promise.resolve()
  /** Let go of as a killed process would: a compaction in flight stops and changes nothing. */
  #abandoned = false
  /** Log entries on their way to archives: an older campaign's closed log, a running fight's oldest. */
  readonly #logMoves: LogMoves

  constructor(
    readonly paths: CampaignPaths,
    readonly store: RecordStore,
    private readonly documentFile: CampaignDocumentFile,
    private readonly journal: JournalWriter,
    private readonly fs: DurableFs,
    private readonly now: () => Date,
    seq: number,
    pendingEntries: number,
    /** What opening it found and repaired that the GM should hear of (a damaged last journal line set aside). */
    readonly openNotices: readonly string[] = [],
    /** The newest archive's last entries, found at open: command ids a retry may still name. */
    readonly archivedRecent: readonly ArchivedRef[] = [],
    /** An older campaign's closed log, still in the document: moved to its archive in the background. */
    legacy: LegacyMove | null = null,
  ) {
    this.#seq = seq
    this.#sinceCompaction = pendingEntries
    this.#logMoves = new LogMoves(fs, paths, store, legacy)
  }

  get id(): string {
    return this.paths.campaignId
  }

  /** The seq of the last acknowledged command; the next command takes seq + 1. */
  get seq(): number {
    return this.#seq
  }

  summary(): CampaignSummary {
    const c = this.store.get('campaign')
    const name = c?.typeName === 'campaign' ? c.name : this.id
    const rulesetId = c?.typeName === 'campaign' ? c.rulesetId : ''
    return { id: this.id, name, rulesetId, updatedAt: this.now().toISOString() }
  }

  /** Durably records an entry; throws if the disk refuses (the caller then changes nothing). */
  append(entry: JournalEntry): void {
    if (entry.seq !== this.#seq + 1) throw new Error(`journal seq ${entry.seq} does not follow ${this.#seq}`)
    this.journal.append(entry)
    this.#seq = entry.seq
    this.#sinceCompaction++
  }

  /**
   * An encounter ended at journal position `through`: its log moves to its archive (durably, then
   * out of the store; see archiveEncounterLog). Returns the removals for the windows. A disk that
   * refuses leaves the entries live, and the next open tries again.
   */
  archiveLog(encounterId: string, through: number): RecordChange[] {
    try {
      const removed = archiveEncounterLog(this.fs, this.paths, this.store, encounterId, through)
      // The document still holds them: the next compaction must rewrite it even with no new command.
      if (removed.length > 0) this.#sinceCompaction++
      return removed
    } catch (e) {
      console.error(`Salvo could not archive the log of ${encounterId} in ${this.paths.logArchiveDir}: ${(e as Error).message}`)
      return []
    }
  }

  /** Whether log entries are due to move to an archive now (moveLogSlice): asked after every command. */
  get logToMove(): boolean {
    return !this.#abandoned && this.#logMoves.due
  }

  /**
   * Moves the next slice of live log entries to their archive (an older campaign's closed log, or
   * a running fight's oldest entries; see LogMoves): called between two commands, again and again
   * until it returns null. Returns the removals, for the windows. A disk that refuses stops the
   * moves: the entries stay live, and the next open goes on from where they stopped.
   */
  moveLogSlice(): RecordChange[] | null {
    if (this.#abandoned) return null
    try {
      const removed = this.#logMoves.next()
      // The document still holds them: the next compaction must rewrite it even with no new command.
      if (removed && removed.length > 0) this.#sinceCompaction++
      return removed
    } catch (e) {
      console.error(`Salvo could not move log entries to ${this.paths.logArchiveDir}: ${(e as Error).message}`)
      return null
    }
  }

  get needsCompaction(): boolean {
    return this.#sinceCompaction >= COMPACT_EVERY && this.#compacting === null
  }

  /** Whether a compaction is writing the document right now. */
  get compacting(): boolean {
    return this.#compacting !== null
  }

  /**
   * Rewrites the document from the store, then drops the journal entries it now holds. Commands
   * keep coming while it writes: the records are a snapshot taken between two commands (an array
   * of the store's immutable values, a few ms even at 200,000 records), serialised and written a
   * slice at a time; only the journal bytes up to the snapshot are dropped afterwards, so what
   * was acknowledged meanwhile stays in the journal. A crash anywhere is harmless: replay skips
   * entries the document already holds. One compaction at a time; a second call waits for it.
   */
  async compact(force = false): Promise<void> {
    while (this.#compacting) await this.#compacting.catch(() => undefined)
    if ((this.#sinceCompaction === 0 && !force) || this.#abandoned) return
    const run = this.#compactOnce()
    this.#compacting = run
    try {
      await run
    } finally {
      if (this.#compacting === run) this.#compacting = null
    }
  }

  async #compactOnce(): Promise<void> {
    // The snapshot: everything read in one synchronous step, so no command falls in between.
    const seq = this.#seq
    const journalBytes = this.journal.size()
    const folded = this.#sinceCompaction
    const records = [...this.store.values()]
    const written = await this.documentFile.writeSnapshot(seq, records, () => this.#abandoned)
    if (!written || this.#abandoned) return
    await this.journal.dropThrough(journalBytes)
    this.#sinceCompaction -= folded
    await this.#writeMetaInBackground()
  }

  /** The whole campaign as it stands now, journal folded in (what compaction would write). */
  document(): CampaignDocument {
    return { schemaVersion: CURRENT_SCHEMA_VERSION, journalSeq: this.#seq, records: this.store.toObject() }
  }

  /**
   * Keeps a copy of the current state (journal included) without rewriting the document, so
   * a backup never waits for or disturbs compaction. Returns the backup's name.
   */
  backup(reason: string): string {
    const name = writeBackup(this.fs, this.paths, reason, Buffer.from(JSON.stringify(this.document()), 'utf8'), this.now())
    pruneBackups(this.fs, this.paths)
    return name
  }

  /**
   * A backup of a large campaign, taken like a compaction: a snapshot between two commands,
   * serialised and written a slice at a time, so the rolling backup of a 50 MB campaign never
   * holds the event loop either. Resolves to the backup's name (null: abandoned).
   */
  backupSliced(reason: string): Promise<string | null> {
    // The snapshot now, between two commands; the writing one backup at a time (two at once could
    // pick the same name in the same millisecond).
    const head = { schemaVersion: CURRENT_SCHEMA_VERSION, journalSeq: this.#seq }
    const records = [...this.store.values()]
    return this.#queueBackup(() => this.#writeSlicedBackup(reason, head, records))
  }

  /**
   * A backup of bytes already in hand (the document an open read), written the same way. Closing
   * the campaign waits for it: a reopen in the same process sweeps half-written temp files, and
   * would take this one's from under it.
   */
  backupBytes(reason: string, bytes: Buffer): Promise<string | null> {
    const stop = () => this.#abandoned
    return this.#queueBackup(async () => {
      const name = await writeBackupSerialised(
        this.fs,
        this.paths,
        reason,
        { kind: 'serialised', stream: piecesOf(bytes) },
        this.now(),
        stop,
      )
      if (name) pruneBackups(this.fs, this.paths)
      return name
    })
  }

  #queueBackup(write: () => Promise<string | null>): Promise<string | null> {
    const run = this.#backingUp.then(write)
    this.#backingUp = run.catch(() => undefined)
    return run
  }

  async #writeSlicedBackup(reason: string, head: Record<string, unknown>, records: readonly StoredRecord[]): Promise<string | null> {
    const stop = () => this.#abandoned
    const serialised = await serialiseDocument(head, records, stop)
    if (!serialised || stop()) return null
    const name = await writeBackupSerialised(this.fs, this.paths, reason, serialised, this.now(), stop)
    if (name) pruneBackups(this.fs, this.paths)
    return name
  }

  writeMeta(): void {
    this.fs.writeFileAtomic(this.paths.meta, JSON.stringify(this.summary()))
  }

  /** The same after a compaction: its fsyncs off the loop (each was several ms on a busy disk). */
  async #writeMetaInBackground(): Promise<void> {
    if (!this.fs.writeFileAtomicAsync) return this.writeMeta()
    await this.fs.writeFileAtomicAsync(this.paths.meta, [Buffer.from(JSON.stringify(this.summary()), 'utf8')])
  }

  /** Lets go of the journal's file handle and writes nothing: what a killed process leaves. */
  abandon(): void {
    this.#abandoned = true
    this.journal.close()
  }

  /**
   * Compacts, then keeps a copy of the document as it stood at the end of the session. The
   * journal's handle is let go whatever happens; a failure is thrown after it, for the caller
   * to report — nothing is lost by it, the journal still holds every command.
   */
  async close(): Promise<void> {
    try {
      // A backup still writing (the open's, a rolling one) finishes first: its temp file is its own.
      await this.#backingUp
      this.documentFile.keepBytes(true)
      await this.compact()
      // The seal of the last compaction, so the next open needs no deep check (document-seal.ts).
      await this.documentFile.sealWritten()
      const bytes = this.documentFile.bytes()
      if (bytes) {
        writeBackup(this.fs, this.paths, 'closed', bytes, this.now())
        pruneBackups(this.fs, this.paths)
      }
    } finally {
      this.journal.close()
    }
  }
}
