import type { FogRect } from '../../../src-shared/fog'
import type { SceneGrid } from '../../../src-shared/records'
import { distance, formatMetres, metresToPx, pxPerMetre, sceneToScreen, type Point, type ViewTransform } from './map-geometry'

/** Where a token drag's readout starts, from the ghost's centre on screen: right of it and above. */
export const READOUT_OFFSET: Point = { x: 14, y: -14 }
/** A measurement's readout sits a little closer to the pointer (there is no ghost to clear). */
export const MEASURE_OFFSET: Point = { x: 12, y: -12 }

/**
 * What the gesture in progress draws on the drag layer, in the layer's screen pixels: a token
 * drag (the straight path from where the token stood, its ghost where it would land, and the
 * distance with the ruleset's price), a measurement (the line and its length), a fog area
 * being drawn or an area template being moved. Worked out apart from the drawing so it can be tested without a canvas.
 */
export type DragSketch =
  | {
      readonly kind: 'token'
      readonly from: Point
      readonly to: Point
      /** The ghost's radius on screen. */
      readonly ghostRadius: number
      /** The path's dashes scale with the zoom, as the scene's own strokes do. */
      readonly dash: readonly [number, number]
      readonly text: string
      /** Where the readout's text starts (its baseline's left end). */
      readonly textAt: Point
    }
  | { readonly kind: 'measure'; readonly from: Point; readonly to: Point; readonly text: string; readonly textAt: Point }
  | {
      readonly kind: 'fog'
      /** The rectangle on screen. */
      readonly x: number
      readonly y: number
      readonly w: number
      readonly h: number
      readonly dash: readonly [number, number]
      /** Hiding (Shift or the tool's setting) is drawn dark and red; revealing, light and blue. */
      readonly hide: boolean
    }
  | {
      readonly kind: 'area'
      readonly at: Point
      /** The template's radius on screen. */
      readonly r: number
      /** Its label over it, as the scene draws it. */
      readonly text: string
      /** Hidden from the table: drawn fainter, its ring dashed (dashes scale with the zoom). */
      readonly hidden: boolean
      readonly dash: readonly [number, number]
    }

/** The gesture in progress, in metres, as the map's pointer has it. */
export type DragGesture =
  | { readonly kind: 'token'; readonly from: Point; readonly to: Point; readonly label: string }
  | { readonly kind: 'measure'; readonly from: Point; readonly to: Point }
  | { readonly kind: 'fog'; readonly rect: FogRect; readonly hide: boolean }
  | { readonly kind: 'area'; readonly to: Point; readonly radius: number; readonly label: string; readonly hidden: boolean }

export interface DragScene {
  readonly grid: SceneGrid
  /** The committed view: the drag layer sits where it puts the scene, like the other guides. */
  readonly view: ViewTransform
  /** A token's radius in scene pixels. */
  readonly radius: number
}

export function sketchDrag({ grid, view, radius }: DragScene, g: DragGesture): DragSketch {
  const screen = (m: Point) => sceneToScreen(view, metresToPx(grid, m))
  if (g.kind === 'fog') {
    const at = screen(g.rect)
    const s = pxPerMetre(grid) * view.k
    return { kind: 'fog', x: at.x, y: at.y, w: g.rect.w * s, h: g.rect.h * s, dash: [6 * view.k, 4 * view.k], hide: g.hide }
  }
  if (g.kind === 'area') {
    const at = screen(g.to)
    return { kind: 'area', at, r: g.radius * pxPerMetre(grid) * view.k, text: g.label, hidden: g.hidden, dash: [5 * view.k, 4 * view.k] }
  }
  const from = screen(g.from)
  const to = screen(g.to)
  const metres = formatMetres(distance(g.from, g.to))
  if (g.kind === 'measure') {
    return { kind: 'measure', from, to, text: metres, textAt: { x: to.x + MEASURE_OFFSET.x, y: to.y + MEASURE_OFFSET.y } }
  }
  return {
    kind: 'token',
    from,
    to,
    ghostRadius: radius * view.k,
    dash: [6 * view.k, 4 * view.k],
    text: g.label ? `${metres} · ${g.label}` : metres,
    textAt: { x: to.x + READOUT_OFFSET.x, y: to.y + READOUT_OFFSET.y },
  }
}

/** What the layer's drawing says, for its accessible name: the readout's words. */
export const sketchText = (s: DragSketch | null): string => (!s ? '' : s.kind === 'fog' ? '' : s.text)
