import type { Result } from '../../../../src-shared/result'
import type { RulesCombatant } from '../../ruleset'
import { withinReachOf } from '../../kit/positions'

/**
 * SR-2D6-20: melee reach, and the reach of anything done by hand to another (a bandage), is
 * 1.5 m base to base — one 5-foot square (R0.4), so on a 1.5 m grid any neighbouring square,
 * diagonals included. `004` gives melee no distance at all.
 */
export const MELEE_REACH = 1.5

/** A melee or touch act on the map needs the other within reach; off the map it is the GM's call (issue 31). */
export const withinTouch = (actor: RulesCombatant, other: RulesCombatant, what: string): Result<null> =>
  withinReachOf(actor, other, MELEE_REACH, `${what} (SR-2D6-20)`)
