import { describe, expect, it } from 'vitest'
import type { SceneGrid } from '../../../src-shared/records'
import { snapReach, snapWallPoint, WALL_SNAP_SCREEN_PX } from '../../../src-renderer/lib/map/wall-snap'

// 50 px cells of 1.5 m, lines shifted 10 px right and 20 px down: cells start at x = 0.3 m, y = 0.6 m (+ 1.5 m steps).
const grid: SceneGrid = { kind: 'square', cellPx: 50, metresPerCell: 1.5, offsetX: 10, offsetY: 20 }

describe('snapWallPoint', () => {
  it('jumps to the nearest cell corner within reach, offset included', () => {
    expect(snapWallPoint({ x: 1.85, y: 2.05 }, grid, 0.2)).toEqual({ x: 1.8, y: 2.1 })
    expect(snapWallPoint({ x: 0.25, y: 0.66 }, grid, 0.2)).toEqual({ x: 0.3, y: 0.6 })
  })

  it('falls to the nearest point on a cell edge when no corner is within reach', () => {
    // 0.05 m from the vertical line at x = 1.8, 0.65 m from any horizontal one: keeps its y.
    expect(snapWallPoint({ x: 1.85, y: 2.75 }, grid, 0.2)).toEqual({ x: 1.8, y: 2.75 })
    // Near the horizontal line y = 3.6 only.
    expect(snapWallPoint({ x: 2.5, y: 3.52 }, grid, 0.2)).toEqual({ x: 2.5, y: 3.6 })
  })

  it('stays where the pointer is when no line is within reach, and rounds to the centimetre', () => {
    expect(snapWallPoint({ x: 2.5432, y: 2.8511 }, grid, 0.2)).toEqual({ x: 2.54, y: 2.85 })
  })

  it('never snaps with Alt (no reach) or on a gridless scene', () => {
    expect(snapWallPoint({ x: 1.85, y: 2.05 }, grid, 0)).toEqual({ x: 1.85, y: 2.05 })
    expect(snapWallPoint({ x: 1.85, y: 2.05 }, { kind: 'none', pxPerMetre: 20 }, 5)).toEqual({ x: 1.85, y: 2.05 })
  })

  it('reaches a fixed distance on screen whatever the zoom', () => {
    const s = 50 / 1.5
    expect(snapReach(grid, 1, false)).toBeCloseTo(WALL_SNAP_SCREEN_PX / s)
    expect(snapReach(grid, 4, false)).toBeCloseTo(WALL_SNAP_SCREEN_PX / s / 4)
    expect(snapReach(grid, 4, true)).toBe(0)
  })
})
