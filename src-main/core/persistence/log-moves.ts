import type { RecordStore } from '../state/record-store'
import type { RecordChange } from '../state/stored-records'
import type { CampaignPaths } from './campaign-paths'
import type { DurableFs } from './durable-fs'
import { LogMove, type LegacyMove, type LogMovePlan } from './log-move'
import { needsRoll, planRoll } from './rolling-log'

/** Live entries written before a roll that found nothing to take is tried again. */
const RETRY_AFTER = 100

/**
 * The open campaign's log moves to archives, one at a time, each a slice at a time between two
 * commands (the upkeep drives them): first an older campaign's closed log found at open, then,
 * whenever the running fight's live log passes its bound, its oldest entries (rolling-log.ts).
 */
export class LogMoves {
  /** The move under way, or the closed log found at open, not started yet. */
  #pending: LogMove | LogMovePlan | null
  /** A disk that refused stops the moves for this session: the entries stay live, the next open goes on. */
  #stopped = false
  /**
   * After a roll found nothing it may take (undo marks name the oldest commands still live), the
   * next try waits for this many live entries: asking after every command would sort the log each time.
   */
  #retryAt = 0

  constructor(
    private readonly fs: DurableFs,
    private readonly paths: CampaignPaths,
    private readonly store: RecordStore,
    legacy: LegacyMove | null,
  ) {
    this.#pending = legacy ? { kind: 'closed', ...legacy } : null
  }

  /** Whether there is something to move now (cheap: asked after every command). */
  get due(): boolean {
    return !this.#stopped && (this.#pending !== null || (needsRoll(this.store) && this.store.countOf('log') >= this.#retryAt))
  }

  /**
   * Moves the next slice and returns its removals, for the windows; null when nothing is left to
   * move now. Throws what the disk threw, and moves nothing more this session after that.
   */
  next(): RecordChange[] | null {
    if (this.#stopped) return null
    try {
      if (this.#pending === null) {
        const plan = needsRoll(this.store) ? planRoll(this.store) : null
        if (!plan) {
          this.#retryAt = this.store.countOf('log') + RETRY_AFTER
          return null
        }
        this.#retryAt = 0
        this.#pending = plan
      }
      if (!(this.#pending instanceof LogMove)) this.#pending = new LogMove(this.fs, this.paths, this.store, this.#pending)
      const move = this.#pending
      const removed = move.done ? [] : move.next()
      if (move.done) this.#pending = null
      return removed
    } catch (e) {
      this.#stopped = true
      this.#pending = null
      throw e
    }
  }
}
