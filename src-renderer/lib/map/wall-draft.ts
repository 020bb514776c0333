import { MAP } from '../../../src-shared/limits'
import type { WallKind, WallRecord } from '../../../src-shared/records'
import { roundMetres, type Point } from './map-geometry'

/** What the Walls tool's kind picker offers: the four kinds, and a door that starts secret. */
export type WallPick = WallKind | 'secret'

export const WALL_PICKS: readonly { readonly pick: WallPick; readonly label: string }[] = [
  { pick: 'wall', label: 'Wall' },
  { pick: 'low', label: 'Low cover' },
  { pick: 'window', label: 'Window' },
  { pick: 'door', label: 'Door' },
  { pick: 'secret', label: 'Secret door' },
]

/** The kind and door fields a `wall/add` takes for a pick. */
export function pickFields(pick: WallPick): { kind: WallKind; secret?: boolean } {
  if (pick === 'secret') return { kind: 'door', secret: true }
  return { kind: pick }
}

/** The pick a wall shows as in the picker. */
export function pickOf(w: WallRecord): WallPick {
  return w.kind === 'door' && w.secret ? 'secret' : w.kind
}

const same = (a: Point, b: Point) => a.x === b.x && a.y === b.y

/**
 * The draft with one more corner: a click on the last corner again (the first half of a
 * double-click) adds nothing, and a wall never grows past the command's bound.
 */
export function withCorner(draft: readonly Point[], p: Point): Point[] {
  const last = draft.at(-1)
  if ((last && same(last, p)) || draft.length >= MAP.wallPoints) return [...draft]
  return [...draft, p]
}

/** Every corner moved by the same step: a wall dragged whole. */
export function movedBy(points: readonly Point[], from: Point, to: Point): Point[] {
  return points.map((p) => roundMetres({ x: p.x + to.x - from.x, y: p.y + to.y - from.y }))
}

/** One corner put elsewhere; null if it would land on a neighbour (a segment of no length, which the command refuses). */
export function withCornerAt(points: readonly Point[], i: number, to: Point): Point[] | null {
  if (i < 0 || i >= points.length) return null
  const out = points.map((p, j) => (j === i ? to : p))
  if ((i > 0 && same(out[i - 1]!, to)) || (i < out.length - 1 && same(out[i + 1]!, to))) return null
  return out
}

/** Whether a corner is one a wall can be split at (not either end). */
export const splittable = (points: readonly Point[], i: number | null): i is number => i !== null && i > 0 && i < points.length - 1

/** The point halfway along the wall's length: where a door's handle is drawn. */
export function midpointAlong(points: readonly Point[]): { at: Point; angle: number } {
  let total = 0
  for (let i = 1; i < points.length; i++) total += Math.hypot(points[i]!.x - points[i - 1]!.x, points[i]!.y - points[i - 1]!.y)
  let left = total / 2
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!
    const b = points[i]!
    const len = Math.hypot(b.x - a.x, b.y - a.y)
    if (left <= len || i === points.length - 1) {
      const t = len > 0 ? Math.min(1, left / len) : 0
      return { at: { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }, angle: Math.atan2(b.y - a.y, b.x - a.x) }
    }
    left -= len
  }
  return { at: points[0] ?? { x: 0, y: 0 }, angle: 0 }
}
