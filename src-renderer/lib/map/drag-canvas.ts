import type { DragSketch } from './drag-sketch'

/** The theme's colours and the page's font, read once from CSS: a canvas cannot use `var(--accent)`. */
export interface DragLook {
  readonly accent: string
  readonly text: string
  readonly outline: string
  readonly fontFamily: string
}

export function lookOf(el: Element): DragLook {
  const css = getComputedStyle(el)
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback
  return { accent: v('--accent', '#f0b429'), text: v('--text', '#e6edf3'), outline: '#0b1015', fontFamily: css.fontFamily || 'sans-serif' }
}

/** The layer's size in CSS pixels and the screen's pixels per CSS pixel. */
export interface LayerSize {
  readonly width: number
  readonly height: number
  readonly dpr: number
}

/**
 * Draws a token drag (or nothing) on the drag layer, as the SVG guides drew it before: a dashed
 * path in the accent colour, a dashed ring where the token would land, and the readout in bold
 * 14 px text outlined in the map's dark so it reads over any picture. The whole layer is cleared
 * first; its size never changes during a drag, so Chromium takes the new picture as new content
 * of the same layer and does not re-layer the page.
 */
export function paintDrag(g: CanvasRenderingContext2D, size: LayerSize, look: DragLook, s: DragSketch | null): void {
  g.setTransform(1, 0, 0, 1, 0, 0)
  g.clearRect(0, 0, g.canvas.width, g.canvas.height)
  if (!s) return
  g.setTransform(size.dpr, 0, 0, size.dpr, 0, 0)
  g.strokeStyle = look.accent
  g.lineWidth = 2

  g.setLineDash([...s.dash])
  g.beginPath()
  g.moveTo(s.from.x, s.from.y)
  g.lineTo(s.to.x, s.to.y)
  g.stroke()

  g.setLineDash([4, 3])
  g.beginPath()
  g.arc(s.to.x, s.to.y, s.ghostRadius, 0, Math.PI * 2)
  g.stroke()

  g.setLineDash([])
  g.font = `700 14px ${look.fontFamily}`
  g.textBaseline = 'alphabetic'
  g.lineJoin = 'round'
  g.lineWidth = 4
  g.strokeStyle = look.outline
  g.strokeText(s.text, s.textAt.x, s.textAt.y)
  g.fillStyle = look.text
  g.fillText(s.text, s.textAt.x, s.textAt.y)
}
