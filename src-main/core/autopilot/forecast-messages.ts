import type { ForecastProgress, ForecastState } from '../../../src-shared/autopilot'
import type { CampaignRulesInput } from '../engine/campaign-ruleset'
import type { ForecastSetup } from './forecast-run'
import type { TallyCounts } from './forecast-tally'

/** What the desk's side sends a forecast worker: plain data, structured-cloned. */
export type ToForecastWorker =
  | {
      readonly kind: 'start'
      readonly jobId: string
      readonly rulesetId: string
      readonly rules: CampaignRulesInput
      /** With the worker's `share` of the fights when a pool plays the forecast. */
      readonly setup: ForecastSetup
    }
  | { readonly kind: 'cancel'; readonly jobId: string }
  /** A runner process hears of the desk's busy spells this way (a thread reads them from shared memory). */
  | { readonly kind: 'busy'; readonly until: number }
  /** The campaign just opened: build its rules now, so its first forecast does not wait for them. */
  | { readonly kind: 'warm'; readonly rulesetId: string; readonly rules: CampaignRulesInput }

/**
 * A worker's report on its share of a forecast: its counts, not the window's report, so the desk
 * merges every worker's share into one estimate. Small whatever the number of fights.
 */
export interface ForecastPart {
  readonly jobId: string
  readonly state: ForecastState
  readonly done: number
  readonly total: number
  /** One per variant (as things stand, then each "what if"); empty when the share never started. */
  readonly counts: readonly TallyCounts[]
  readonly notes: readonly string[]
  readonly problem: string | null
}

export type FromForecastWorker =
  | { readonly kind: 'part'; readonly part: ForecastPart }
  /** A `warm` message done: the campaign's rules are built (or `problem` says why not). */
  | { readonly kind: 'warmed'; readonly rulesetId: string; readonly problem: string | null }

/** What a worker thread is started with (a process gets the resources folder as its argument). */
export interface ForecastWorkerData {
  readonly resourcesDir: string
  /**
   * One Float64 shared with the desk's thread: the wall-clock time (ms) until which the desk is
   * busy with a GM command and its paint. The worker steps aside until then, between acts.
   */
  readonly deskBusyUntil?: SharedArrayBuffer
}

/** A forecast that ended before playing (no worker, a ruleset that would not load…), as the window hears of it. */
export const failedForecast = (jobId: string, problem: string): ForecastProgress => ({
  jobId,
  state: 'failed',
  done: 0,
  total: 0,
  variants: [],
  notes: [],
  problem,
  elapsedMs: 0,
})

/** A worker's share that ended before playing, as the desk's merge hears of it. */
export const failedPart = (jobId: string, problem: string): ForecastPart => ({
  jobId,
  state: 'failed',
  done: 0,
  total: 0,
  counts: [],
  notes: [],
  problem,
})
