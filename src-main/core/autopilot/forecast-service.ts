import { availableParallelism } from 'node:os'
import { FORECAST_LIMITS, teamOf, type ForecastProgress } from '../../../src-shared/autopilot'
import type { RequestInputs, RequestResults } from '../../../src-shared/contract'
import { fail, ok, type Result } from '../../../src-shared/result'
import { campaignRulesInput } from '../engine/campaign-ruleset'
import { RecordStore, type RecordReader } from '../state/record-store'
import { fighters } from './fighters'
import type { FromForecastWorker, ToForecastWorker } from './forecast-messages'
import { ForecastMerge } from './forecast-merge'
import type { ForecastSetup } from './forecast-run'
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

/** A forecast checked and ready to play: what its runners are sent. */
interface Prepared {
  /** The id the caller knows it by, whatever run of it is playing. */
  readonly jobId: string
  readonly rulesetId: string
  readonly rules: ReturnType<typeof campaignRulesInput>
  readonly setup: ForecastSetup
  readonly shares: number
}

interface Asked {
  readonly prepared: Prepared
  readonly send: (p: ForecastProgress) => void
  /** A saved encounter's badge: it waits for the GM's own forecast (or Balance) instead of replacing it. */
  readonly background: boolean
}

interface Job extends Asked {
  /** This run's id among the runners: a background forecast set aside and started again is a new run. */
  readonly merge: ForecastMerge
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
  /** A badge waiting for the GM's forecast to end (the newest only). */
  #waiting: Asked | null = null
  #count = 0
  #runs = 0
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

  /**
   * Starts a forecast, replacing the one playing. A `background` one (a saved encounter's badge)
   * instead waits while the GM's own forecast or Balance plays, and is set aside and started again
   * when one of those starts during it: the GM's forecast is never cancelled by the desk's own.
   */
  start(
    input: RequestInputs['forecastStart'],
    campaign: { readonly store: RecordReader; readonly rulesetId: string } | null,
    send: (p: ForecastProgress) => void,
    options: { readonly background?: boolean } = {},
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
    const count = ++this.#count
    const jobId = `forecast-${count}`
    const seed = input.seed ?? `${Date.now().toString(36)}-${count}`
    const whatIf = input.whatIf ?? []
    const setup = { records: fightRecords(campaign.store), seed, fights, whatIf }
    const prepared: Prepared = { jobId, rulesetId: campaign.rulesetId, rules: campaignRulesInput(campaign.store), setup, shares }
    const asked: Asked = { prepared, send, background: options.background ?? false }
    const playing = this.#job
    if (asked.background && playing && !playing.background) this.#waiting = asked
    else {
      // The GM's forecast over a badge: the badge plays again, from the start, once it is done.
      if (!asked.background && playing?.background) this.#waiting = playing
      else if (asked.background) this.#waiting = null
      this.#launch(asked)
    }
    return ok({ jobId, total: fights * (1 + whatIf.length), seed })
  }

  #launch(asked: Asked): void {
    if (this.#job) this.#postAll({ kind: 'cancel', jobId: this.#job.merge.jobId })
    const { prepared } = asked
    const runId = `${prepared.jobId}.${++this.#runs}`
    const records = prepared.setup.records
    const merge = new ForecastMerge(runId, prepared.setup, fighters(new RecordStore(records as never[])), prepared.shares)
    this.#job = { ...asked, merge }
    const pool = this.#ensureWorkers(prepared.shares)
    if (!pool.ok) return this.#report(this.#job, merge.fail(pool.error.message))
    pool.value.forEach((w, index) =>
      w.post({
        kind: 'start',
        jobId: runId,
        rulesetId: prepared.rulesetId,
        rules: prepared.rules,
        setup: { ...prepared.setup, share: { index, of: prepared.shares } },
      } satisfies ToForecastWorker),
    )
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
    if (this.#waiting?.prepared.jobId === jobId) {
      this.#waiting = null
      return ok({ cancelled: true })
    }
    if (this.#job?.prepared.jobId !== jobId) return ok({ cancelled: false })
    this.#postAll({ kind: 'cancel', jobId: this.#job.merge.jobId })
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
    this.#waiting = null
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
    let next: Asked | null = null
    if (job.merge.ended) {
      if (this.#job === job) {
        this.#job = null
        next = this.#waiting
        this.#waiting = null
      }
      if (progress.state !== 'done') this.#postAll({ kind: 'cancel', jobId: job.merge.jobId })
    }
    // The caller knows the forecast by its own id, whichever run of it this is. (A badge's run set
    // aside for the GM's forecast is not heard here at all: its parts carry the old run's id.)
    job.send({ ...progress, jobId: job.prepared.jobId })
    if (next && !this.#stopped) this.#launch(next)
  }
}
