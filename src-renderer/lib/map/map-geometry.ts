import type { SceneGrid } from '../../../src-shared/records'
import type { SceneView } from '../../../src-shared/views'
import { pxPerMetre } from '../../../src-shared/scene-scale'

/**
 * The maths of the battle map, kept out of the components so it can be tested without a DOM.
 * Three spaces: metres (what tokens store), scene pixels (the image's own pixels, where the
 * grid is calibrated) and screen pixels (scene pixels after the GM's pan and zoom).
 */

export interface Point {
  readonly x: number
  readonly y: number
}

export interface Size {
  readonly width: number
  readonly height: number
}

/** Pan and zoom: screen = scene × k + (x, y). */
export interface ViewTransform {
  readonly x: number
  readonly y: number
  readonly k: number
}

/** A scene without an image is drawn as a plain field this big until the GM gives it one. */
export const DEFAULT_FIELD_METRES: Size = { width: 40, height: 30 }
export const MIN_ZOOM = 0.05
export const MAX_ZOOM = 8

export { pxPerMetre }

/** Token positions are metres from the image's top-left; the grid offset only moves the lines. */
export function metresToPx(grid: SceneGrid, m: Point): Point {
  const s = pxPerMetre(grid)
  return { x: m.x * s, y: m.y * s }
}

export function pxToMetres(grid: SceneGrid, p: Point): Point {
  const s = pxPerMetre(grid)
  return { x: p.x / s, y: p.y / s }
}

/** The scene's drawing area in scene pixels: the image's, or the default field at this calibration. */
export function sceneSizePx(scene: Pick<SceneView, 'image' | 'grid' | 'withheldImage'>): Size {
  if (scene.image) return { width: scene.image.width, height: scene.image.height }
  // The table's picture held back while its masked copy is made: the map keeps the picture's size.
  if (scene.withheldImage) return { width: scene.withheldImage.width, height: scene.withheldImage.height }
  const s = pxPerMetre(scene.grid)
  return { width: DEFAULT_FIELD_METRES.width * s, height: DEFAULT_FIELD_METRES.height * s }
}

/** Where the grid's lines fall across a field of this size (empty for a gridless scene). */
export function gridLines(grid: SceneGrid, size: Size): { xs: number[]; ys: number[] } {
  if (grid.kind !== 'square') return { xs: [], ys: [] }
  const along = (offset: number, length: number) => {
    const out: number[] = []
    // Start at the first line inside the field, whatever the sign or size of the offset.
    const first = offset - Math.floor(offset / grid.cellPx) * grid.cellPx
    for (let v = first; v <= length + 1e-6; v += grid.cellPx) out.push(v)
    return out
  }
  return { xs: along(grid.offsetX, size.width), ys: along(grid.offsetY, size.height) }
}

/** The whole grid as one SVG path, so thousands of lines cost one element. */
export function gridPath(grid: SceneGrid, size: Size): string {
  const { xs, ys } = gridLines(grid, size)
  const r = (v: number) => Math.round(v * 100) / 100
  return [...xs.map((x) => `M${r(x)} 0V${r(size.height)}`), ...ys.map((y) => `M0 ${r(y)}H${r(size.width)}`)].join('')
}

export function screenToScene(v: ViewTransform, p: Point): Point {
  return { x: (p.x - v.x) / v.k, y: (p.y - v.y) / v.k }
}

export function sceneToScreen(v: ViewTransform, p: Point): Point {
  return { x: p.x * v.k + v.x, y: p.y * v.k + v.y }
}

const clampZoom = (k: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, k))

/** Zooms by `factor` keeping the scene point under `at` (a screen point) where it is. */
export function zoomAt(v: ViewTransform, at: Point, factor: number): ViewTransform {
  const k = clampZoom(v.k * factor)
  const anchor = screenToScene(v, at)
  return { k, x: at.x - anchor.x * k, y: at.y - anchor.y * k }
}

export function panBy(v: ViewTransform, dx: number, dy: number): ViewTransform {
  return { ...v, x: v.x + dx, y: v.y + dy }
}

/** The transform that shows the whole scene centred in the viewport, with a margin. */
export function fitView(scene: Size, viewport: Size, margin = 16): ViewTransform {
  const w = Math.max(1, viewport.width - 2 * margin)
  const h = Math.max(1, viewport.height - 2 * margin)
  const k = clampZoom(Math.min(w / Math.max(1, scene.width), h / Math.max(1, scene.height)))
  return { k, x: (viewport.width - scene.width * k) / 2, y: (viewport.height - scene.height * k) / 2 }
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(b.x - a.x, b.y - a.y)
}

/** Length of a path through the points, in their own unit. */
export function pathLength(points: readonly Point[]): number {
  let total = 0
  for (let i = 1; i < points.length; i++) total += distance(points[i - 1]!, points[i]!)
  return total
}

/** Metres as the log writes them, so the drag's readout and the log line agree. */
export const formatMetres = (m: number): string => `${m.toFixed(1)} m`

/** Token moves are stored to the centimetre: no float noise in the log or the journal. */
export const roundMetres = (m: Point): Point => ({ x: Math.round(m.x * 100) / 100, y: Math.round(m.y * 100) / 100 })

/** The rectangle two dragged corners span, in metres to the centimetre (a fog area). */
export function rectBetween(a: Point, b: Point): { x: number; y: number; w: number; h: number } {
  const lo = roundMetres({ x: Math.min(a.x, b.x), y: Math.min(a.y, b.y) })
  const hi = roundMetres({ x: Math.max(a.x, b.x), y: Math.max(a.y, b.y) })
  return { x: lo.x, y: lo.y, w: Math.round((hi.x - lo.x) * 100) / 100, h: Math.round((hi.y - lo.y) * 100) / 100 }
}
