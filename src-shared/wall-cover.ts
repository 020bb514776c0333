import type { Footprint, Point } from './geometry'
import { basePoints, stopsFire, type WallIndex } from './wall-index'

/** Cover from the map (issue 34): what hides a target from a shooter, and where. Read through wall-geometry.ts. */

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
