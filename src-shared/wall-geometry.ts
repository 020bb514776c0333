import Flatbush from 'flatbush'
import { distanceToSpine, type AreaShape } from './area-geometry'
import { touchesArea, type Footprint, type Point } from './geometry'
import type { WallKind, WallRecord } from './records'

/**
 * What stands between two places on a battle map (issue 34): walls, low cover, windows and doors,
 * as every rule with a line, a "can see" or an area reads them — attacks, cover, zones, blasts,
 * fog by sight, the autopilot and the forecast. One module, so the line the GM sees blocked and
 * the rules' verdict cannot disagree. Metres, like geometry.ts.
 */

/** What a line is tested against: fire (and sight: no kind blocks one and not the other), or movement. */
export type Blocks = 'fire' | 'move'

/** One straight piece of a wall, with what it stops. */
export interface WallSegment {
  readonly ax: number
  readonly ay: number
  readonly bx: number
  readonly by: number
  readonly wallId: WallRecord['id']
  readonly kind: WallKind
  /** A wall or a closed door: no line of fire or sight through it. */
  readonly stopsFire: boolean
  /** Low cover: fire passes over it, but what is behind it is partly hidden. */
  readonly givesCover: boolean
  /** Everything but an open door stops a body. */
  readonly stopsMove: boolean
}

/** What a wall of this kind (and a door in this state) stops. SR-CORE-30. */
export function wallStops(w: WallRecord): Pick<WallSegment, 'stopsFire' | 'givesCover' | 'stopsMove'> {
  switch (w.kind) {
    case 'wall':
      return { stopsFire: true, givesCover: false, stopsMove: true }
    case 'low':
      return { stopsFire: false, givesCover: true, stopsMove: true }
    case 'window':
      return { stopsFire: false, givesCover: false, stopsMove: true }
    case 'door':
      return w.door === 'open'
        ? { stopsFire: false, givesCover: false, stopsMove: false }
        : { stopsFire: true, givesCover: false, stopsMove: true }
  }
}

/** Rounding of positions typed or dragged never decides a verdict (as in geometry.ts). */
const EPSILON = 1e-9

/**
 * Where the line p→q meets the segment a→b, as a fraction along p→q (0 at p, 1 at q), or null.
 * The segment's ends count (a line through the corner where two walls meet does not slip
 * between them); a line along a wall (parallel) does not cross it.
 */
export function crossingAt(px: number, py: number, qx: number, qy: number, s: WallSegment): number | null {
  const rx = qx - px
  const ry = qy - py
  const sx = s.bx - s.ax
  const sy = s.by - s.ay
  const denom = rx * sy - ry * sx
  if (Math.abs(denom) < EPSILON) return null
  const wx = s.ax - px
  const wy = s.ay - py
  const t = (wx * sy - wy * sx) / denom
  const u = (wx * ry - wy * rx) / denom
  return t >= -EPSILON && t <= 1 + EPSILON && u >= -EPSILON && u <= 1 + EPSILON ? t : null
}

/** The nearest crossing along a line, and the segment it crosses. */
export interface Crossing {
  readonly t: number
  readonly segment: WallSegment
}

/**
 * A scene's walls, indexed for line tests (flatbush, a static packed R-tree). Built once per set of
 * wall records; `wallIndexFor` keeps the last one per scene so a fight's hundreds of tests reuse it.
 */
export class WallIndex {
  readonly segments: readonly WallSegment[]
  readonly #tree: Flatbush | null

  constructor(walls: readonly WallRecord[]) {
    const segments: WallSegment[] = []
    for (const w of walls) {
      const stops = wallStops(w)
      for (let i = 1; i < w.points.length; i++) {
        const a = w.points[i - 1]!
        const b = w.points[i]!
        segments.push({ ax: a.x, ay: a.y, bx: b.x, by: b.y, wallId: w.id, kind: w.kind, ...stops })
      }
    }
    this.segments = segments
    if (segments.length === 0) {
      this.#tree = null
      return
    }
    const tree = new Flatbush(segments.length)
    for (const s of segments) tree.add(Math.min(s.ax, s.bx), Math.min(s.ay, s.by), Math.max(s.ax, s.bx), Math.max(s.ay, s.by))
    tree.finish()
    this.#tree = tree
  }

  get empty(): boolean {
    return this.#tree === null
  }

  /** Every segment whose box meets the line p→q's box and that passes `keep`. */
  #near(p: Point, q: Point, keep: (s: WallSegment) => boolean): WallSegment[] {
    if (!this.#tree) return []
    const ids = this.#tree.search(Math.min(p.x, q.x), Math.min(p.y, q.y), Math.max(p.x, q.x), Math.max(p.y, q.y), (i) =>
      keep(this.segments[i]!),
    )
    return ids.map((i) => this.segments[i]!)
  }

  /** The first segment the line p→q crosses among those `keep` selects, or null. */
  firstCrossing(p: Point, q: Point, keep: (s: WallSegment) => boolean): Crossing | null {
    let best: Crossing | null = null
    for (const s of this.#near(p, q, keep)) {
      const t = crossingAt(p.x, p.y, q.x, q.y, s)
      if (t !== null && (!best || t < best.t)) best = { t, segment: s }
    }
    return best
  }

  /** Whether the line p→q crosses anything that stops `what`. */
  blocked(p: Point, q: Point, what: Blocks = 'fire'): boolean {
    const keep = what === 'fire' ? stopsFire : stopsMove
    if (!this.#tree) return false
    for (const s of this.#near(p, q, keep)) if (crossingAt(p.x, p.y, q.x, q.y, s) !== null) return true
    return false
  }
}

const stopsFire = (s: WallSegment) => s.stopsFire
const stopsMove = (s: WallSegment) => s.stopsMove

const cache = new Map<string, { readonly walls: readonly WallRecord[]; readonly index: WallIndex }>()

/**
 * The index of these walls, reused while the scene's wall records are the very same objects (a
 * record store hands out the same record until it changes), so a fight builds it once.
 */
export function wallIndexFor(sceneId: string, walls: readonly WallRecord[]): WallIndex {
  // Most scenes have no walls: one shared empty index, no copy kept, no comparison (issue 35).
  if (walls.length === 0) return NO_WALLS
  const hit = cache.get(sceneId)
  if (hit && hit.walls.length === walls.length && hit.walls.every((w, i) => w === walls[i])) return hit.index
  const index = new WallIndex(walls)
  if (cache.size > 32) cache.clear()
  cache.set(sceneId, { walls: [...walls], index })
  return index
}

/**
 * The points a base is judged by: its centre and a ring just inside its rim. A line "from a base"
 * may leave from any of them (a combatant leans round a corner); a share of a base is the share of
 * these points.
 */
export function basePoints(f: Footprint, rim = 8): Point[] {
  const points: Point[] = [{ x: f.x, y: f.y }]
  const r = f.radius * 0.95
  for (let i = 0; i < rim; i++) {
    const a = (i / rim) * Math.PI * 2
    points.push({ x: f.x + Math.cos(a) * r, y: f.y + Math.sin(a) * r })
  }
  return points
}

/**
 * Whether any line from the attacker's base to the target's base is clear of walls and closed
 * doors. SR-CORE-30: no line of fire when every such line is blocked.
 */
export function lineOfFire(index: WallIndex, from: Footprint, to: Footprint): boolean {
  if (index.empty) return true
  const targets = basePoints(to)
  return basePoints(from).some((p) => targets.some((q) => !index.blocked(p, q, 'fire')))
}

/** What hides a target from an attacker, as the map shows it. */
export type CoverSource = 'wall' | 'door' | 'low' | 'combatant'

/** How much of the target's base is hidden from the attacker, and by what (SR-CORE-31). */
export interface MapCover {
  /** The share of the target's base hidden, 0 to 1, from the attacker's best point of view. */
  readonly hidden: number
  /** What hides the most of it, or null when nothing does. */
  readonly by: CoverSource | null
  /** Where that is: the middle of the crossings that hide it. */
  readonly at: Point | null
}

export const NO_COVER: MapCover = { hidden: 0, by: null, at: null }

/**
 * Low cover right in front of the shooter is shot over, not through: a crossing this close to the
 * point the line leaves from hides nothing (SR-CORE-31).
 */
export const SHOOTS_OVER_WITHIN = 1

/**
 * How much of `to`'s base `from` cannot see: for each point of the attacker's base (it may lean),
 * the share of the target's points whose line is stopped by a wall or closed door, passes over low
 * cover, or passes through another combatant's base; the attacker's best point decides. SR-CORE-31.
 */
export function coverOf(index: WallIndex, from: Footprint, to: Footprint, between: readonly Footprint[] = []): MapCover {
  if (index.empty && between.length === 0) return NO_COVER
  const targets = basePoints(to, 16)
  let best: { hidden: number; by: Map<CoverSource, Point[]> } | null = null
  for (const p of basePoints(from)) {
    const by = new Map<CoverSource, Point[]>()
    let hidden = 0
    for (const q of targets) {
      const hit = hiddenBy(index, p, q, between)
      if (!hit) continue
      hidden++
      const list = by.get(hit.by) ?? []
      list.push(hit.at)
      by.set(hit.by, list)
    }
    if (!best || hidden < best.hidden) best = { hidden, by }
    if (hidden === 0) break
  }
  if (!best || best.hidden === 0) return NO_COVER
  const [source, where] = [...best.by.entries()].sort((a, b) => b[1].length - a[1].length)[0]!
  const at = { x: where.reduce((s, p) => s + p.x, 0) / where.length, y: where.reduce((s, p) => s + p.y, 0) / where.length }
  return { hidden: best.hidden / targets.length, by: source, at }
}

function hiddenBy(index: WallIndex, p: Point, q: Point, between: readonly Footprint[]): { by: CoverSource; at: Point } | null {
  const along = (t: number): Point => ({ x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t })
  const wall = index.firstCrossing(p, q, stopsFire)
  if (wall) return { by: wall.segment.kind === 'door' ? 'door' : 'wall', at: along(wall.t) }
  const length = Math.hypot(q.x - p.x, q.y - p.y)
  const low = index.firstCrossing(p, q, (s) => s.givesCover)
  if (low && low.t * length > SHOOTS_OVER_WITHIN) return { by: 'low', at: along(low.t) }
  for (const b of between) {
    const t = throughBase(p, q, b)
    if (t !== null) return { by: 'combatant', at: along(t) }
  }
  return null
}

/** Where the line p→q first enters a base, as a fraction along it, or null when it misses it. */
function throughBase(p: Point, q: Point, b: Footprint): number | null {
  const dx = q.x - p.x
  const dy = q.y - p.y
  const len2 = dx * dx + dy * dy
  if (len2 === 0) return null
  const t = Math.max(0, Math.min(1, ((b.x - p.x) * dx + (b.y - p.y) * dy) / len2))
  const d = Math.hypot(p.x + dx * t - b.x, p.y + dy * t - b.y)
  return d < b.radius ? t : null
}

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

/**
 * The index of a scene without walls, shared: every line is clear, nothing hides. A forecast asks
 * for a scene's walls on every act, and most scenes have none (issue 35).
 */
export const NO_WALLS: WallIndex = new WallIndex([])
