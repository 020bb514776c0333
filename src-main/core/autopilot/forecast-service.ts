import { Worker } from 'node:worker_threads'
import { FORECAST_LIMITS, teamOf, type ForecastProgress } from '../../../src-shared/autopilot'
import type { RequestInputs, RequestResults } from '../../../src-shared/contract'
import { fail, ok, type Result } from '../../../src-shared/result'
import { campaignRulesInput } from '../engine/campaign-ruleset'
import type { RecordReader } from '../state/record-store'
import { fighters } from './fighters'
import { failedForecast, type ForecastWorkerData, type FromForecastWorker, type ToForecastWorker } from './forecast-messages'
import { fightRecords } from './sim-table'

/** Where the forecast runs: a worker thread started from the built `forecast-worker.js`. */
export type SpawnForecastWorker = (data: ForecastWorkerData) => Worker

/**
 * The built worker at `file`. Each shell names the one beside its own entry (out/web/main.js,
 * out/main/index.js): shared code lands in chunks elsewhere, so no module here can tell.
 */
export const spawnWorkerAt =
  (file: string): SpawnForecastWorker =>
  (data) =>
    new Worker(file, { workerData: data })

/** A core started without a worker (some tests) refuses forecasts, saying so. */
export const noForecastWorker: SpawnForecastWorker = () => {
  throw new Error('this build of Salvo has no forecast worker')
}

interface Job {
  readonly jobId: string
  readonly send: (p: ForecastProgress) => void
}

/**
 * The desk's side of the forecast: one job at a time (a new forecast replaces the running one),
 * played in a worker thread that starts on the first forecast and stays for the next. Progress
 * goes only to the window that asked. The campaign is read once, when the forecast starts.
 */
export class ForecastService {
  #worker: Worker | null = null
  #job: Job | null = null
  #count = 0
  #stopped = false
  /** Shared with the worker: until when the desk is busy (see ForecastWorkerData). */
  readonly #deskBusyUntil = new SharedArrayBuffer(8)
  #warmTimer: ReturnType<typeof setTimeout> | null = null

  constructor(
    private readonly spawn: SpawnForecastWorker,
    private readonly data: ForecastWorkerData,
  ) {}

  start(
    input: RequestInputs['forecastStart'],
    campaign: { readonly store: RecordReader; readonly rulesetId: string } | null,
    send: (p: ForecastProgress) => void,
  ): Result<RequestResults['forecastStart']> {
    if (!campaign) return fail('campaign/none', 'Open a campaign to forecast its fight.')
    const teams = fighters(campaign.store).map((c) => teamOf(c.side))
    if (!teams.includes('party') || !teams.includes('enemy')) {
      return fail('forecast/sides', 'A forecast needs someone on each side: the party (or its allies) and the enemies.')
    }
    const worker = this.#ensureWorker()
    if (!worker.ok) return worker
    if (this.#job) this.#post({ kind: 'cancel', jobId: this.#job.jobId })
    const jobId = `forecast-${++this.#count}`
    const fights = input.fights ?? FORECAST_LIMITS.defaultFights
    const seed = input.seed ?? `${Date.now().toString(36)}-${this.#count}`
    const whatIf = input.whatIf ?? []
    this.#job = { jobId, send }
    this.#post({
      kind: 'start',
      jobId,
      rulesetId: campaign.rulesetId,
      rules: campaignRulesInput(campaign.store),
      setup: { records: fightRecords(campaign.store), seed, fights, whatIf },
    })
    return ok({ jobId, total: fights * (1 + whatIf.length), seed })
  }

  /**
   * A GM command is on its way: the forecast steps aside for `ms`, long enough for the command,
   * its diffs and both pages' paint. A forecast slows by what the GM does; the GM never waits on it.
   */
  deskBusy(ms = 120): void {
    new Float64Array(this.#deskBusyUntil)[0] = Date.now() + ms
  }

  cancel(jobId: string): Result<RequestResults['forecastCancel']> {
    if (this.#job?.jobId !== jobId) return ok({ cancelled: false })
    this.#post({ kind: 'cancel', jobId })
    return ok({ cancelled: true })
  }

  /**
   * Starts the worker a while after the desk is up, so the GM's first forecast does not wait for a
   * thread to start and load the rules; not at once, where it would compete with the desk's start.
   */
  warmSoon(delayMs = 5_000): void {
    if (this.#warmTimer || this.#worker || this.#stopped) return
    this.#warmTimer = setTimeout(() => {
      this.#warmTimer = null
      if (!this.#stopped) this.#ensureWorker()
    }, delayMs)
    this.#warmTimer.unref()
  }

  /** The app is quitting (or a test's core is done): the running forecast stops and the thread with it. */
  async stop(): Promise<void> {
    this.#stopped = true
    if (this.#warmTimer) clearTimeout(this.#warmTimer)
    this.#warmTimer = null
    this.#job = null
    const w = this.#worker
    this.#worker = null
    if (w) await w.terminate()
  }

  #post(m: ToForecastWorker): void {
    this.#worker?.postMessage(m)
  }

  #ensureWorker(): Result<Worker> {
    if (this.#worker) return ok(this.#worker)
    if (this.#stopped) return fail('forecast/stopped', 'Salvo is closing; the forecast did not start.')
    let w: Worker
    try {
      w = this.spawn({ ...this.data, deskBusyUntil: this.#deskBusyUntil })
    } catch (e) {
      return fail('forecast/worker', `The forecast could not start its worker: ${(e as Error).message}`)
    }
    w.unref()
    w.on('message', (m: FromForecastWorker) => {
      const job = this.#job
      if (m.kind !== 'progress' || !job || m.progress.jobId !== job.jobId) return
      if (m.progress.state !== 'running') this.#job = null
      job.send(m.progress)
    })
    w.on('error', (e) => {
      const job = this.#job
      this.#job = null
      this.#worker = null
      job?.send(failedForecast(job.jobId, `The forecast worker stopped: ${e.message}`))
    })
    w.on('exit', () => {
      if (this.#worker === w) this.#worker = null
    })
    this.#worker = w
    return ok(w)
  }
}
