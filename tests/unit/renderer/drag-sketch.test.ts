import { describe, expect, it } from 'vitest'
import type { SceneGrid } from '../../../src-shared/records'
import { MEASURE_OFFSET, READOUT_OFFSET, sketchDrag, sketchText } from '../../../src-renderer/lib/map/drag-sketch'

// 50 scene px a 1.5 m cell: 100/3 px a metre.
const square: SceneGrid = { kind: 'square', cellPx: 50, metresPerCell: 1.5, offsetX: 10, offsetY: -20 }
const none: SceneGrid = { kind: 'none', pxPerMetre: 20 }

describe('a gesture drawn on the drag layer', () => {
  it('puts a token drag’s path, ghost and readout where the committed view shows the scene', () => {
    const s = sketchDrag(
      { grid: none, view: { x: 100, y: -40, k: 0.5 }, radius: 30 },
      { kind: 'token', from: { x: 2, y: 3 }, to: { x: 5, y: 7 }, label: '2 actions' },
    )
    if (s.kind !== 'token') throw new Error(`a token drag sketched as ${s.kind}`)
    // Metres → scene px (×20) → screen (×0.5, then the view's offset).
    expect(s.from).toEqual({ x: 120, y: -10 })
    expect(s.to).toEqual({ x: 150, y: 30 })
    expect(s.ghostRadius).toBe(15)
    expect(s.dash).toEqual([3, 2])
    expect(s.text).toBe('5.0 m · 2 actions')
    expect(s.textAt).toEqual({ x: 150 + READOUT_OFFSET.x, y: 30 + READOUT_OFFSET.y })
    expect(sketchText(s)).toBe('5.0 m · 2 actions')
  })

  it('says the distance alone until the ruleset has priced the move, in the log’s own rounding', () => {
    const s = sketchDrag(
      { grid: square, view: { x: 0, y: 0, k: 2 }, radius: 10 },
      { kind: 'token', from: { x: 0, y: 0 }, to: { x: 1.5, y: 0.04 }, label: '' },
    )
    if (s.kind !== 'token') throw new Error(`a token drag sketched as ${s.kind}`)
    expect(s.text).toBe('1.5 m')
    // The grid's offset moves its lines, not the tokens: 1.5 m is 50 scene px, 100 on screen at ×2.
    expect(s.to.x).toBeCloseTo(100)
    expect(s.ghostRadius).toBe(20)
  })

  it('measures with a line and its length, its readout nearer the pointer', () => {
    const s = sketchDrag(
      { grid: none, view: { x: 10, y: 10, k: 1 }, radius: 30 },
      { kind: 'measure', from: { x: 0, y: 0 }, to: { x: 3, y: 4 } },
    )
    expect(s).toEqual({
      kind: 'measure',
      from: { x: 10, y: 10 },
      to: { x: 70, y: 90 },
      text: '5.0 m',
      textAt: { x: 70 + MEASURE_OFFSET.x, y: 90 + MEASURE_OFFSET.y },
    })
  })

  it('draws a fog area as a screen rectangle, hiding or revealing, and says nothing', () => {
    const s = sketchDrag(
      { grid: none, view: { x: -5, y: 0, k: 0.25 }, radius: 30 },
      { kind: 'fog', rect: { x: 1, y: 2, w: 4, h: 2 }, hide: true },
    )
    expect(s).toEqual({ kind: 'fog', x: 0, y: 10, w: 20, h: 10, dash: [1.5, 1], hide: true })
    expect(sketchText(s)).toBe('')
    expect(sketchText(null)).toBe('')
  })

  it('moves an area template under the pointer at its size on screen, fainter and dashed when hidden', () => {
    const s = sketchDrag(
      { grid: none, view: { x: 0, y: 0, k: 0.5 }, radius: 30 },
      { kind: 'area', to: { x: 10, y: 10 }, radius: 3, label: 'Grenade 3 m (hidden)', hidden: true },
    )
    expect(s).toEqual({ kind: 'area', at: { x: 100, y: 100 }, r: 30, text: 'Grenade 3 m (hidden)', hidden: true, dash: [2.5, 2] })
    expect(sketchText(s)).toBe('Grenade 3 m (hidden)')
  })
})
