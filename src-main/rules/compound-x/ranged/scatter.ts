/**
 * Where a missed grenade lands (`000` Grenades): "If you fail your throw within 1 miss chance of
 * the minimum, roll d4 meters for how off-target the grenade throw is. If you fail your throw
 * beyond 1 miss chance, roll a d10 instead." The direction is ours (SR-CX-22).
 */
import { tenths, type Point } from '../../../../src-shared/geometry'

/**
 * SR-CX-22: the lowest natural roll that hits is missChance + 1 (CX7), so a roll of exactly the
 * miss chance failed "within 1 miss chance of the minimum" (d4 m); anything lower is beyond (d10 m).
 */
export function scatterDie(natural: number, missChance: number): 4 | 10 {
  return natural >= missChance ? 4 : 10
}

/** SR-CX-22: a d8 picks the compass point, 1 = north (the top of the map, −y), then clockwise. */
export const COMPASS = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'] as const
export type CompassPoint = (typeof COMPASS)[number]

export function compassPoint(d8: number): CompassPoint {
  return COMPASS[(((Math.trunc(d8) - 1) % 8) + 8) % 8]!
}

/**
 * The landing point `metres` from the aim point towards the compass point (diagonals at 45°), to
 * the tenth of a metre the map places things at: the template the core moves there and the blast
 * the rules work out are then round the same point (SR-CX-22, issue 31).
 */
export function landingPoint(aim: Point, metres: number, towards: CompassPoint): Point {
  const angle = (COMPASS.indexOf(towards) * Math.PI) / 4
  // North is −y on the map.
  return { x: tenths(aim.x + metres * Math.sin(angle)), y: tenths(aim.y - metres * Math.cos(angle)) }
}
