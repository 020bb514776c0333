import type { AutopilotCommand, ForecastProgress } from '../../../src-shared/autopilot'
import type { RequestInputs, RequestResults } from '../../../src-shared/contract'
import type { Result } from '../../../src-shared/result'

/** The two requests a forecast needs, as the campaign view makes them (no toast: the panel shows its own refusals). */
export type ForecastRequests = <N extends 'forecastStart' | 'forecastCancel'>(
  name: N,
  input: RequestInputs[N],
) => Promise<Result<RequestResults[N]>>

export interface WhatIfPick {
  readonly label: string
  readonly command: AutopilotCommand
}

/**
 * The window's forecast: the one it asked for last and what the core has pushed about it. It
 * lives with the campaign view, not the panel, so closing the panel (to play on) loses nothing
 * and the results keep refining behind it.
 */
export class ForecastFeed {
  /** The job the window asked for last; messages for any other are stale and dropped. */
  jobId = $state<string | null>(null)
  progress = $state.raw<ForecastProgress | null>(null)
  /** Why the core refused to start ("A forecast needs someone on each side…"). */
  refused = $state<string | null>(null)
  /** The variants' labels as asked, so the panel can name them before the first message. */
  asked = $state.raw<readonly string[]>([])
  starting = $state(false)
  /** The fights per variant the GM chose last (null: the core's default). */
  fights = $state<number | null>(null)
  /** The campaign and its version the forecast was played from: another one, or a later state, makes it stale. */
  from = $state.raw<{ readonly campaignId: string; readonly version: number } | null>(null)
  /**
   * Progress may overtake the answer to `forecastStart` (both come down one socket, but the
   * worker can be quick): messages whose job is not known yet wait here, newest last. Not
   * reactive: nothing shows them until their job is known.
   */
  #early: ForecastProgress[] = []

  readonly running = $derived(this.starting || this.progress?.state === 'running')

  constructor(private readonly requests: ForecastRequests) {}

  receive(p: ForecastProgress): void {
    if (p.jobId === this.jobId) {
      this.progress = p
      return
    }
    // Only the latest start's messages matter; a few stale ones are all this ever holds.
    if (this.starting) this.#early = [...this.#early.slice(-3), p]
  }

  async start(from: { campaignId: string; version: number }, whatIf: readonly WhatIfPick[] = []): Promise<void> {
    this.starting = true
    this.refused = null
    this.from = from
    this.asked = ['As things stand', ...whatIf.map((w) => w.label)]
    const input: RequestInputs['forecastStart'] = {
      ...(this.fights ? { fights: this.fights } : {}),
      ...(whatIf.length ? { whatIf: whatIf.map((w) => ({ label: w.label, command: w.command })) } : {}),
    }
    try {
      const r = await this.requests('forecastStart', input)
      if (!r.ok) {
        this.refused = r.error.message
        this.jobId = null
        this.progress = null
        return
      }
      this.jobId = r.value.jobId
      this.progress = this.#early.findLast((p) => p.jobId === r.value.jobId) ?? {
        jobId: r.value.jobId,
        state: 'running',
        done: 0,
        total: r.value.total,
        variants: [],
        notes: [],
        problem: null,
        elapsedMs: 0,
      }
    } finally {
      this.#early = []
      this.starting = false
    }
  }

  async cancel(): Promise<void> {
    const jobId = this.jobId
    if (!jobId || this.progress?.state !== 'running') return
    const r = await this.requests('forecastCancel', { jobId })
    // The worker says 'cancelled' itself; a job the core no longer knows ended on its own.
    if (r.ok && !r.value.cancelled && this.progress?.jobId === jobId && this.progress.state === 'running')
      this.progress = { ...this.progress, state: 'cancelled' }
  }
}
