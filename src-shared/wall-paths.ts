import type { Footprint, Point } from './geometry'
import type { WallIndex } from './wall-geometry'

/**
 * Where a mover that walks only in straight lines (a move on the map is one straight drag, and a
 * wall stops it: SR-CORE-33) should head first to get to `to`: `to` itself when the way is clear,
 * else round the end of the wall in the way — one corner at a time, which gets round a wall, a
 * door frame or a pillar, not through a maze. Null when no corner of that wall can be reached.
 * The autopilot walks this way; the GM drags as they like. `standsAt` keeps corners on the scene.
 */
export function firstLeg(index: WallIndex, from: Footprint, to: Point, standsAt: (p: Point) => boolean = () => true): Point | null {
  const blocks = (p: Point, q: Point) => index.blocked(p, q, 'move')
  const hit = index.firstCrossing(from, to, (s) => s.stopsMove)
  if (!hit) return to
  const wall = index.segments.filter((s) => s.wallId === hit.segment.wallId && s.stopsMove)
  // Just past each end of the wall's pieces, out by the mover's base and a margin, both sides.
  const clearance = from.radius + 0.2
  const candidates: Point[] = []
  for (const s of wall)
    for (const [end, other] of [
      [
        { x: s.ax, y: s.ay },
        { x: s.bx, y: s.by },
      ],
      [
        { x: s.bx, y: s.by },
        { x: s.ax, y: s.ay },
      ],
    ] as const) {
      const len = Math.hypot(end.x - other.x, end.y - other.y) || 1
      const ux = (end.x - other.x) / len
      const uy = (end.y - other.y) / len
      for (const side of [1, -1]) candidates.push({ x: end.x + (ux - uy * side) * clearance, y: end.y + (uy + ux * side) * clearance })
    }
  let best: { at: Point; length: number } | null = null
  for (const c of candidates) {
    if (!standsAt(c) || blocks(from, c)) continue
    // A corner from which the goal is in a straight line is best; one that only gets round this wall still helps.
    const onward = blocks(c, to) ? 1_000 : 0
    const length = Math.hypot(c.x - from.x, c.y - from.y) + Math.hypot(to.x - c.x, to.y - c.y) + onward
    if (!best || length < best.length) best = { at: c, length }
  }
  return best?.at ?? null
}
