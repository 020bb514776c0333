import { pointAt, tenths, type Point } from '../../../../src-shared/geometry'

/*
 * SR-D10-44: where a missed grenade comes down. `002` has no scatter rule; a missed throw lands as
 * many metres off as the Throwing check missed by, in the direction of a d8 compass point.
 */

/** 1 = north (the top of the map), then clockwise: the usual table scatter die. */
const COMPASS = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'] as const
export type CompassPoint = (typeof COMPASS)[number]

export interface Scatter {
  /** Where it lands, to a tenth of a metre (the core keeps template positions to a tenth). */
  readonly at: Point
  readonly towards: CompassPoint
}

/** The point `metres` from where it was aimed towards the d8's compass point (diagonals at 45°). */
export function scatter(aim: Point, metres: number, d8: number): Scatter {
  const i = (((Math.trunc(d8) - 1) % 8) + 8) % 8
  // pointAt turns clockwise from east; north (−y on the map) is a quarter turn back from it.
  const at = pointAt(aim, metres, ((i - 2) * Math.PI) / 4)
  return { at: { x: tenths(at.x), y: tenths(at.y) }, towards: COMPASS[i]! }
}
