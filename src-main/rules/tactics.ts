import type { RulesCombatant } from './ruleset'

/**
 * What a ruleset may tell the autopilot beyond the attacks it can preview (issue 17): an action
 * worth taking now and why ("the magazine is empty: reload"). The core's policy ranks it beside
 * the attacks by `score`, on the attacks' scale: 1 is about a sure way to put an opponent down.
 */
export interface TacticHint {
  /** A key of the ruleset's own action list for this actor. */
  readonly action: string
  readonly targetId: RulesCombatant['id'] | null
  readonly options: Readonly<Record<string, string | number | boolean>>
  readonly score: number
  /** Why, in words, for the suggestion panel. */
  readonly reason: string
}

export interface Tactics {
  /** Acts worth considering for `actor` on its turn, given who opposes it (standing ones only). */
  hints(actor: RulesCombatant, opponents: readonly RulesCombatant[]): readonly TacticHint[]
}
