import type { ExplanationSection } from '../../src-shared/attack'
import type { CheckMode } from '../../src-shared/command-fields'
import type { RollRecord } from '../../src-shared/dice'
import type { PoolCost } from './resolution'

/* A check the GM calls for, what it came to, and what rolling it costs in the roller's turn. */

/** A check the GM calls for: which one (a key the ruleset lists), against what, how rolled. */
export interface CheckRequest {
  readonly check: string
  readonly dc: number
  readonly mode: CheckMode
  /** Situational modifiers the GM adds (cover, kit, help…). */
  readonly bonus: number
}

export interface CheckOutcome {
  readonly success: boolean
  readonly summary: string
  readonly detail: readonly ExplanationSection[]
  readonly rolls: readonly RollRecord[]
}

/** The price of rolling a check in the roller's own turn, in the ruleset's pools. */
export interface CheckCost {
  readonly spend: readonly PoolCost[]
  /** For the log ("1 action", "free: a save"). */
  readonly label: string
}
