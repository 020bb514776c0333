import type { SceneGrid } from '../../../src-shared/records'
import { pxPerMetre, roundMetres, type Point } from './map-geometry'

/** How near (screen pixels) the pointer must be to a grid corner or edge for a wall's corner to jump to it. */
export const WALL_SNAP_SCREEN_PX = 12

/**
 * Where a wall corner lands for a pointer at `p` (metres): on a square grid, the nearest cell
 * corner if one is within `within` metres, else the nearest point on a cell edge if that is, else
 * where the pointer is. Corners win over edges because rooms are drawn corner to corner; an edge
 * point lets a wall end halfway along a cell without the GM fighting the snap. Gridless scenes
 * and a non-positive `within` (Alt held) never snap. Centimetres, as the commands store them.
 */
export function snapWallPoint(p: Point, grid: SceneGrid, within: number): Point {
  if (grid.kind !== 'square' || !(within > 0) || !(grid.cellPx > 0)) return roundMetres(p)
  const s = pxPerMetre(grid)
  const cell = grid.cellPx / s
  const ox = grid.offsetX / s
  const oy = grid.offsetY / s
  const line = (v: number, o: number) => o + Math.round((v - o) / cell) * cell
  const corner = { x: line(p.x, ox), y: line(p.y, oy) }
  if (Math.hypot(corner.x - p.x, corner.y - p.y) <= within) return roundMetres(corner)
  // The nearest edge point: onto the nearer of the vertical and the horizontal line, the other coordinate kept.
  const dx = Math.abs(corner.x - p.x)
  const dy = Math.abs(corner.y - p.y)
  const edge = dx <= dy ? { x: corner.x, y: p.y } : { x: p.x, y: corner.y }
  if (Math.min(dx, dy) <= within) return roundMetres(edge)
  return roundMetres(p)
}

/** The snap distance in metres for a zoom: a fixed reach on screen, whatever the zoom. */
export function snapReach(grid: SceneGrid, k: number, alt: boolean): number {
  if (alt) return 0
  return WALL_SNAP_SCREEN_PX / (Math.max(k, 1e-6) * pxPerMetre(grid))
}
