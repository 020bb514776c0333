import { describe, expect, it } from 'vitest'
import { SIDES } from '../../../src-shared/records'
import { sideMark, sideMarkPoints } from '../../../src-renderer/lib/map/token-look'

const friends = ['party', 'ally'] as const

describe('side marks: the sides differ by more than colour', () => {
  it('every side has a shape, a glyph and its own word', () => {
    for (const side of SIDES) {
      const m = sideMark(side)
      expect(m.word).toBe(side)
      expect(m.glyph.length).toBeGreaterThan(0)
      expect(['circle', 'diamond', 'square']).toContain(m.shape)
    }
  })

  it("an enemy's shape and glyph are never a friend's", () => {
    const enemy = sideMark('enemy')
    for (const side of friends) {
      expect(sideMark(side).shape).not.toBe(enemy.shape)
      expect(sideMark(side).glyph).not.toBe(enemy.glyph)
    }
  })

  it('outlines a diamond by its four tips and a square inside the same reach', () => {
    const tips = sideMarkPoints('diamond', 10, 20, 4)
      .split(' ')
      .map((p) => p.split(',').map(Number) as [number, number])
    expect(tips).toHaveLength(4)
    for (const [x, y] of tips) expect(Math.abs(x - 10) + Math.abs(y - 20)).toBeCloseTo(4)
    const corners = sideMarkPoints('square', 0, 0, 5)
      .split(' ')
      .map((p) => p.split(',').map(Number) as [number, number])
    expect(corners).toHaveLength(4)
    for (const [x, y] of corners) expect(Math.max(Math.abs(x), Math.abs(y))).toBeCloseTo(4)
  })
})
