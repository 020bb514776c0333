import Flatbush from 'flatbush'
import { entersBase, type Footprint, type Point } from './geometry'
import { PATHS } from './limits'
import type { WallIndex } from './wall-geometry'

/**
 * How a mover that walks in straight lines (a move on the map is one straight drag, stopped by a
 * wall, SR-CORE-33, and where the ruleset says so by another's base, SR-CORE-34) gets somewhere:
 * the shortest chain of straight legs round walls and tokens. The autopilot walks its first leg
 * each move; the GM drags as they like.
 *
 * A visibility graph: points just off every wall corner (out by the mover's base and a margin, on
 * the diagonals, so a leg round a corner clears it) and round every token in the way, searched with
 * A* whose straight-line tests are made only when a leg could shorten a path. Bounded by `PATHS`:
 * on a scene of thousands of walls only the corners nearest the walk are kept, and a search that
 * has made `PATHS.lineTests` tests gives up.
 */

/** Where a walk may end: within `stopAt` metres of a point (0: on it; a base's touching distance to walk up to it). */
export interface PathGoal extends Point {
  readonly stopAt: number
  /** The obstacle (by its place in `obstacles`) that stands there: the walk up to it does not go round it. */
  readonly obstacle?: number
}

export interface PathOptions {
  /** Whether the mover may stand at a point (on the scene): graph points elsewhere are left out. */
  readonly standsAt?: (p: Point) => boolean
  /** Round areas the mover's centre must not enter: each base in the way, grown by the mover's own. */
  readonly obstacles?: readonly Footprint[]
}

export interface FoundPath {
  /** Which goal it reaches (its place in the list). */
  readonly goal: number
  /** The corners after the start, the last where it stops by the goal. */
  readonly points: readonly Point[]
  readonly metres: number
}

/** The graph's points stand this far out from a wall corner on each axis, beyond the mover's radius. */
const CORNER_MARGIN = 0.2
/** And this far outside an obstacle's circle (the legs between them are chords of a wider ring). */
const RING_MARGIN = 0.05
const RING_POINTS = 8
/** How many of the nearest points each point of the walk tries a leg to. */
const NEIGHBOURS = 48

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y)

/** Every distinct corner of the walls that stop a body, once per index (flat arrays: a scene may hold 100,000). */
interface Corners {
  readonly xs: Float64Array
  readonly ys: Float64Array
}
const cornerCache = new WeakMap<WallIndex, Corners>()
function cornersOf(index: WallIndex): Corners {
  const hit = cornerCache.get(index)
  if (hit) return hit
  // Keyed by the millimetre: positions are at most MAP.metres, so x and y fit one safe integer.
  const seen = new Set<number>()
  const xs: number[] = []
  const ys: number[] = []
  const add = (x: number, y: number) => {
    const key = Math.round(x * 1000) * 1e8 + Math.round(y * 1000)
    if (seen.has(key)) return
    seen.add(key)
    xs.push(x)
    ys.push(y)
  }
  for (const s of index.segments) {
    if (!s.stopsMove) continue
    add(s.ax, s.ay)
    add(s.bx, s.by)
  }
  const corners = { xs: Float64Array.from(xs), ys: Float64Array.from(ys) }
  cornerCache.set(index, corners)
  return corners
}

/**
 * The `count` of these points whose detour from `from` to the nearest goal is shortest (all when
 * there are no more): those a walk is likeliest to turn at. Their places in the lists.
 */
function nearestToWalk(xs: Float64Array, ys: Float64Array, from: Point, goals: readonly Point[], count: number): number[] {
  const n = xs.length
  const all = Array.from({ length: n }, (_, i) => i)
  if (n <= count) return all
  const detour = new Float64Array(n)
  for (let i = 0; i < n; i++) {
    let toGoal = Infinity
    for (const g of goals) toGoal = Math.min(toGoal, Math.hypot(xs[i]! - g.x, ys[i]! - g.y))
    detour[i] = Math.hypot(xs[i]! - from.x, ys[i]! - from.y) + toGoal
  }
  const cut = detour.slice().sort()[count - 1]!
  const kept: number[] = []
  for (let i = 0; i < n && kept.length < count; i++) if (detour[i]! <= cut) kept.push(i)
  return kept
}

/**
 * A long line's box holds a large share of a crowded scene's walls. Tested in pieces from its start,
 * each twice the last (4 m, 8 m, 16 m…), a blocked line is found blocked near where it is, reading
 * only the walls there; a clear one costs a few tests more than one.
 */
const FIRST_PIECE = 4

/** Whether the line p→q crosses a wall that stops a body (the index's own test, piece by piece). */
function crossesWall(index: WallIndex, p: Point, q: Point): boolean {
  const length = dist(p, q)
  let a = p
  for (let done = 0, piece = FIRST_PIECE; done < length; piece *= 2) {
    const upTo = Math.min(length, done + piece)
    const b = upTo === length ? q : { x: p.x + ((q.x - p.x) * upTo) / length, y: p.y + ((q.y - p.y) * upTo) / length }
    if (index.blocked(a, b, 'move')) return true
    ;[a, done] = [b, upTo]
  }
  return false
}

/** Where a walk from `p` straight at goal `g` stops, and how long it is. */
function reachGoal(p: Point, g: PathGoal): { readonly at: Point; readonly metres: number } {
  const d = dist(p, g)
  if (d <= g.stopAt) return { at: p, metres: 0 }
  const k = 1 - g.stopAt / d
  return { at: { x: p.x + (g.x - p.x) * k, y: p.y + (g.y - p.y) * k }, metres: d - g.stopAt }
}

/**
 * The shortest walk from `from` to the nearest of `goals` by straight legs that cross no wall
 * stopping a body and enter no obstacle, or null when none is found within the bounds.
 */
export function shortestPath(index: WallIndex, from: Footprint, goals: readonly PathGoal[], options: PathOptions = {}): FoundPath | null {
  if (goals.length === 0) return null
  const standsAt = options.standsAt ?? (() => true)
  const obstacles = options.obstacles ?? []
  let tests = 0
  const clear = (p: Point, q: Point, skip = -1): boolean => {
    tests++
    if (crossesWall(index, p, q)) return false
    for (let i = 0; i < obstacles.length; i++) if (i !== skip && entersBase(p, q, obstacles[i]!) !== null) return false
    return true
  }
  const toGoal = (p: Point, gi: number) => {
    const g = goals[gi]!
    const r = reachGoal(p, g)
    return r.metres === 0 || clear(p, r.at, g.obstacle ?? -1) ? r : null
  }
  // A straight walk to the goal nearest as the crow flies is the shortest there can be.
  const byCrow = goals.map((g, i) => ({ i, metres: reachGoal(from, g).metres })).sort((a, b) => a.metres - b.metres)
  const direct = toGoal(from, byCrow[0]!.i)
  if (direct) return { goal: byCrow[0]!.i, points: [direct.at], metres: direct.metres }

  const nodes = graphPoints(index, from, goals, obstacles, standsAt)
  const h = (p: Point) => Math.min(...goals.map((g) => reachGoal(p, g).metres))
  // Node 0 is the start; the rest are the graph's points. A* with lazy edges.
  const points: Point[] = [{ x: from.x, y: from.y }, ...nodes]
  const best = new Float64Array(points.length).fill(Infinity)
  const cameFrom = new Int32Array(points.length).fill(-1)
  const closed = new Uint8Array(points.length)
  const heur = points.map(h)
  best[0] = 0
  // The open set: small (at most PATHS.nodes), so a scan for the least f is cheap beside the line tests.
  const open = new Set<number>([0])
  const near = new Flatbush(points.length)
  for (const p of points) near.add(p.x, p.y, p.x, p.y)
  near.finish()
  let found: { readonly node: number; readonly goal: number; readonly at: Point; readonly metres: number } | null = null
  while (open.size > 0) {
    let n = -1
    let f = Infinity
    for (const i of open) {
      const fi = best[i]! + heur[i]!
      if (fi < f) [n, f] = [i, fi]
    }
    if (found && found.metres <= f) break
    open.delete(n)
    closed[n] = 1
    const here = points[n]!
    // Ends from here: a finish no shorter than the best found is not worth a test.
    for (let gi = 0; gi < goals.length; gi++) {
      const crow = reachGoal(here, goals[gi]!).metres
      if (found && best[n]! + crow >= found.metres) continue
      // The start's walk to the nearest goal as the crow flies was tried before the search.
      const r = n === 0 && gi === byCrow[0]!.i ? null : toGoal(here, gi)
      if (r) found = { node: n, goal: gi, at: r.at, metres: best[n]! + r.metres }
    }
    // Legs to the points nearest first: a walk round walls turns at corners near one another, and a
    // graph tested in full (every pair) would spend the bound on one open room.
    for (const m of near.neighbors(here.x, here.y, NEIGHBOURS, Infinity, (i) => i > 0 && !closed[i])) {
      const g = best[n]! + dist(here, points[m]!)
      if (g >= best[m]! || (found && g + heur[m]! >= found.metres)) continue
      if (tests >= PATHS.lineTests) return null
      if (!clear(here, points[m]!)) continue
      best[m] = g
      cameFrom[m] = n
      open.add(m)
    }
  }
  if (!found) return null
  const chain: Point[] = [found.at]
  for (let k = found.node; k > 0; k = cameFrom[k]!) chain.unshift(points[k]!)
  return { goal: found.goal, points: chain, metres: found.metres }
}

/**
 * The graph's points: four just off each wall corner (the corners nearest the walk when there are
 * more than the bound allows) and a ring round each obstacle, leaving out any the mover may not
 * stand on or that lie inside an obstacle.
 */
function graphPoints(
  index: WallIndex,
  from: Footprint,
  goals: readonly PathGoal[],
  obstacles: readonly Footprint[],
  standsAt: (p: Point) => boolean,
): Point[] {
  const out: Point[] = []
  const keep = (p: Point) => {
    if (!standsAt(p)) return
    for (const o of obstacles) if (dist(p, o) < o.radius) return
    out.push(p)
  }
  const ringCap = Math.min(obstacles.length, Math.floor(PATHS.nodes / 2 / RING_POINTS))
  const rings = nearestToWalk(
    Float64Array.from(obstacles, (o) => o.x),
    Float64Array.from(obstacles, (o) => o.y),
    from,
    goals,
    ringCap,
  )
  for (const i of rings) {
    const o = obstacles[i]!
    // A ring whose chords stay outside the circle.
    const r = (o.radius + RING_MARGIN) / Math.cos(Math.PI / RING_POINTS)
    for (let k = 0; k < RING_POINTS; k++) {
      const a = ((k + 0.5) / RING_POINTS) * Math.PI * 2
      keep({ x: o.x + Math.cos(a) * r, y: o.y + Math.sin(a) * r })
    }
  }
  const c = from.radius + CORNER_MARGIN
  const corners = cornersOf(index)
  for (const i of nearestToWalk(corners.xs, corners.ys, from, goals, Math.floor((PATHS.nodes - out.length) / 4)))
    for (const [dx, dy] of [
      [c, c],
      [c, -c],
      [-c, c],
      [-c, -c],
    ] as const)
      keep({ x: corners.xs[i]! + dx, y: corners.ys[i]! + dy })
  return out
}

/**
 * Where a mover walking straight legs should head first to get to `to`: `to` itself when the way
 * is clear, else the first corner of the shortest walk round the walls (and `obstacles`). Null when
 * no walk is found within the bounds (shut in, or a scene past `PATHS`).
 */
export function firstLeg(
  index: WallIndex,
  from: Footprint,
  to: Point,
  standsAt: (p: Point) => boolean = () => true,
  obstacles: readonly Footprint[] = [],
): Point | null {
  return shortestPath(index, from, [{ x: to.x, y: to.y, stopAt: 0 }], { standsAt, obstacles })?.points[0] ?? null
}
