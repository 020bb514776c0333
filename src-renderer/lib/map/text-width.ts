/**
 * How wide a label is drawn in the page's own font at the weight the map's labels use, read from
 * a canvas: no element is laid out, so placing a hundred labels costs no reflow.
 */
let context: CanvasRenderingContext2D | null | undefined
let family = ''

export function labelWidth(text: string, px: number): number {
  if (context === undefined) {
    context = document.createElement('canvas').getContext('2d')
    family = getComputedStyle(document.body).fontFamily
  }
  // No canvas (a headless test without one): a generous guess for bold capitals and lower case.
  if (!context) return text.length * px * 0.62
  context.font = `600 ${px}px ${family}`
  return context.measureText(text).width
}
