import { describe, expect, it } from 'vitest'
import type { WallRecord } from '../../../src-shared/records'
import { WallIndex } from '../../../src-shared/wall-geometry'
import { entersBase } from '../../../src-shared/geometry'
import { MAP } from '../../../src-shared/limits'
import { firstLeg, shortestPath, type FoundPath } from '../../../src-shared/wall-paths'

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

/** Every leg of a found walk crosses no wall that stops a body and enters none of `obstacles`. */
function legsClear(
  index: WallIndex,
  from: { x: number; y: number },
  path: FoundPath,
  obstacles: { x: number; y: number; radius: number }[] = [],
) {
  let at = from
  for (const p of path.points) {
    expect(index.blocked(at, p, 'move')).toBe(false)
    for (const o of obstacles) expect(entersBase(at, p, o)).toBeNull()
    at = p
  }
}

describe('the shortest walk round walls and tokens (issue 34)', () => {
  // A walled yard 30 × 15 m with four inner walls, open at the bottom, the top, the bottom, the top.
  const serpentine = () =>
    new WallIndex([
      wall([
        [0, 0],
        [30, 0],
        [30, 15],
        [0, 15],
        [0, 0],
      ]),
      wall([
        [6, 0],
        [6, 12],
      ]),
      wall([
        [12, 3],
        [12, 15],
      ]),
      wall([
        [18, 0],
        [18, 12],
      ]),
      wall([
        [24, 3],
        [24, 15],
      ]),
    ])

  it('winds through a serpentine maze: every leg clear, through each gap in turn, and about as short as the corridors allow', () => {
    const index = serpentine()
    const from = { x: 3, y: 7.5, radius: 0.6 }
    const path = shortestPath(index, from, [{ x: 27, y: 7.5, stopAt: 0 }])!
    expect(path).not.toBeNull()
    expect(path.points.at(-1)).toEqual({ x: 27, y: 7.5 })
    legsClear(index, from, path)
    // Down past the first wall's end (y > 12), up past the second's (y < 3), and so on.
    const turns = path.points.slice(0, -1)
    expect(turns.some((p) => p.x < 12 && p.y > 12)).toBe(true)
    expect(turns.some((p) => p.x > 6 && p.x < 18 && p.y < 3)).toBe(true)
    expect(turns.some((p) => p.x > 12 && p.x < 24 && p.y > 12)).toBe(true)
    expect(turns.some((p) => p.x > 18 && p.y < 3)).toBe(true)
    // Each wall costs a detour of about 2 × 4.5 m vertical besides the 24 m across: well under 80 m.
    expect(path.metres).toBeGreaterThan(40)
    expect(path.metres).toBeLessThan(70)
    // The first leg, which the autopilot walks, heads for the first gap.
    expect(firstLeg(index, from, { x: 27, y: 7.5 })).toEqual(path.points[0])
  })

  it('goes round a token in the way and stops at touching distance of the one it walks up to', () => {
    const index = new WallIndex([])
    const from = { x: 0, y: 0, radius: 0.6 }
    const ally = { x: 4, y: 0, radius: 1.22 }
    const foe = { x: 9, y: 0, radius: 1.22 }
    const path = shortestPath(index, from, [{ x: foe.x, y: foe.y, stopAt: 1.22, obstacle: 1 }], { obstacles: [ally, foe] })!
    legsClear(index, from, path, [ally])
    expect(path.points.length).toBeGreaterThan(1)
    const end = path.points.at(-1)!
    expect(Math.hypot(end.x - foe.x, end.y - foe.y)).toBeCloseTo(1.22, 6)
    // Nearly straight: a little more than the 7.78 m to touching distance.
    expect(path.metres).toBeGreaterThan(7.78)
    expect(path.metres).toBeLessThan(9.5)
  })

  it('is bounded: on a scene of the most walls a scene may hold, crowded together, a search ends quickly (found or not)', () => {
    let seed = 1
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647
    const walls: WallRecord[] = []
    const corners = Math.floor(MAP.wallSegmentsPerScene / MAP.wallsPerScene) + 1
    for (let i = 0; i < MAP.wallsPerScene; i++) {
      const pts: [number, number][] = []
      let [x, y] = [rnd() * 200, rnd() * 200]
      for (let k = 0; k < corners; k++) {
        pts.push([x, y])
        x += (rnd() - 0.5) * 3
        y += (rnd() - 0.5) * 3
      }
      walls.push(wall(pts))
    }
    const index = new WallIndex(walls)
    for (const [from, to] of [
      [
        { x: 1, y: 1, radius: 0.6 },
        { x: 199, y: 199 },
      ],
      [
        { x: 5, y: 100, radius: 0.6 },
        { x: 195, y: 100 },
      ],
    ] as [{ x: number; y: number; radius: number }, { x: number; y: number }][]) {
      const started = performance.now()
      const path = shortestPath(index, from, [{ ...to, stopAt: 0 }])
      // About 0.3 s on a loaded laptop; an unbounded visibility graph of 200,000 points would take hours.
      expect(performance.now() - started).toBeLessThan(5_000)
      if (path) legsClear(index, from, path)
    }
  })
})
