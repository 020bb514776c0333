import { describe, expect, it } from 'vitest'
import type { SceneGrid } from '../../../src-shared/records'
import {
  fitView,
  gridLines,
  gridPath,
  metresToPx,
  pathLength,
  pxToMetres,
  sceneSizePx,
  sceneToScreen,
  screenToScene,
  zoomAt,
} from '../../../src-renderer/lib/map/map-geometry'
import { healthFraction, initials, tokenBadges } from '../../../src-renderer/lib/map/token-look'

const square: SceneGrid = { kind: 'square', cellPx: 50, metresPerCell: 1.5, offsetX: 10, offsetY: -20 }
const none: SceneGrid = { kind: 'none', pxPerMetre: 20 }

describe('map geometry', () => {
  it('converts metres and scene pixels with a square grid (offsets move lines, not tokens)', () => {
    expect(metresToPx(square, { x: 3, y: 1.5 })).toEqual({ x: 100, y: 50 })
    const back = pxToMetres(square, { x: 100, y: 50 })
    expect(back.x).toBeCloseTo(3)
    expect(back.y).toBeCloseTo(1.5)
  })

  it('converts metres and scene pixels without a grid', () => {
    expect(metresToPx(none, { x: 2, y: 0.5 })).toEqual({ x: 40, y: 10 })
    expect(pxToMetres(none, { x: 40, y: 10 })).toEqual({ x: 2, y: 0.5 })
  })

  it('sizes an imageless scene as the default 40 × 30 m field, an imaged one as its image', () => {
    expect(sceneSizePx({ image: null, grid: none })).toEqual({ width: 800, height: 600 })
    expect(sceneSizePx({ image: { hash: 'a'.repeat(64), ext: 'png', width: 1024, height: 768, fileName: 'x.png' }, grid: none })).toEqual({
      width: 1024,
      height: 768,
    })
  })

  it('lays grid lines from the offset, wrapping negative offsets into the field', () => {
    const lines = gridLines(square, { width: 160, height: 100 })
    expect(lines.xs).toEqual([10, 60, 110, 160])
    expect(lines.ys).toEqual([30, 80])
    expect(gridLines(none, { width: 100, height: 100 })).toEqual({ xs: [], ys: [] })
    expect(gridPath(square, { width: 160, height: 100 })).toContain('M10 0V100')
  })

  it('zooms around the pointer: the scene point under it stays put', () => {
    const v = { x: 30, y: -40, k: 1.25 }
    const at = { x: 400, y: 300 }
    const before = screenToScene(v, at)
    const z = zoomAt(v, at, 2)
    expect(z.k).toBeCloseTo(2.5)
    const after = sceneToScreen(z, before)
    expect(after.x).toBeCloseTo(at.x)
    expect(after.y).toBeCloseTo(at.y)
    // Clamped: a huge wheel does not zoom to infinity.
    expect(zoomAt(v, at, 1e9).k).toBe(8)
  })

  it('fits the scene centred in the viewport', () => {
    const f = fitView({ width: 800, height: 600 }, { width: 432, height: 632 }, 16)
    expect(f.k).toBeCloseTo(0.5)
    expect(f.x).toBeCloseTo(16)
    expect(f.y).toBeCloseTo(166)
  })

  it('measures a path through several points', () => {
    expect(
      pathLength([
        { x: 0, y: 0 },
        { x: 3, y: 4 },
        { x: 3, y: 10 },
      ]),
    ).toBeCloseTo(11)
    expect(pathLength([{ x: 1, y: 1 }])).toBe(0)
  })
})

describe('token look', () => {
  it('makes initials', () => {
    expect(initials('Vex')).toBe('VE')
    expect(initials('Ada Kell')).toBe('AK')
    expect(initials('Raider 2')).toBe('R2')
  })

  it('fills the ring exactly for the GM and by band for the players', () => {
    expect(healthFraction({ numbers: { kind: 'exact', hp: 15, maxHp: 60, initiativeModifier: 0 } })).toBeCloseTo(0.25)
    expect(healthFraction({ numbers: { kind: 'secret', band: 'unhurt' } })).toBe(1)
    expect(healthFraction({ numbers: { kind: 'secret', band: 'down' } })).toBe(0)
  })

  it('lists the standing first, then conditions with stacks', () => {
    expect(
      tokenBadges({
        standing: { state: 'down', label: 'Down', skipsTurn: true },
        conditions: [{ key: 'k', conditionId: 'c', label: 'Pinned', stacks: 2 }],
      }),
    ).toEqual(['Down', 'Pinned ×2'])
  })
})
