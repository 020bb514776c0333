import { FORECAST_LIMITS, teamOf, type AutopilotCommand, type ForecastVariant } from '../../../src-shared/autopilot'
import type { CombatantRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { Ruleset } from '../../rules/ruleset'
import { seededSource } from '../dice/random-source'
import { RecordStore } from '../state/record-store'
import { activeEncounter } from '../commands/decide-context'
import { playFight } from './fight-runner'
import { fighters, winnerOf } from './fighters'
import { ForecastTally, type TallyCounts } from './forecast-tally'
import { openingOdds, PreviewMemo } from './opening-odds'
import { canHurtSomeone, type OddsSource } from './policy'
import { SimTable } from './sim-table'

export interface ForecastSetup {
  /** The fight's records as they stand (see `fightRecords`). */
  readonly records: readonly unknown[]
  readonly seed: string
  readonly fights: number
  /** Fixed first acts of the acting combatant to compare with the policy's own play, each its own variant. */
  readonly whatIf: readonly { readonly label: string; readonly command: AutopilotCommand }[]
  readonly roundCap?: number
  /**
   * The part of the fights this run plays, when a pool shares a forecast out: fight `f` is played
   * where `f % of === index`. Each fight keeps its own seed, so the merged tallies are the same
   * whatever the pool's size. Absent: every fight.
   */
  readonly share?: { readonly index: number; readonly of: number }
}

/** How many of `fights` a share plays. */
export function fightsInShare(fights: number, share: ForecastSetup['share']): number {
  if (!share) return fights
  return Math.max(0, Math.ceil((fights - share.index) / share.of))
}

/** The forecast's tallies, one per variant (as things stand, then each "what if"), empty. */
export function forecastTallies(setup: ForecastSetup, who: readonly CombatantRecord[]): ForecastTally[] {
  const roundCap = setup.roundCap ?? FORECAST_LIMITS.roundCap
  return [new ForecastTally('As things stand', who, roundCap), ...setup.whatIf.map((w) => new ForecastTally(w.label, who, roundCap))]
}

/**
 * A forecast being played: fights one at a time, each on its own copy of the opening state with its
 * own generator seeded from the forecast's seed and the fight's number (so the same seed gives the
 * same forecast however the work is sliced, and every variant meets the same dice fight for fight).
 * It never touches the campaign or its generator.
 */
export class ForecastRun {
  readonly #opening: RecordStore
  readonly #odds: OddsSource
  readonly #tallies: ForecastTally[]
  readonly #roundCap: number
  #next = 0
  #notes: readonly string[] = []

  private constructor(
    private readonly setup: ForecastSetup,
    private readonly ruleset: Ruleset,
    memo: PreviewMemo,
  ) {
    this.#opening = new RecordStore(setup.records as never[])
    this.#odds = openingOdds(ruleset, this.#opening, memo)
    this.#roundCap = setup.roundCap ?? FORECAST_LIMITS.roundCap
    this.#tallies = forecastTallies(setup, fighters(this.#opening))
  }

  /** Checks the fight can be forecast at all; a refusal says why in the GM's words. */
  static start(setup: ForecastSetup, ruleset: Ruleset, memo: PreviewMemo = new PreviewMemo()): Result<ForecastRun> {
    const opening = new RecordStore(setup.records as never[])
    const everyone = fighters(opening)
    const problem = sidesProblem(everyone.map((c) => teamOf(c.side)))
    if (problem) return fail('forecast/sides', problem)
    if (winnerOf(opening, ruleset) !== null) return fail('forecast/over', 'One side has nobody standing: this fight is already over.')
    const whatIf = whatIfProblem(opening, setup.whatIf)
    if (whatIf) return fail('forecast/whatIf', whatIf)
    const run = new ForecastRun(setup, ruleset, memo)
    run.#notes = run.#unarmed()
    if (run.#notes.length === everyone.length) {
      return fail('forecast/harmless', `Nobody can hurt anybody: ${run.#notes.join(' ')} The fight could never end.`)
    }
    return ok(run)
  }

  /** Who has no attack that can reach or hurt any opponent, in words. */
  #unarmed(): string[] {
    const state = this.#opening
    return fighters(state).flatMap((actor) => {
      return canHurtSomeone({ state, ruleset: this.ruleset, actor, odds: this.#odds })
        ? []
        : [`${actor.name} has no attack that can reach or hurt an opponent.`]
    })
  }

  /** What the GM should know about the fight as set up ("Vex has no attack that can reach…"). */
  get notes(): readonly string[] {
    return this.#notes
  }

  get total(): number {
    return fightsInShare(this.setup.fights, this.setup.share) * this.#tallies.length
  }

  get done(): number {
    return this.#next
  }

  get finished(): boolean {
    return this.#next >= this.total
  }

  /** Plays fights until `budgetMs` has passed (at least one), each variant in turn. */
  step(budgetMs: number, now: () => number = () => performance.now(), between?: () => void): void {
    const until = now() + budgetMs
    do {
      if (this.finished) return
      const variant = this.#next % this.#tallies.length
      const nth = Math.floor(this.#next / this.#tallies.length)
      const fight = this.setup.share ? this.setup.share.index + nth * this.setup.share.of : nth
      this.#next++
      const table = new SimTable(this.setup.records, this.ruleset, seededSource(`${this.setup.seed}:${fight}`))
      const first = variant === 0 ? null : this.setup.whatIf[variant - 1]!.command
      this.#tallies[variant]!.add(playFight(table, this.#odds, { roundCap: this.#roundCap, first, ...(between ? { between } : {}) }))
    } while (now() < until)
  }

  variants(): ForecastVariant[] {
    return this.#tallies.map((t) => t.report())
  }

  /** Each variant's counts so far, as plain data (a pool worker's report). */
  counts(): TallyCounts[] {
    return this.#tallies.map((t) => t.counts())
  }
}

/** A "what if" fixes the acting combatant's next act: there must be one acting, and each act must be its. */
function whatIfProblem(state: RecordStore, whatIf: ForecastSetup['whatIf']): string | null {
  if (whatIf.length === 0) return null
  const acting = activeEncounter(state)?.currentCombatantId
  if (!acting || (activeEncounter(state)?.round ?? 0) < 1)
    return 'A “what if” compares acts of the combatant whose turn it is: roll initiative first.'
  for (const w of whatIf) {
    const actor: string =
      w.command.type === 'attack/resolve'
        ? w.command.payload.request.attackerId
        : w.command.type === 'action/perform'
          ? w.command.payload.request.actorId
          : acting
    if (actor !== acting) return `“${w.label}” is not an act of the combatant whose turn it is.`
  }
  return null
}

function sidesProblem(teams: readonly (string | null)[]): string | null {
  if (!teams.includes('party')) return 'Nobody is on the party’s side (party or ally): a forecast needs both sides.'
  if (!teams.includes('enemy')) return 'Nobody is on the enemy side: add enemies (or change a combatant’s side) to forecast a fight.'
  return null
}
