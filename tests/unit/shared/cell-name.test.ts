import { describe, expect, it } from 'vitest'
import { columnLetters, placeName } from '../../../src-shared/cell-name'

/** Issue 34: where the map's cover is, in the GM's words. */
describe('place names on a battle map', () => {
  it('letters columns as a spreadsheet does', () => {
    expect([0, 2, 25, 26, 27, 51, 52, 701, 702].map(columnLetters)).toEqual(['A', 'C', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA'])
  })

  it('names the grid cell from the grid’s offset, rows from 1; metres without a grid', () => {
    const grid = { kind: 'square', cellPx: 50, metresPerCell: 1.5, offsetX: 0, offsetY: 0 } as const
    expect(placeName(grid, { x: 3.1, y: 4.6 })).toBe('C4')
    expect(placeName(grid, { x: 0, y: 0 })).toBe('A1')
    // Offset 25 px = 0.75 m: the first column starts there.
    expect(placeName({ ...grid, offsetX: 25, offsetY: 25 }, { x: 0.8, y: 0.8 })).toBe('A1')
    expect(placeName({ ...grid, offsetX: 25, offsetY: 25 }, { x: 2.3, y: 0.8 })).toBe('B1')
    expect(placeName({ kind: 'none', pxPerMetre: 50 }, { x: 12.54, y: 8 })).toBe('12.5, 8 m')
  })
})
