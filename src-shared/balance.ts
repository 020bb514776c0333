import type { ForecastShare } from './autopilot'
import type { TemplateId } from './records'

/*
 * Issue 35: Balance searches the enemy side's counts (and, where the GM allows, other ready-made
 * NPCs in a line's place) for a line-up whose forecast meets a target. What a window sees of it.
 */

/** Where a line's combatants come from: a roster entry, or a ready-made NPC of the ruleset (as `squad/add` takes them). */
export type BalanceSource =
  { readonly kind: 'template'; readonly templateId: TemplateId } | { readonly kind: 'quickNpc'; readonly name: string }

export interface BalanceLineInput {
  readonly source: BalanceSource
  /** The count the GM has now: the search's first candidate. */
  readonly count: number
  readonly min: number
  readonly max: number
  /** Other ready-made NPCs of the campaign's ruleset the search may put in this line's place. */
  readonly swaps?: readonly string[]
}

/** Percent, 1–99: the party's chance to win, and the most chance that someone of the party goes down. */
export interface BalanceTarget {
  readonly win: number
  readonly downRisk: number
}

/** One line of a candidate: which source, how many. */
export interface BalanceLineUp {
  readonly source: BalanceSource
  /** The name the GM knows it by (the roster entry's or the NPC's). */
  readonly name: string
  readonly count: number
}

/** A candidate's forecast: the party's win and the down risk, each with its 95% interval. */
export interface BalanceEstimate {
  readonly fights: number
  readonly win: ForecastShare
  /** Fights where someone in the party went down (see `downRiskOf`). */
  readonly downRisk: ForecastShare
}

/** On target: the whole interval inside the band; off: the whole interval outside it; open: not yet known. */
export type BalanceVerdict = 'on' | 'off' | 'open'

export interface BalanceCandidate {
  readonly lineUp: readonly BalanceLineUp[]
  readonly estimate: BalanceEstimate | null
  /** Its forecast is over (played out, or stopped once its interval decided it): the estimate is final. */
  readonly done: boolean
  readonly verdict: BalanceVerdict
  /** Distance to the target (lower is closer), from the estimate's shares. */
  readonly score: number | null
}

/** Running; settled (a candidate is on target); exhausted (none left to try, or the cap); cancelled; failed. */
export type BalanceState = 'running' | 'settled' | 'exhausted' | 'cancelled' | 'failed'

/** Pushed to the window that asked, as each candidate's forecast refines. */
export interface BalanceProgress {
  readonly searchId: string
  readonly state: BalanceState
  readonly target: BalanceTarget
  /** Candidates so far, in the order tried; the last one is being forecast while running. */
  readonly candidates: readonly BalanceCandidate[]
  /** The closest of the candidates measured so far (`done`), by its place in `candidates`. */
  readonly best: number | null
  /** Why it stopped, in words, when it did (settled, exhausted, cancelled or failed). */
  readonly message: string | null
  readonly elapsedMs: number
}
