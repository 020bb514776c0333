import Flatbush from 'flatbush'
import type { Footprint, Point } from './geometry'
import type { WallKind, WallRecord } from './records'

/**
 * The walls of a battle map as segments in a spatial index (issue 34): which line a wall, low
 * cover, a window or a door stops. Read through wall-geometry.ts, the one module every rule with
 * a line, a "can see" or an area uses. Metres, like geometry.ts.
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
export const EPSILON = 1e-9

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

  /** Every segment that passes `keep` and whose box comes within `r` of `p` (a square search: the caller measures). */
  segmentsNear(p: Point, r: number, keep: (s: WallSegment) => boolean): WallSegment[] {
    return this.#near({ x: p.x - r, y: p.y - r }, { x: p.x + r, y: p.y + r }, keep)
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

/** Which segments a line of fire (or sight) is tested against. */
export const stopsFire = (s: WallSegment): boolean => s.stopsFire
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

/**
 * The index of a scene without walls, shared: every line is clear, nothing hides. A forecast asks
 * for a scene's walls on every act, and most scenes have none (issue 35).
 */
export const NO_WALLS: WallIndex = new WallIndex([])
