import { describe, expect, it } from 'vitest'
import { basesOverlap, entersBase } from '../../../src-shared/geometry'

/** The two tests SR-CORE-34 judges a move by: walking into a base, and ending on one. */
describe('walking into a base, and bases overlapping (SR-CORE-34)', () => {
  const bo = { x: 5, y: 0, radius: 0.6 }

  it('a walk straight at a base enters it at its rim, as a fraction of the walk', () => {
    expect(entersBase({ x: 0, y: 0 }, { x: 10, y: 0 }, bo)).toBeCloseTo(0.44, 9)
    // One that ends inside it enters it too.
    expect(entersBase({ x: 0, y: 0 }, { x: 5, y: 0 }, bo)).toBeCloseTo(4.4 / 5, 9)
  })

  it('passing beside it, grazing its rim, stopping short of it, or starting on it and stepping off is not entering', () => {
    expect(entersBase({ x: 0, y: 1 }, { x: 10, y: 1 }, bo)).toBeNull()
    expect(entersBase({ x: 0, y: 0.6 }, { x: 10, y: 0.6 }, bo)).toBeNull()
    expect(entersBase({ x: 0, y: 0 }, { x: 4.3, y: 0 }, bo)).toBeNull()
    expect(entersBase({ x: 5.2, y: 0 }, { x: 10, y: 0 }, bo)).toBeNull()
    expect(entersBase({ x: 5.6, y: 0 }, { x: 10, y: 0 }, bo)).toBeNull()
    // Diagonally between two neighbours on a 1.5 m grid: 1.06 m from each centre, outside both.
    const [a, b] = [
      { x: 2.25, y: 0.75, radius: 0.6 },
      { x: 0.75, y: 2.25, radius: 0.6 },
    ]
    expect(entersBase({ x: 0.75, y: 0.75 }, { x: 2.25, y: 2.25 }, a)).toBeNull()
    expect(entersBase({ x: 0.75, y: 0.75 }, { x: 2.25, y: 2.25 }, b)).toBeNull()
  })

  it('bases overlap when their centres are closer than their radii together; touching rims do not', () => {
    expect(basesOverlap({ x: 3.9, y: 0, radius: 0.6 }, bo)).toBe(true)
    expect(basesOverlap({ x: 3.8, y: 0, radius: 0.6 }, bo)).toBe(false)
    expect(basesOverlap({ x: 3.5, y: 0, radius: 0.6 }, bo)).toBe(false)
  })
})
