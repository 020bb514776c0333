import type { ExplanationSection } from '../../src-shared/attack'
import type { CheckMode } from '../../src-shared/command-fields'
import type { RollRecord } from '../../src-shared/dice'
import type { CombatantKind } from '../../src-shared/records'
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

/** A roll the GM is about to make, as the ruleset judges whether it is secret by default. */
export interface RollToJudge {
  readonly kind: 'attack' | 'action' | 'check'
  /** The check's or action's key (the ruleset's own); the attack's is 'attack'. */
  readonly key: string
  /** Who rolls: a PC's rolls are the players' own, an NPC's the GM's. */
  readonly roller: CombatantKind
}

/**
 * Which rolls the table does not see unless the GM says otherwise (issue 16). The GM can always
 * flip it for one roll; this is only where the switch starts.
 */
export interface RollSecrecy {
  secretByDefault(roll: RollToJudge): boolean
}
