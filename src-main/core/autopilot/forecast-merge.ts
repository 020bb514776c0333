import type { ForecastProgress, ForecastState } from '../../../src-shared/autopilot'
import type { CombatantRecord } from '../../../src-shared/records'
import type { ForecastPart } from './forecast-messages'
import { forecastTallies, type ForecastSetup } from './forecast-run'

/**
 * The window hears of a running forecast at most this often, whatever the pool's size: each
 * worker reports its share every 120 ms, and a message per worker report would grow with the
 * cores and crowd the desk's own socket.
 */
export const MERGED_EVERY_MS = 120

/**
 * One forecast played by a pool (issue 35): each worker's latest report on its share, merged into
 * the one estimate the window sees. Counts are sums, so the estimate is the same whichever worker
 * played which fight; the first estimate goes out at once, the rest at most every
 * `MERGED_EVERY_MS`, and an end (done, cancelled, failed) always.
 */
export class ForecastMerge {
  readonly #parts: (ForecastPart | null)[]
  #sentAt = -Infinity
  #ended = false

  constructor(
    readonly jobId: string,
    private readonly setup: ForecastSetup,
    private readonly who: readonly CombatantRecord[],
    shares: number,
    private readonly now: () => number = () => performance.now(),
    private readonly startedAt = now(),
  ) {
    this.#parts = new Array<ForecastPart | null>(shares).fill(null)
  }

  get ended(): boolean {
    return this.#ended
  }

  /** Worker `share`'s latest report; the window's progress when one is due, else null. */
  take(share: number, part: ForecastPart): ForecastProgress | null {
    if (this.#ended || part.jobId !== this.jobId || share < 0 || share >= this.#parts.length) return null
    this.#parts[share] = part
    // One share refused or failed: the forecast as a whole did (each share makes the same checks).
    if (part.state === 'failed' || part.state === 'cancelled') return this.#end(part.state, part.problem)
    if (this.#parts.every((p) => p?.state === 'done')) return this.#end('done', null)
    const first = this.#sentAt === -Infinity
    if (!first && this.now() - this.#sentAt < MERGED_EVERY_MS) return null
    const merged = this.#progress('running', null)
    if (merged.done === 0) return null
    this.#sentAt = this.now()
    return merged
  }

  /** The forecast ended for a reason of the desk's own (a worker stopped): what the window hears. */
  fail(problem: string): ForecastProgress | null {
    return this.#ended ? null : this.#end('failed', problem)
  }

  #end(state: ForecastState, problem: string | null): ForecastProgress {
    this.#ended = true
    return this.#progress(state, problem)
  }

  #progress(state: ForecastState, problem: string | null): ForecastProgress {
    const tallies = forecastTallies(this.setup, this.who)
    let done = 0
    let notes: readonly string[] = []
    for (const p of this.#parts) {
      if (!p) continue
      done += p.done
      if (p.notes.length > 0) notes = p.notes
      p.counts.forEach((c, v) => tallies[v]?.merge(c))
    }
    return {
      jobId: this.jobId,
      state,
      done,
      total: this.setup.fights * tallies.length,
      variants: done === 0 && state === 'failed' ? [] : tallies.map((t) => t.report()),
      notes,
      problem,
      elapsedMs: Math.round(this.now() - this.startedAt),
    }
  }
}
