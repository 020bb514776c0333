import type { Point } from '../ranged/scatter'

/**
 * Who a blast reaches. SR-CX-23: full damage to every token centre within the item's radius of
 * where the grenade bursts, the rim included (as SR-CORE-10 counts a template's rim), and none
 * beyond: the documents give no fall-off.
 */
export const inBlast = (burst: Point, radius: number, at: Point): boolean => Math.hypot(at.x - burst.x, at.y - burst.y) <= radius + 1e-9

export interface Placed {
  readonly id: string
  readonly position?: Point | null
}

/**
 * SR-CX-24: the core lets an area action change only those under the template the GM placed.
 * The blast therefore reaches those under it who are also within the radius of the burst; the
 * rest of the blast (people outside the template) is named for the GM to apply by hand.
 */
export function splitBlast<C extends Placed>(
  burst: Point,
  radius: number,
  underTemplate: readonly C[],
  onScene: readonly C[],
): { reached: C[]; outside: C[] } {
  const under = new Set(underTemplate.map((c) => c.id))
  const hit = (c: C) => c.position != null && inBlast(burst, radius, c.position)
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
