import type { AreaShape } from '../../../src-shared/area-geometry'
import { areaReachesBase, type WallIndex } from '../../../src-shared/wall-geometry'
import { centreDistance, gapBetween, tenths, touchesArea, TYPED_DISTANCE, withinReach, type Footprint } from '../../../src-shared/geometry'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { RulesCombatant } from '../ruleset'
import { optionNumber, type OptionValues } from './options'

/**
 * What every ruleset asks of where its combatants stand (issue 31), over the one geometry module
 * (src-shared/geometry.ts). The core has already placed both sides (`placeAct`): on the map each
 * carries its token's base; off it, or when the GM set positions aside, neither does and the typed
 * distance stands.
 */

/** Centre to centre, to a tenth, when both stand on the map; null off it. */
export function mapDistance(a: Pick<RulesCombatant, 'position'>, b: Pick<RulesCombatant, 'position'>): number | null {
  return a.position && b.position ? tenths(centreDistance(a.position, b.position)) : null
}

/** The distance an act is judged at: the map's when both stand on it, else the typed one, else `fallback`. */
export function actDistance(
  options: OptionValues,
  a: Pick<RulesCombatant, 'position'>,
  b: Pick<RulesCombatant, 'position'>,
  fallback: number,
): number {
  return mapDistance(a, b) ?? Math.max(0, optionNumber(options, TYPED_DISTANCE) ?? fallback)
}

/** Base to base, to a tenth, when both stand on the map; null off it. */
export function mapGap(a: Pick<RulesCombatant, 'position'>, b: Pick<RulesCombatant, 'position'>): number | null {
  return a.position && b.position ? tenths(gapBetween(a.position, b.position)) : null
}

/**
 * A touch or melee act's reach, judged on the map: refused with what it needs and how far the
 * target is, in the one wording every ruleset uses. Off the map it is the GM's call (allowed).
 */
export function withinReachOf(
  actor: Pick<RulesCombatant, 'name' | 'position'>,
  target: Pick<RulesCombatant, 'name' | 'position'>,
  reach: number,
  what: string,
): Result<null> {
  if (!actor.position || !target.position || withinReach(actor.position, target.position, reach)) return ok(null)
  const gap = tenths(gapBetween(actor.position, target.position))
  return fail(
    'position/outOfReach',
    `${what} needs ${target.name} within ${reach} m of ${actor.name}; ${target.name} is ${gap} m away (base to base).`,
  )
}

/**
 * Everyone on the map an area touches (a scattered grenade's burst where it landed), the touching
 * edge included; with the scene's walls, only where its centre reaches them (SR-CORE-32), the test
 * the core builds a template's list with.
 */
export function underArea<C extends Pick<RulesCombatant, 'position'>>(onScene: readonly C[], area: AreaShape, walls?: WallIndex): C[] {
  return onScene.filter(
    (c) => c.position !== undefined && (walls ? areaReachesBase(walls, area, c.position, area) : touchesArea(area, c.position)),
  )
}

export type { Footprint }
