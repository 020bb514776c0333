import { availableParallelism } from 'node:os'
import { FORECAST_LIMITS, teamOf, type ForecastProgress } from '../../../src-shared/autopilot'
import type { RequestInputs, RequestResults } from '../../../src-shared/contract'
import { fail, ok, type Result } from '../../../src-shared/result'
import { campaignRulesInput } from '../engine/campaign-ruleset'
import { RecordStore, type RecordReader } from '../state/record-store'
import { fighters } from './fighters'
import type { FromForecastWorker, ToForecastWorker } from './forecast-messages'
import { ForecastMerge } from './forecast-merge'
import type { ForecastRunner, SpawnForecastWorker } from './forecast-runners'
import { fightRecords } from './sim-table'

/** A core started without a worker (some tests) refuses forecasts, saying so. */
export const noForecastWorker: SpawnForecastWorker = () => {
  throw new Error('this build of Salvo has no forecast worker')
}

/**
 * The pool's size: every core but one, which the desk keeps (issue 35), at least one; at most
 * `FORECAST_POOL_MAX`, as each worker holds its own copy of the rules and previews.
 */
export const FORECAST_POOL_MAX = 8
export const forecastPoolSize = (cores = availableParallelism()): number => Math.min(FORECAST_POOL_MAX, Math.max(1, cores - 1))

/** The open campaign, read when the pool warms up; null when none is open by then. */
export type WarmTarget = () => { readonly store: RecordReader; readonly rulesetId: string } | null

interface Job {
  readonly merge: ForecastMerge
  readonly send: (p: ForecastProgress) => void
}

/**
 * The desk's side of the forecast: one job at a time (a new forecast replaces the running one),
 * its fights shared out among a pool of worker threads that start on the first forecast and stay
 * for the next, their reports merged into one estimate. Progress goes only to the window that
 * asked. The campaign is read once, when the forecast starts.
 */
export class ForecastService {
  readonly #workers: (ForecastRunner | null)[]
  #job: Job | null = null
  #count = 0
  #stopped = false
  #warmTimer: ReturnType<typeof setTimeout> | null = null
  /** The desk's latest busy spell (epoch ms), told to a runner started during it too. */
  #busyUntil = 0

  constructor(
    private readonly spawn: SpawnForecastWorker,
    private readonly data: { readonly resourcesDir: string },
    size = forecastPoolSize(),
  ) {
    this.#workers = new Array<ForecastRunner | null>(Math.min(FORECAST_POOL_MAX, Math.max(1, Math.floor(size)))).fill(null)
  }

  /** How many workers a forecast is shared among. */
  get poolSize(): number {
    return this.#workers.length
  }

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
    const fights = input.fights ?? FORECAST_LIMITS.defaultFights
    // No more workers than fights: a share with none to play would only repeat the checks.
    const shares = Math.max(1, Math.min(this.#workers.length, fights))
    const pool = this.#ensureWorkers(shares)
    if (!pool.ok) return pool
    if (this.#job) this.#postAll({ kind: 'cancel', jobId: this.#job.merge.jobId })
    const jobId = `forecast-${++this.#count}`
    const seed = input.seed ?? `${Date.now().toString(36)}-${this.#count}`
    const whatIf = input.whatIf ?? []
    const records = fightRecords(campaign.store)
    const setup = { records, seed, fights, whatIf }
    this.#job = { merge: new ForecastMerge(jobId, setup, fighters(new RecordStore(records as never[])), shares), send }
    const rules = campaignRulesInput(campaign.store)
    pool.value.forEach((w, index) =>
      w.post({
        kind: 'start',
        jobId,
        rulesetId: campaign.rulesetId,
        rules,
        setup: { ...setup, share: { index, of: shares } },
      } satisfies ToForecastWorker),
    )
    return ok({ jobId, total: fights * (1 + whatIf.length), seed })
  }

  /**
   * A GM command is on its way: the forecast steps aside for `ms`, long enough for the command,
   * its diffs and both pages' paint. A forecast slows by what the GM does; the GM never waits on it.
   */
  deskBusy(ms = 120): void {
    const at = Date.now() + ms
    this.#busyUntil = at
    for (const w of this.#workers) w?.deskBusyUntil(at)
  }

  cancel(jobId: string): Result<RequestResults['forecastCancel']> {
    if (this.#job?.merge.jobId !== jobId) return ok({ cancelled: false })
    this.#postAll({ kind: 'cancel', jobId })
    return ok({ cancelled: true })
  }

  /**
   * Starts the pool a while after the desk is up, and has each thread build the open campaign's
   * rules (a later ruleset's code, the GM's own items), so the GM's first forecast does not wait for
   * threads to start and load them; not at once, where they would compete with the desk's start.
   */
  warmSoon(target: WarmTarget = () => null, delayMs = 5_000): void {
    if (this.#warmTimer || this.#stopped) return
    this.#warmTimer = setTimeout(() => {
      this.#warmTimer = null
      if (this.#stopped) return
      const pool = this.#ensureWorkers(this.#workers.length)
      const campaign = target()
      // A running forecast has its rules already; a warm message would only delay its next share.
      if (!pool.ok || !campaign || this.#job) return
      const rules = campaignRulesInput(campaign.store)
      for (const w of pool.value) w.post({ kind: 'warm', rulesetId: campaign.rulesetId, rules } satisfies ToForecastWorker)
    }, delayMs)
    this.#warmTimer.unref()
  }

  /** The app is quitting (or a test's core is done): the running forecast stops and the threads with it. */
  async stop(): Promise<void> {
    this.#stopped = true
    if (this.#warmTimer) clearTimeout(this.#warmTimer)
    this.#warmTimer = null
    this.#job = null
    const running = this.#workers.filter((w): w is ForecastRunner => w !== null)
    this.#workers.fill(null)
    await Promise.all(running.map((w) => w.stop()))
  }

  #postAll(m: ToForecastWorker): void {
    for (const w of this.#workers) w?.post(m)
  }

  /** The first `count` workers, started where they are not yet. */
  #ensureWorkers(count: number): Result<ForecastRunner[]> {
    if (this.#stopped) return fail('forecast/stopped', 'Salvo is closing; the forecast did not start.')
    const out: ForecastRunner[] = []
    for (let i = 0; i < count; i++) {
      const known = this.#workers[i]
      if (known) {
        out.push(known)
        continue
      }
      const w = this.#spawnAt(i)
      if (!w.ok) return w
      out.push(w.value)
    }
    return ok(out)
  }

  #spawnAt(share: number): Result<ForecastRunner> {
    let w: ForecastRunner
    try {
      w = this.spawn(this.data)
    } catch (e) {
      return fail('forecast/worker', `The forecast could not start its worker: ${(e as Error).message}`)
    }
    w.onMessage((m: FromForecastWorker) => {
      const job = this.#job
      if (m.kind !== 'part' || !job || m.part.jobId !== job.merge.jobId) return
      this.#report(job, job.merge.take(share, m.part))
    })
    w.onGone((problem) => {
      if (this.#workers[share] === w) this.#workers[share] = null
      const job = this.#job
      if (job && problem) this.#report(job, job.merge.fail(problem))
    })
    if (this.#busyUntil > Date.now()) w.deskBusyUntil(this.#busyUntil)
    this.#workers[share] = w
    return ok(w)
  }

  /** Sends the merged progress, if any; an ended forecast stops the other workers' shares. */
  #report(job: Job, progress: ForecastProgress | null): void {
    if (!progress) return
    if (job.merge.ended) {
      if (this.#job === job) this.#job = null
      if (progress.state !== 'done') this.#postAll({ kind: 'cancel', jobId: job.merge.jobId })
    }
    job.send(progress)
  }
}
