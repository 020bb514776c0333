import { distanceToSpine, type AreaShape } from './area-geometry'
import { touchesArea, type Footprint, type Point } from './geometry'
import { basePoints, EPSILON, stopsFire, type WallIndex } from './wall-index'

/** Areas, blasts and zones cut by walls (issue 34, SR-CORE-32). Read through wall-geometry.ts. */

/**
 * The part of a circle round `origin` that `origin` reaches through walls and closed doors, as a
 * polygon (corners in order round it): what a zone, a blast or a party's sight covers (SR-CORE-32).
 * Rays go to every wall end near the circle (just either side, so the shape turns corners) and
 * every few degrees round the rim (so an open arc stays round).
 */
export function reachedArea(index: WallIndex, origin: Point, radius: number, rimSteps = 72): Point[] {
  const angles: number[] = []
  for (let i = 0; i < rimSteps; i++) angles.push((i / rimSteps) * Math.PI * 2)
  if (!index.empty) {
    const box = { x: origin.x - radius, y: origin.y - radius, x2: origin.x + radius, y2: origin.y + radius }
    for (const s of index.segments) {
      if (!s.stopsFire) continue
      if (Math.max(s.ax, s.bx) < box.x || Math.min(s.ax, s.bx) > box.x2 || Math.max(s.ay, s.by) < box.y || Math.min(s.ay, s.by) > box.y2)
        continue
      for (const [x, y] of [
        [s.ax, s.ay],
        [s.bx, s.by],
      ] as const) {
        const a = Math.atan2(y - origin.y, x - origin.x)
        angles.push(a - 1e-4, a, a + 1e-4)
      }
    }
  }
  const norm = (a: number) => ((a % (Math.PI * 2)) + Math.PI * 2) % (Math.PI * 2)
  const sorted = [...new Set(angles.map(norm))].sort((a, b) => a - b)
  return sorted.map((a) => {
    const end = { x: origin.x + Math.cos(a) * radius, y: origin.y + Math.sin(a) * radius }
    const hit = index.firstCrossing(origin, end, stopsFire)
    const t = hit ? hit.t : 1
    return { x: origin.x + (end.x - origin.x) * t, y: origin.y + (end.y - origin.y) * t }
  })
}

/** Whether `origin` reaches `point` through walls and closed doors (the rules' test behind `reachedArea`). */
export const reaches = (index: WallIndex, origin: Point, point: Point): boolean => !index.blocked(origin, point, 'fire')

/**
 * Whether an area drawn from `origin` (a blast's centre, a suppressor) reaches a base through walls:
 * the area touches the base (SR-CORE-10) at some point the origin reaches. The base's points are
 * tried, and the point of its rim nearest the area's spine, so a base the area only grazes is judged
 * where it is grazed. SR-CORE-32. Without walls this is exactly `touchesArea`.
 */
export function areaReachesBase(index: WallIndex, origin: Point, base: Footprint, area: AreaShape): boolean {
  if (!touchesArea(area, base)) return false
  if (index.empty) return true
  const spine = nearestOnSpine(area, base)
  const d = Math.hypot(base.x - spine.x, base.y - spine.y)
  const grazed =
    d === 0
      ? { x: base.x, y: base.y }
      : { x: base.x + ((spine.x - base.x) / d) * base.radius * 0.999, y: base.y + ((spine.y - base.y) / d) * base.radius * 0.999 }
  return [grazed, ...basePoints(base)].some((p) => distanceToSpine(area, p) <= area.radius + 1e-6 && reaches(index, origin, p))
}

/** The point of an area's spine (its centre, or its lane's segment) nearest `p`. */
function nearestOnSpine(a: AreaShape, p: Point): Point {
  if (!a.to) return { x: a.x, y: a.y }
  const dx = a.to.x - a.x
  const dy = a.to.y - a.y
  const len2 = dx * dx + dy * dy
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2))
  return { x: a.x + t * dx, y: a.y + t * dy }
}

/**
 * Where a ray from `s` along the unit direction (dx, dy) is inside a zone (a circle, or a lane: a
 * capsule), as distances along it, or null. Both shapes are convex, so it is one interval: the
 * hull of the ray's intervals in the two end circles and the straight band between them.
 */
function rayThroughZone(s: Point, dx: number, dy: number, a: AreaShape): [number, number] | null {
  const parts: [number, number][] = []
  const circle = (cx: number, cy: number) => {
    const ox = s.x - cx
    const oy = s.y - cy
    const b = ox * dx + oy * dy
    const disc = b * b - (ox * ox + oy * oy - a.radius * a.radius)
    if (disc >= 0) parts.push([-b - Math.sqrt(disc), -b + Math.sqrt(disc)])
  }
  circle(a.x, a.y)
  if (a.to) {
    circle(a.to.x, a.to.y)
    const len = Math.hypot(a.to.x - a.x, a.to.y - a.y)
    if (len > 0) {
      // The band in the lane's own frame: along the spine u in [0, len], across it v in [−r, r].
      const ux = (a.to.x - a.x) / len
      const uy = (a.to.y - a.y) / len
      const slab = (p0: number, d: number, lo: number, hi: number): [number, number] | null => {
        if (Math.abs(d) < EPSILON) return p0 >= lo && p0 <= hi ? [-Infinity, Infinity] : null
        const t1 = (lo - p0) / d
        const t2 = (hi - p0) / d
        return [Math.min(t1, t2), Math.max(t1, t2)]
      }
      const u = slab((s.x - a.x) * ux + (s.y - a.y) * uy, dx * ux + dy * uy, 0, len)
      const v = slab(-(s.x - a.x) * uy + (s.y - a.y) * ux, -dx * uy + dy * ux, -a.radius, a.radius)
      if (u && v && Math.max(u[0], v[0]) <= Math.min(u[1], v[1])) parts.push([Math.max(u[0], v[0]), Math.min(u[1], v[1])])
    }
  }
  if (parts.length === 0) return null
  const from = Math.max(0, Math.min(...parts.map((p) => p[0])))
  const to = Math.max(...parts.map((p) => p[1]))
  return to > from ? [from, to] : null
}

/**
 * The part of a zone (a blast's circle, a suppression zone, a lane) that `source` reaches through
 * walls and closed doors, as polygons to draw (SR-CORE-32): the shape the rules judge with
 * `areaReachesBase`, drawn by rays from the source (every wall end near it, just either side, and
 * `steps` more across the zone). One star-shaped polygon when the source is inside the zone (a
 * blast's centre, a lane's shooter); when it stands outside (a suppressor's zone round its
 * target), one polygon per unbroken run of rays that reach it. Null without walls: draw the plain
 * shape. At most `steps` + 3 × wall ends rays, each one index query.
 */
export function reachedZone(index: WallIndex, source: Point, zone: AreaShape, steps = 144): Point[][] | null {
  if (index.empty) return null
  const inside = distanceToSpine(zone, source) <= zone.radius
  const centres = zone.to ? [{ x: zone.x, y: zone.y }, zone.to] : [{ x: zone.x, y: zone.y }]
  let lo = 0
  let hi = Math.PI * 2
  if (!inside) {
    // The zone's angular span seen from outside: the hull of its end circles' spans (it is convex).
    const base = Math.atan2(centres[0]!.y - source.y, centres[0]!.x - source.x)
    const rel = (a: number) => Math.atan2(Math.sin(a - base), Math.cos(a - base))
    const spans = centres.map((c) => {
      const d = Math.hypot(c.x - source.x, c.y - source.y)
      const half = Math.asin(Math.min(1, zone.radius / d))
      const mid = rel(Math.atan2(c.y - source.y, c.x - source.x))
      return [mid - half, mid + half] as const
    })
    lo = base + Math.min(...spans.map((s) => s[0]))
    hi = base + Math.max(...spans.map((s) => s[1]))
  }
  const angles: number[] = []
  for (let i = 0; i <= steps; i++) angles.push(lo + ((hi - lo) * i) / steps)
  const reach = Math.max(...centres.map((c) => Math.hypot(c.x - source.x, c.y - source.y))) + zone.radius
  for (const s of index.segments) {
    if (!s.stopsFire) continue
    for (const [x, y] of [
      [s.ax, s.ay],
      [s.bx, s.by],
    ] as const) {
      if (Math.hypot(x - source.x, y - source.y) > reach) continue
      const a = Math.atan2(y - source.y, x - source.x)
      for (const e of [a - 1e-4, a, a + 1e-4]) {
        // Into the span [lo, hi], turning by whole circles.
        const k = lo + ((((e - lo) % (Math.PI * 2)) + Math.PI * 2) % (Math.PI * 2))
        if (k <= hi) angles.push(k)
      }
    }
  }
  angles.sort((a, b) => a - b)
  const runs: { near: Point; far: Point }[][] = [[]]
  for (const a of angles) {
    const dx = Math.cos(a)
    const dy = Math.sin(a)
    const span = rayThroughZone(source, dx, dy, zone)
    let end = span ? span[1] : 0
    if (span) {
      const far = { x: source.x + dx * span[1], y: source.y + dy * span[1] }
      const hit = index.firstCrossing(source, far, stopsFire)
      if (hit) end = Math.min(end, hit.t * span[1])
    }
    if (inside) {
      // From inside, every ray is part of one star round the source, however short.
      runs[0]!.push({ near: source, far: { x: source.x + dx * Math.max(0, end), y: source.y + dy * Math.max(0, end) } })
      continue
    }
    if (!span || end <= span[0] + 1e-6) {
      if (runs.at(-1)!.length > 0) runs.push([])
      continue
    }
    runs.at(-1)!.push({
      near: { x: source.x + dx * span[0], y: source.y + dy * span[0] },
      far: { x: source.x + dx * end, y: source.y + dy * end },
    })
  }
  const shapes = runs.filter((r) => r.length > 1)
  if (inside) return [runs[0]!.map((p) => p.far)]
  return shapes.map((r) => [...r.map((p) => p.far), ...r.map((p) => p.near).reverse()])
}
