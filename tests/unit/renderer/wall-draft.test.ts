import { describe, expect, it } from 'vitest'
import { MAP } from '../../../src-shared/limits'
import { midpointAlong, movedBy, pickFields, splittable, withCorner, withCornerAt } from '../../../src-renderer/lib/map/wall-draft'

describe('the wall being drawn and edited on the map', () => {
  it('adds a corner per click, but not the same corner twice in a row (the first half of a double-click)', () => {
    const a = withCorner([], { x: 1, y: 1 })
    const b = withCorner(a, { x: 4, y: 1 })
    expect(withCorner(b, { x: 4, y: 1 })).toEqual([
      { x: 1, y: 1 },
      { x: 4, y: 1 },
    ])
    // Back to an earlier corner (a closed room) is a corner like any other.
    expect(withCorner(b, { x: 1, y: 1 })).toHaveLength(3)
  })

  it('never grows past the bound of corners a wall may have', () => {
    const full = Array.from({ length: MAP.wallPoints }, (_, i) => ({ x: i, y: 0 }))
    expect(withCorner(full, { x: -1, y: -1 })).toHaveLength(MAP.wallPoints)
  })

  it('moves every corner by the same step, to the centimetre', () => {
    expect(
      movedBy(
        [
          { x: 1, y: 1 },
          { x: 3.3, y: 1 },
        ],
        { x: 1, y: 1 },
        { x: 2.1, y: 0.9 },
      ),
    ).toEqual([
      { x: 2.1, y: 0.9 },
      { x: 4.4, y: 0.9 },
    ])
  })

  it('moves one corner, refusing to put it on a neighbour', () => {
    const pts = [
      { x: 0, y: 0 },
      { x: 2, y: 0 },
      { x: 2, y: 2 },
    ]
    expect(withCornerAt(pts, 2, { x: 3, y: 3 })).toEqual([
      { x: 0, y: 0 },
      { x: 2, y: 0 },
      { x: 3, y: 3 },
    ])
    expect(withCornerAt(pts, 2, { x: 2, y: 0 })).toBeNull()
    expect(withCornerAt(pts, 5, { x: 9, y: 9 })).toBeNull()
  })

  it('splits only at an inner corner', () => {
    const pts = [
      { x: 0, y: 0 },
      { x: 2, y: 0 },
      { x: 2, y: 2 },
    ]
    expect([null, 0, 1, 2].map((i) => splittable(pts, i))).toEqual([false, false, true, false])
  })

  it("puts a door's handle halfway along its length, turned along that segment", () => {
    const { at, angle } = midpointAlong([
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      { x: 1, y: 3 },
    ])
    expect(at).toEqual({ x: 1, y: 1 })
    expect(angle).toBeCloseTo(Math.PI / 2)
  })

  it('turns the picker\'s "secret door" into a door that is secret', () => {
    expect(pickFields('secret')).toEqual({ kind: 'door', secret: true })
    expect(pickFields('low')).toEqual({ kind: 'low' })
  })
})
