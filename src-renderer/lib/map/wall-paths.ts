import type { SceneGrid, WallRecord } from '../../../src-shared/records'
import { metresToPx, type Point } from './map-geometry'

/** How a wall is drawn: each style is one SVG path for every wall of it on the scene. */
export type WallStyle = 'wall' | 'low' | 'window' | 'door' | 'open'

export const styleOf = (w: WallRecord): WallStyle => (w.kind === 'door' ? (w.door === 'open' ? 'open' : 'door') : w.kind)

const r = (v: number) => Math.round(v * 100) / 100

/** One polyline in scene pixels, as path data. */
export function polylinePath(grid: SceneGrid, points: readonly Point[]): string {
  return points
    .map((m, i) => {
      const p = metresToPx(grid, m)
      return `${i === 0 ? 'M' : 'L'}${r(p.x)} ${r(p.y)}`
    })
    .join('')
}

/**
 * Every wall of the scene as one path per style: a thousand wall lines cost five elements, and a
 * door opening rewrites two strings, not the tokens.
 */
export function wallPaths(grid: SceneGrid, walls: readonly WallRecord[]): Record<WallStyle, string> {
  const out: Record<WallStyle, string[]> = { wall: [], low: [], window: [], door: [], open: [] }
  for (const w of walls) out[styleOf(w)].push(polylinePath(grid, w.points))
  return { wall: out.wall.join(''), low: out.low.join(''), window: out.window.join(''), door: out.door.join(''), open: out.open.join('') }
}
