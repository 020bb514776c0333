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
}
