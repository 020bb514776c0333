/** A zone on the map in metres: a circle, or with `to` a lane (every point within `radius` of the segment). */
export interface AreaShape {
  readonly x: number
  readonly y: number
  readonly radius: number
  readonly to?: { readonly x: number; readonly y: number }
}

/** Distance from a point to the zone's spine (its centre, or the lane's segment). */
export function distanceToSpine(a: AreaShape, p: { readonly x: number; readonly y: number }): number {
  if (!a.to) return Math.hypot(p.x - a.x, p.y - a.y)
  const dx = a.to.x - a.x
  const dy = a.to.y - a.y
  const len2 = dx * dx + dy * dy
  // A lane of no length is a circle; otherwise clamp the projection onto the segment.
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2))
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy))
}

export const insideArea = (a: AreaShape, p: { readonly x: number; readonly y: number }): boolean => distanceToSpine(a, p) <= a.radius
