import { describe, expect, it } from 'vitest'
import type { WallRecord } from '../../../src-shared/records'
import { WallIndex } from '../../../src-shared/wall-geometry'
import { firstLeg } from '../../../src-shared/wall-paths'

let n = 0
const wall = (points: [number, number][], kind: 'wall' | 'door' = 'wall'): WallRecord => {
  const base = {
    typeName: 'wall' as const,
    id: `wall:p${++n}` as const,
    sceneId: 'scene:s' as const,
    points: points.map(([x, y]) => ({ x, y })),
  }
  return kind === 'door' ? { ...base, kind, door: 'closed', secret: false } : { ...base, kind }
}
const me = { x: 0, y: 0, radius: 0.4 }

describe('the first leg of a walk round a wall (SR-CORE-33)', () => {
  it('is the goal itself when the way is clear', () => {
    expect(firstLeg(new WallIndex([]), me, { x: 10, y: 0 })).toEqual({ x: 10, y: 0 })
  })

  it('goes round the nearer end of a wall in the way, to a corner the mover can walk to in a straight line and from which the goal is', () => {
    const index = new WallIndex([
      wall([
        [5, -2],
        [5, 6],
      ]),
    ])
    const leg = firstLeg(index, me, { x: 10, y: 0 })!
    expect(index.blocked(me, leg, 'move')).toBe(false)
    expect(index.blocked(leg, { x: 10, y: 0 }, 'move')).toBe(false)
    // Round the end at y = −2, the shorter way.
    expect(leg.y).toBeLessThan(-2)
  })

  it('is null when the mover is shut in (a closed room)', () => {
    const room = new WallIndex([
      wall([
        [-2, -2],
        [2, -2],
        [2, 2],
        [-2, 2],
        [-2, -2],
      ]),
    ])
    expect(firstLeg(room, me, { x: 10, y: 0 })).toBeNull()
  })
})
