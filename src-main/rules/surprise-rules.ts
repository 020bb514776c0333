import type { RollRecord } from '../../src-shared/dice'
import type { CombatantId } from '../../src-shared/records'
import type { Result } from '../../src-shared/result'
import type { Dice } from './dice'
import type { RulesCombatant } from './ruleset'

/**
 * A fight that opens with one side catching the other unaware (issue 14 E5): the core runs a
 * surprise round in which only the ambushers who got the drop act; the ruleset may decide who
 * that is (d20's Stealth against Awareness) and mark the surprised for that round (d10).
 */
export interface SurpriseOutcome {
  /** Of the ambushers, those who take a turn in the surprise round. */
  readonly actors: readonly CombatantId[]
  /** Of the others, those caught unaware. */
  readonly surprised: readonly CombatantId[]
  /** One line each for the log. */
  readonly lines: readonly string[]
  readonly rolls: readonly RollRecord[]
}

export interface SurpriseRules {
  /**
   * Who gets the drop on whom. Absent: every ambusher acts and everyone else is surprised (the
   * d10 Surprise Round). A refusal (an ambusher without a sheet…) refuses the whole command.
   */
  decide?(ambushers: readonly RulesCombatant[], others: readonly RulesCombatant[], dice: Dice): Result<SurpriseOutcome>
  /**
   * A condition the surprised carry through the surprise round, so the ruleset's own refusals
   * (no dodge, no block) apply; the core grants it and it ends as the first normal round begins.
   */
  readonly mark?: string
}
