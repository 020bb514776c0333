import type { DragSketch } from './drag-sketch'
import type { Point } from './map-geometry'

/** The theme's colours and the page's font, read once from CSS: a canvas cannot use `var(--accent)`. */
export interface DragLook {
  readonly accent: string
  readonly danger: string
  readonly text: string
  readonly outline: string
  readonly fontFamily: string
}

/** The measuring line's and the fog area's colour, as the overlay's guides have it. */
const MEASURE = '#7fdbff'
/** An area template's colours, as the scene draws it (MapAreaMarks). */
const AREA = { ring: '#ff8a3d', selected: '#fff', label: '#ffd2b3' }

export function lookOf(el: Element): DragLook {
  const css = getComputedStyle(el)
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback
  return {
    accent: v('--accent', '#f0b429'),
    danger: v('--danger', '#ef5350'),
    text: v('--text', '#e6edf3'),
    outline: '#0b1015',
    fontFamily: css.fontFamily || 'sans-serif',
  }
}

/** The screen's pixels per CSS pixel. */
export type Density = number

/**
 * Draws the gesture in progress (or nothing) on the drag layer, as the overlay's SVG guides draw
 * it: a token drag's dashed path and ghost ring in the accent colour, a measurement's line, a
 * fog area's dashed rectangle, a moving template (picked, so its ring is white), and readouts in bold 14 px text outlined in the map's dark so
 * they read over any picture. The whole layer is cleared first; its size never changes during a
 * gesture, so Chromium takes the picture as new content of the same layer and does not re-layer
 * the page.
 */
export function paintDrag(g: CanvasRenderingContext2D, dpr: Density, look: DragLook, s: DragSketch | null): void {
  g.setTransform(1, 0, 0, 1, 0, 0)
  g.clearRect(0, 0, g.canvas.width, g.canvas.height)
  if (!s) return
  g.setTransform(dpr, 0, 0, dpr, 0, 0)
  g.lineWidth = 2
  if (s.kind === 'fog') {
    g.fillStyle = s.hide ? 'rgba(0, 0, 0, 0.4)' : 'rgba(127, 219, 255, 0.15)'
    g.fillRect(s.x, s.y, s.w, s.h)
    g.strokeStyle = s.hide ? look.danger : MEASURE
    g.setLineDash([...s.dash])
    g.strokeRect(s.x, s.y, s.w, s.h)
    return
  }
  if (s.kind === 'area') return paintArea(g, look, s)
  g.strokeStyle = s.kind === 'token' ? look.accent : MEASURE
  g.setLineDash(s.kind === 'token' ? [...s.dash] : [])
  line(g, s.from, s.to)
  if (s.kind === 'token') {
    g.setLineDash([4, 3])
    g.beginPath()
    g.arc(s.to.x, s.to.y, s.ghostRadius, 0, Math.PI * 2)
    g.stroke()
  }
  readout(g, look, s.text, s.textAt)
}

function paintArea(g: CanvasRenderingContext2D, look: DragLook, s: DragSketch & { kind: 'area' }): void {
  g.beginPath()
  g.arc(s.at.x, s.at.y, s.r, 0, Math.PI * 2)
  g.fillStyle = s.hidden ? 'rgba(255, 138, 61, 0.08)' : 'rgba(255, 138, 61, 0.2)'
  g.fill()
  g.strokeStyle = AREA.selected
  g.setLineDash(s.hidden ? [...s.dash] : [])
  g.stroke()
  g.beginPath()
  g.arc(s.at.x, s.at.y, 5, 0, Math.PI * 2)
  g.fillStyle = AREA.ring
  g.fill()
  g.setLineDash([])
  g.font = `700 12px ${look.fontFamily}`
  g.textAlign = 'center'
  g.lineJoin = 'round'
  g.lineWidth = 3
  g.strokeStyle = '#000'
  g.globalAlpha = s.hidden ? 0.7 : 1
  g.strokeText(s.text, s.at.x, s.at.y - s.r - 6)
  g.fillStyle = AREA.label
  g.fillText(s.text, s.at.x, s.at.y - s.r - 6)
  g.globalAlpha = 1
  g.textAlign = 'start'
}

function line(g: CanvasRenderingContext2D, a: Point, b: Point): void {
  g.beginPath()
  g.moveTo(a.x, a.y)
  g.lineTo(b.x, b.y)
  g.stroke()
}

/** Bold text on a dark outline, the outline under the fill (the SVG readouts' `paint-order: stroke`). */
function readout(g: CanvasRenderingContext2D, look: DragLook, text: string, at: Point): void {
  g.setLineDash([])
  g.font = `700 14px ${look.fontFamily}`
  g.textBaseline = 'alphabetic'
  g.lineJoin = 'round'
  g.lineWidth = 4
  g.strokeStyle = look.outline
  g.strokeText(text, at.x, at.y)
  g.fillStyle = look.text
  g.fillText(text, at.x, at.y)
}
