import { areaReachesBase, type WallIndex } from '../../../../src-shared/wall-geometry'
import { touchesArea, type Footprint, type Point } from '../../../../src-shared/geometry'

/**
 * Who a blast reaches. SR-CX-23: full damage to everyone whose token base the blast touches (the
 * item's radius round where the grenade bursts, the touching edge included, as SR-CORE-10 counts a
 * template's), and none beyond: the documents give no fall-off. SR-CX-160: a wall or closed door
 * between the burst and a base shelters it (SR-CORE-32), wherever the blast's radius lies.
 */
export const inBlast = (burst: Point, radius: number, at: Footprint, walls?: WallIndex): boolean =>
  walls ? areaReachesBase(walls, burst, at, { x: burst.x, y: burst.y, radius }) : touchesArea({ x: burst.x, y: burst.y, radius }, at)

export interface Placed {
  readonly id: string
  readonly position?: Footprint | null
}

/**
 * SR-CX-24: the core lets an area action change only those under its template, where the burst
 * came down (the core moves a scattered grenade's template to the landing point). The blast
 * therefore reaches those under the template there who are also in the burst's radius; the rest
 * of the blast (people outside the template) is named for the GM to apply by hand.
 */
export function splitBlast<C extends Placed>(
  burst: Point,
  radius: number,
  underTemplate: readonly C[],
  onScene: readonly C[],
  walls?: WallIndex,
): { reached: C[]; outside: C[] } {
  const under = new Set(underTemplate.map((c) => c.id))
  const hit = (c: C) => c.position != null && inBlast(burst, radius, c.position, walls)
  return {
    reached: underTemplate.filter(hit),
    outside: onScene.filter((c) => !under.has(c.id) && hit(c)),
  }
}

/**
 * SR-CX-27 (`000` Grappling): "Wider effect weapons like flamethrowers and buckshot always evenly
 * divide their damage among the grappled characters." A blast is such a weapon: when both ends
 * of a grapple are in it, each takes half (rounded down); one caught alone takes it whole.
 */
export function grappleShare(damage: number, partnerId: string | null, reachedIds: readonly string[]): number {
  return partnerId !== null && reachedIds.includes(partnerId) ? Math.floor(damage / 2) : damage
}
