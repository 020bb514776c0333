import { BACKUP_REASONS } from '../persistence/backups'
import { yieldToLoop } from '../persistence/chunked-json'
import type { RecordChange } from '../state/stored-records'
import type { OpenCampaign } from '../persistence/open-campaign'
import { unrefIntervalTimer, type IntervalTimer } from './interval-timer'
import type { SerialQueue } from './serial-queue'

export interface UpkeepOptions {
  /** Fold the journal into the document after this long without commands (ms). */
  readonly idleCompactMs?: number
  /** How often the open campaign gets a rolling backup, if it changed (ms; default 10 minutes). */
  readonly backupEveryMs?: number
  /** The clock for rolling backups; tests pass one they can tick by hand. */
  readonly backupTimer?: IntervalTimer
}

const TEN_MINUTES = 10 * 60 * 1000
const IDLE_COMPACT_MS = 5000
/**
 * From this many records (a few MB of document) a rolling backup is serialised and written a slice
 * at a time in the background; a smaller one is written at once (a few ms, and the backup is on
 * disk when the command that asked for it is acknowledged).
 */
const SLICED_BACKUP_RECORDS = 20_000

/**
 * The open campaign's upkeep off the command path: rolling backups (every so often, and at an
 * encounter's end) and folding the journal into the document (every so many commands, or once
 * the table goes quiet). Its jobs start on the core's queue, so they never interleave with a
 * command; a compaction then writes in the background (see OpenCampaign.compact).
 */
export class UpkeepScheduler {
  #campaign: OpenCampaign | null = null
  #idleTimer: ReturnType<typeof setTimeout> | null = null
  #stopRollingBackups: (() => void) | null = null
  /** The journal position the last backup of the open campaign holds. */
  #backedUpSeq = 0
  /** Log slices are moving to an archive (one run at a time); who hears of their removals. */
  #movingLogs = false
  #publish: (changes: readonly RecordChange[]) => void = () => undefined

  constructor(
    private readonly options: UpkeepOptions,
    private readonly queue: SerialQueue,
    /** A storage problem the GM should know of (or null once the document is saved again). */
    private readonly warn: (warning: string | null) => void,
  ) {}

  /**
   * Looks after this campaign until `stop`. A periodic backup is skipped when nothing changed
   * since the last one: an idle evening would otherwise fill the pool with copies of one state.
   */
  start(campaign: OpenCampaign, publish: (changes: readonly RecordChange[]) => void = () => undefined): void {
    this.#campaign = campaign
    this.#backedUpSeq = campaign.seq
    this.#publish = publish
    this.#movingLogs = false
    // An older campaign's closed log, or a running fight's log an older Salvo kept whole: after the open.
    if (campaign.logToMove) void this.#moveLogs(campaign)
    const timer = this.options.backupTimer ?? unrefIntervalTimer
    this.#stopRollingBackups = timer.every(this.options.backupEveryMs ?? TEN_MINUTES, () => {
      void this.queue.run(() => {
        if (this.#campaign === campaign && campaign.seq !== this.#backedUpSeq) this.#rollingBackup(campaign, BACKUP_REASONS.periodic)
      })
    })
  }

  stop(): void {
    if (this.#idleTimer) clearTimeout(this.#idleTimer)
    this.#stopRollingBackups?.()
    this.#stopRollingBackups = null
    this.#campaign = null
    // Its closure holds the campaign: a closed one must not stay in memory through it.
    this.#publish = () => undefined
  }

  /** After each new command: a backup when an encounter ended, a running fight's log rolled, and the next compaction. */
  afterCommand(commandType: string): void {
    const campaign = this.#campaign
    if (!campaign) return
    if (commandType === 'encounter/end') this.#rollingBackup(campaign, BACKUP_REASONS.encounterEnd)
    if (!this.#movingLogs && campaign.logToMove) void this.#moveLogs(campaign)
    if (campaign.needsCompaction) {
      this.#startCompaction(campaign)
      return
    }
    if (this.#idleTimer) clearTimeout(this.#idleTimer)
    this.#idleTimer = setTimeout(() => {
      if (this.#campaign === campaign && !campaign.compacting) this.#startCompaction(campaign)
    }, this.options.idleCompactMs ?? IDLE_COMPACT_MS)
    this.#idleTimer.unref?.()
  }

  /**
   * A failed backup stops nothing (the journal still holds every change), but the GM hears of it.
   * A large campaign's is written a slice at a time in the background, like a compaction.
   */
  #rollingBackup(campaign: OpenCampaign, reason: string): void {
    const failed = (e: unknown) => {
      console.error(`Salvo could not back up ${campaign.paths.dir}: ${(e as Error).message}`)
      this.warn(`Salvo could not write a backup of this campaign (${(e as Error).message}). Every change is still saved; check the disk.`)
    }
    const seq = campaign.seq
    if (campaign.store.size >= SLICED_BACKUP_RECORDS) {
      void campaign.backupSliced(reason).then((name) => {
        if (name && this.#campaign === campaign) this.#backedUpSeq = seq
      }, failed)
      return
    }
    try {
      campaign.backup(reason)
      this.#backedUpSeq = seq
    } catch (e) {
      failed(e)
    }
  }

  /**
   * Live log entries go to their archive a slice at a time (an older campaign's closed log after
   * the open; a running fight's oldest entries once its log passes its bound), each on the queue
   * (so between two commands) with the loop let go between them: commands keep being served, and
   * the windows hear of each removal. The document is compacted once the move is done.
   */
  async #moveLogs(campaign: OpenCampaign): Promise<void> {
    this.#movingLogs = true
    let moved = 0
    try {
      for (;;) {
        await yieldToLoop()
        const removed = await this.queue.run(() => (this.#campaign === campaign ? campaign.moveLogSlice() : null))
        if (removed === null) break
        moved += removed.length
        if (removed.length > 0) this.#publish(removed)
      }
    } finally {
      if (this.#campaign === campaign) this.#movingLogs = false
    }
    if (this.#campaign === campaign && moved > 0) this.#startCompaction(campaign)
  }

  /**
   * Starts a compaction from the queue (so it snapshots between two commands) without holding
   * the queue while it writes: commands arriving meanwhile are journalled and acknowledged as
   * usual, and the compaction drops only the journal entries its document holds.
   */
  #startCompaction(campaign: OpenCampaign): void {
    void this.queue.run(() => {
      if (this.#campaign === campaign) void this.#compact(campaign)
    })
  }

  /** Compaction can fail (full disk) without losing anything: the journal still holds it all. Say so. */
  async #compact(campaign: OpenCampaign): Promise<void> {
    try {
      await campaign.compact()
      this.warn(null)
    } catch (e) {
      console.error(`Salvo could not compact ${campaign.paths.document}: ${(e as Error).message}`)
      this.warn(
        `Salvo could not save ${campaign.paths.document} (${(e as Error).message}). Every change is still safe in the journal; check the disk.`,
      )
    }
  }
}
