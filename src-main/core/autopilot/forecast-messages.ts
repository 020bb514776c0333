import type { ForecastProgress } from '../../../src-shared/autopilot'
import type { CampaignRulesInput } from '../engine/campaign-ruleset'
import type { ForecastSetup } from './forecast-run'

/** What the desk's side sends the forecast worker: plain data, structured-cloned. */
export type ToForecastWorker =
  | {
      readonly kind: 'start'
      readonly jobId: string
      readonly rulesetId: string
      readonly rules: CampaignRulesInput
      readonly setup: ForecastSetup
    }
  | { readonly kind: 'cancel'; readonly jobId: string }

export type FromForecastWorker = { readonly kind: 'progress'; readonly progress: ForecastProgress }

/** What the worker is started with. */
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
