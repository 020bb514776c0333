import type { Result } from '../../../../src-shared/result'
import { withinReachOf } from '../../kit/positions'
import type { RulesCombatant } from '../../ruleset'

/**
 * `002 Melee Combat`: "A player character can engage another in melee combat if they are close to
 * each other (up to a metre)." SR-D10-42: a metre between the two bases (base to base, the
 * touching edge included), so neighbouring squares, diagonals too, are in reach on a 1 m or
 * 1.5 m grid, and two squares away is not. Off the map it is the GM's call.
 */
export const MELEE_REACH = 1

type Placed = Pick<RulesCombatant, 'name' | 'position'>

/** A melee strike's reach: refused as `position/outOfReach` with how far the target is. */
export const meleeReach = (a: Placed, t: Placed): Result<null> =>
  withinReachOf(a, t, MELEE_REACH, 'A melee attack (002 Melee Combat, SR-D10-42)')
