import type { AreaMarkId, CombatantId } from '../../src-shared/records'
import type { WallIndex } from '../../src-shared/wall-geometry'
import type { PoolCost } from './resolution'
import type { RulesCombatant } from './ruleset'

/* What the core hands a ruleset about the scene in play, and what a move on it costs. */

/**
 * The area template an action is aimed at (`ActionRequest.areaId`), on the scene in play, with
 * everyone whose token base it touches (the touching edge counts, SR-CORE-10) — actor and target
 * included when they stand there. A hidden template is still the GM's to use (a mine).
 */
export interface TargetArea {
  readonly id: AreaMarkId
  /** What the GM called it ("Grenade"), without the radius. */
  readonly label: string
  readonly x: number
  readonly y: number
  /** Metres. */
  readonly radius: number
  readonly hidden: boolean
  readonly inside: readonly RulesCombatant[]
  /**
   * The scene's walls (issue 34), so a ruleset judging the burst elsewhere (a scattered grenade's
   * landings, its odds) asks the same reach the core built `inside` with (SR-CORE-32). Absent:
   * no walls.
   */
  readonly walls?: WallIndex
}

/** A token's straight path on the scene in play, in metres. */
export interface MapPath {
  readonly from: { readonly x: number; readonly y: number }
  readonly to: { readonly x: number; readonly y: number }
}

/** The price of a move on the map, in the ruleset's pools. */
export interface MovementCost {
  /** Spent from the mover's pools when it moves on its own turn (nothing out of turn: the GM is placing it). */
  readonly spend: readonly PoolCost[]
  /** For the readout and the log ("2 actions", "5 speed points (3 left)"). */
  readonly label: string
  /** It cannot move this far by the rules (no speed at all, more than a turn): the GM may still move it free. */
  readonly refusal?: string
}

/** A condition's zone on the scene in play (a suppression area or lane), and whose condition it is. */
export interface MapArea {
  readonly bearerId: CombatantId
  readonly conditionId: string
  /** A circle, or with `to` a lane: every point within `radius` of the segment from (x, y) to `to`. */
  readonly area: {
    readonly x: number
    readonly y: number
    readonly radius: number
    readonly to?: { readonly x: number; readonly y: number }
  }
  /**
   * The scene's walls (issue 34): whether the zone's source reaches a point or a base is asked of
   * them through wall-geometry.ts (`reaches`, `areaReachesBase`, `lineOfFire`), never measured
   * again by the ruleset (SR-CORE-32). Absent: no walls.
   */
  readonly walls?: WallIndex
}
