import type { ForecastProgress } from '../../../src-shared/autopilot'
import type { BalanceCandidate, BalanceEstimate, BalanceLineUp, BalanceProgress, BalanceState } from '../../../src-shared/balance'
import type { RequestInputs, RequestResults } from '../../../src-shared/contract'
import { BALANCE, SQUAD } from '../../../src-shared/limits'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { Ruleset } from '../../rules/ruleset'
import type { RecordReader } from '../state/record-store'
import { balanceBase, balanceProblem, candidateStore, lineSources, lineUpOf, partyBase } from './balance-lineup'
import { BalanceSearch, downRiskOf, scoreOf, verdictOf, type Band, type Pick } from './balance-search'

/** What Balance needs of the forecast: its public entry, and a way to stop a candidate's forecast early. */
export interface BalanceForecast {
  start(
    input: RequestInputs['forecastStart'],
    campaign: { readonly store: RecordReader; readonly rulesetId: string } | null,
    send: (p: ForecastProgress) => void,
    options?: { readonly background?: boolean },
  ): Result<RequestResults['forecastStart']>
  cancel(jobId: string): Result<RequestResults['forecastCancel']>
}

export interface BalanceCampaign {
  readonly store: RecordReader
  readonly rulesetId: string
  readonly ruleset: Ruleset
  /** Whether the campaign the search was asked for is still the open one: another campaign's search would only mislead. */
  readonly stillOpen?: () => boolean
}

interface Running {
  readonly searchId: string
  readonly input: RequestInputs['balanceStart']
  readonly base: readonly unknown[]
  /** The roster as it stood, for the line-ups' names. */
  readonly names: RecordReader
  readonly campaign: BalanceCampaign
  readonly band: Band
  readonly search: BalanceSearch
  readonly candidates: BalanceCandidate[]
  readonly picks: Pick[]
  /** Each candidate's fight, kept for a second, longer forecast of the closest. */
  readonly stores: RecordReader[]
  /** Candidates given more fights already. */
  readonly refined: Set<number>
  readonly send: (p: BalanceProgress) => void
  readonly startedAt: number
  readonly seed: string
  /** The forecast playing the candidate at `listening`; null between candidates. */
  jobId: string | null
  listening: number | null
}

const lineUpWords = (lineUp: readonly BalanceLineUp[]) => lineUp.map((l) => `${l.count} × ${l.name}`).join(', ')
const pct = (share: number) => `${Math.round(share * 100)} %`

/**
 * Issue 35's Balance on the desk's side: one search at a time, each candidate a forecast through
 * the forecast's own public entry (so it runs where forecasts run and gives way to the desk as they
 * do), played over a copy of the campaign's fight with the candidate's enemies added the way
 * `squad/add` adds them. Nothing is written; progress goes to the window that asked and only to it.
 */
export class BalanceService {
  #running: Running | null = null
  #count = 0

  constructor(
    private readonly forecast: BalanceForecast,
    private readonly now: () => number = () => performance.now(),
  ) {}

  start(
    input: RequestInputs['balanceStart'],
    campaign: BalanceCampaign | null,
    send: (p: BalanceProgress) => void,
  ): Result<RequestResults['balanceStart']> {
    if (!campaign) return fail('campaign/none', 'Open a campaign to balance an encounter in it.')
    const problem = balanceProblem(input, campaign.store, campaign.ruleset)
    if (problem) return fail(problem.code, problem.message)
    this.#end(this.#running, 'cancelled', 'A newer balance search replaced this one.')
    const lines = input.lines.map((l) => ({ choices: lineSources(l).length, min: l.min, max: l.max }))
    const band: Band = { win: input.target.win / 100, downRisk: input.target.downRisk / 100, winBand: BALANCE.winBand }
    const start: Pick = { counts: input.lines.map((l) => l.count), choices: input.lines.map(() => 0) }
    const searchId = `balance-${++this.#count}`
    const run: Running = {
      searchId,
      input,
      base: input.partyOnly ? partyBase(campaign.store) : balanceBase(campaign.store),
      names: campaign.store,
      campaign,
      band,
      search: new BalanceSearch(lines, start, band, SQUAD.size),
      candidates: [],
      picks: [],
      stores: [],
      refined: new Set(),
      send,
      startedAt: this.now(),
      seed: input.seed ?? `balance-${Date.now().toString(36)}-${this.#count}`,
      jobId: null,
      listening: null,
    }
    this.#running = run
    // The first candidate starts now, so a forecast that cannot start is this request's answer.
    const first = this.#next(run)
    if (!first.ok) {
      this.#running = null
      return first
    }
    return ok({ searchId })
  }

  cancel(searchId: string): Result<RequestResults['balanceCancel']> {
    const run = this.#running
    if (run?.searchId !== searchId) return ok({ cancelled: false })
    this.#end(run, 'cancelled', 'Cancelled: nothing was added. The closest line-up so far is still shown.')
    return ok({ cancelled: true })
  }

  /** The GM started a forecast of their own: it takes the simulator, and a running search stops, saying so. */
  forecastTaken(): void {
    const run = this.#running
    if (!run) return
    run.jobId = null
    this.#end(run, 'cancelled', 'A forecast the GM started took over the simulator; the balance search stopped.')
  }

  /** The next candidate's forecast, or the search's end when there is none. */
  #next(run: Running): Result<void> {
    if (this.#running !== run) return ok(undefined)
    if (run.campaign.stillOpen && !run.campaign.stillOpen()) {
      this.#end(run, 'cancelled', 'The campaign it was balancing is no longer open; the search stopped.')
      return ok(undefined)
    }
    if (run.candidates.length >= BALANCE.candidates) {
      this.#end(run, 'exhausted', `Tried ${run.candidates.length} line-ups, the most one search tries: the closest is highlighted.`)
      return ok(undefined)
    }
    if (run.search.sinceBetter >= BALANCE.staleAfter) {
      this.#end(run, 'exhausted', `The last ${BALANCE.staleAfter} line-ups came no closer: the closest is highlighted.${whyNot(run)}`)
      return ok(undefined)
    }
    const pick = run.search.next()
    if (!pick) {
      this.#end(
        run,
        'exhausted',
        `Every other line-up within the ranges is tried or surely further off: the closest is highlighted.${whyNot(run)}`,
      )
      return ok(undefined)
    }
    const lineUp = lineUpOf(run.input.lines, pick, run.names)
    const store = candidateStore(run.base, run.campaign.ruleset, lineUp)
    if (!store.ok) return this.#failWith(run, `The line-up ${lineUpWords(lineUp)} could not be made: ${store.error.message}`)
    const index = run.candidates.length
    run.candidates.push({ lineUp, estimate: null, done: false, verdict: 'open', score: null })
    run.picks.push(pick)
    run.stores.push(store.value)
    return this.#measure(run, index, run.input.fights ?? BALANCE.fights.default)
  }

  /** Forecasts candidate `index` over `fights` fights. */
  #measure(run: Running, index: number, fights: number): Result<void> {
    run.listening = index
    const started = this.forecast.start(
      // Every candidate meets the same dice fight for fight: the difference is the line-up, not the luck.
      { fights, seed: run.seed },
      { store: run.stores[index]!, rulesetId: run.campaign.rulesetId },
      (p) => this.#heard(run, index, p),
    )
    if (!started.ok) return this.#failWith(run, started.error.message)
    run.jobId = started.value.jobId
    this.#send(run, 'running', null)
    return ok(undefined)
  }

  /**
   * A candidate that played all its fights still straddling the band, its win chance well inside
   * it (within half the band) and its down risk under the most, and closer than any before it, is
   * worth more fights: its interval narrows by half with four times as many (once, within
   * the bound). The same seed replays its first fights, so the estimate only refines.
   */
  #refine(run: Running, index: number, estimate: BalanceEstimate): boolean {
    const c = run.candidates[index]!
    const more = Math.min(BALANCE.fights.max, estimate.fights * 4)
    if (c.verdict !== 'open' || run.refined.has(index) || more <= estimate.fights) return false
    const band = run.band
    if (Math.abs(estimate.win.share - band.win) > band.winBand / 2 || estimate.downRisk.share > band.downRisk) return false
    const closer = run.candidates.every((o, i) => i === index || !o.done || o.score === null || c.score! < o.score)
    if (!closer) return false
    run.refined.add(index)
    run.listening = null
    run.jobId = null
    setImmediate(() => {
      if (this.#running === run) void this.#measure(run, index, more)
    })
    return true
  }

  #failWith(run: Running, message: string): Result<void> {
    this.#end(run, 'failed', message)
    return fail('balance/failed', message)
  }

  #heard(run: Running, index: number, p: ForecastProgress): void {
    if (this.#running !== run || run.listening !== index) return
    if (run.campaign.stillOpen && !run.campaign.stillOpen()) {
      this.#end(run, 'cancelled', 'The campaign it was balancing is no longer open; the search stopped.')
      return
    }
    if (p.state === 'failed') {
      this.#end(run, 'failed', `The forecast of ${lineUpWords(run.candidates[index]!.lineUp)} failed: ${p.problem ?? 'no reason given'}`)
      return
    }
    if (p.state === 'cancelled') {
      this.#end(run, 'cancelled', 'The forecast stopped before this line-up was measured.')
      return
    }
    const variant = p.variants[0]
    if (!variant || variant.fights === 0) return
    const estimate: BalanceEstimate = { fights: variant.fights, win: variant.partyWins, downRisk: downRiskOf(variant) }
    const verdict = verdictOf(estimate, run.band)
    run.candidates[index] = { ...run.candidates[index]!, estimate, verdict, score: scoreOf(estimate, run.band) }
    const band = run.band
    const sharesOff = Math.abs(estimate.win.share - band.win) > band.winBand || estimate.downRisk.share > band.downRisk
    const ruled =
      (verdict !== 'open' && estimate.fights >= BALANCE.earliestVerdict) || (sharesOff && estimate.fights >= BALANCE.probablyOffAfter)
    if (p.state !== 'done' && !ruled) {
      this.#send(run, 'running', null)
      return
    }
    if (p.state === 'done' && this.#refine(run, index, estimate)) {
      this.#send(run, 'running', null)
      return
    }
    // Measured well enough: the rest of its fights would not change the verdict.
    run.listening = null
    run.candidates[index] = { ...run.candidates[index]!, done: true }
    if (p.state !== 'done' && run.jobId) this.forecast.cancel(run.jobId)
    run.jobId = null
    run.search.record(run.picks[index]!, estimate)
    if (verdict === 'on') {
      const c = run.candidates[index]!
      this.#end(
        run,
        'settled',
        `On target: ${lineUpWords(c.lineUp)} — the party wins ${pct(estimate.win.share)} ± ${pct(estimate.win.interval)}, down risk ${pct(estimate.downRisk.share)}.`,
      )
      return
    }
    // Not from inside the forecast's own message handler: the next start replaces the job it reports on.
    setImmediate(() => {
      const next = this.#next(run)
      void next
    })
  }

  #end(run: Running | null, state: Exclude<BalanceState, 'running'>, message: string): void {
    if (!run || this.#running !== run) return
    this.#running = null
    run.listening = null
    if (run.jobId) this.forecast.cancel(run.jobId)
    run.jobId = null
    this.#send(run, state, message)
  }

  #send(run: Running, state: BalanceState, message: string | null): void {
    run.send({
      searchId: run.searchId,
      state,
      target: run.input.target,
      candidates: [...run.candidates],
      best: bestOf(run.candidates),
      message,
      elapsedMs: Math.round(this.now() - run.startedAt),
    })
  }
}

/** What kept every line-up off target, when one thing did: the down risk above the most in each, or the win chance to one side. */
function whyNot(run: Running): string {
  const measured = run.candidates.filter((c) => c.done && c.estimate)
  if (measured.length === 0) return ''
  const least = measured.reduce((a, b) => (b.estimate!.downRisk.share < a.estimate!.downRisk.share ? b : a))
  if (least.estimate!.downRisk.share > run.band.downRisk)
    return ` No line-up tried keeps the down risk at ${pct(run.band.downRisk)} or under: the least was ${pct(least.estimate!.downRisk.share)} (${lineUpWords(least.lineUp)}).`
  if (measured.every((c) => c.estimate!.win.share > run.band.win + run.band.winBand))
    return ` Even the hardest line-up tried leaves the party winning more than ${pct(run.band.win + run.band.winBand)}: allow more enemies.`
  if (measured.every((c) => c.estimate!.win.share < run.band.win - run.band.winBand))
    return ` Even the easiest line-up tried leaves the party winning less than ${pct(run.band.win - run.band.winBand)}.`
  return ''
}

/** The closest candidate measured so far: an on-target one first, then by score. */
function bestOf(candidates: readonly BalanceCandidate[]): number | null {
  let best: number | null = null
  candidates.forEach((c, i) => {
    if (c.score === null || !c.done) return
    const b = best === null ? null : candidates[best]!
    if (!b || (c.verdict === 'on') > (b.verdict === 'on') || ((c.verdict === 'on') === (b.verdict === 'on') && c.score < b.score!)) best = i
  })
  return best
}
