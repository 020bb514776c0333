import type { SceneGrid } from '../../../src-shared/records'
import { distance, formatMetres, metresToPx, sceneToScreen, type Point, type ViewTransform } from './map-geometry'

/** Where the readout's text starts, from the ghost's centre on screen: right of it and above. */
export const READOUT_OFFSET: Point = { x: 14, y: -14 }

/**
 * What a token drag draws, in the drag layer's screen pixels: the straight path from where the
 * token stood to where it would land, the ghost of the token there, and the readout of the
 * distance and the ruleset's price. Worked out apart from the drawing so it can be tested
 * without a canvas.
 */
export interface DragSketch {
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

export interface DragInput {
  readonly grid: SceneGrid
  /** The committed view: the drag layer sits where it puts the scene, like the other guides. */
  readonly view: ViewTransform
  /** The token's radius in scene pixels. */
  readonly radius: number
  readonly drag: { readonly from: Point; readonly to: Point }
  /** The ruleset's price of the move ('' until it answers, or if it has none). */
  readonly label: string
}

export function sketchDrag({ grid, view, radius, drag, label }: DragInput): DragSketch {
  const from = sceneToScreen(view, metresToPx(grid, drag.from))
  const to = sceneToScreen(view, metresToPx(grid, drag.to))
  const metres = formatMetres(distance(drag.from, drag.to))
  return {
    from,
    to,
    ghostRadius: radius * view.k,
    dash: [6 * view.k, 4 * view.k],
    text: label ? `${metres} · ${label}` : metres,
    textAt: { x: to.x + READOUT_OFFSET.x, y: to.y + READOUT_OFFSET.y },
  }
}
