import { describe, expect, it } from 'vitest'
import type { DoorState, WallKind, WallRecord } from '../../../src-shared/records'
import { touchesArea } from '../../../src-shared/geometry'
import { areaReachesBase, coverOf, lineOfFire, reachedArea, reaches, WallIndex, wallIndexFor } from '../../../src-shared/wall-geometry'

/** What stands between two places (issue 34), worked by hand on small maps. */

let n = 0
function wall(kind: WallKind, points: [number, number][], door: DoorState = 'closed'): WallRecord {
  const base = {
    typeName: 'wall' as const,
    id: `wall:w${++n}` as const,
    sceneId: 'scene:s' as const,
    points: points.map(([x, y]) => ({ x, y })),
  }
  return kind === 'door' ? { ...base, kind, door, secret: false } : { ...base, kind }
}
const base = (x: number, y: number, radius = 0.4) => ({ x, y, radius })

describe('line of fire', () => {
  it('is clear on an empty map and blocked by a wall across every line between the bases (SR-CORE-30)', () => {
    expect(lineOfFire(new WallIndex([]), base(0, 0), base(10, 0))).toBe(true)
    const across = new WallIndex([
      wall('wall', [
        [5, -3],
        [5, 3],
      ]),
    ])
    expect(lineOfFire(across, base(0, 0), base(10, 0))).toBe(false)
    // A wall that covers only part of the target's base leaves a line round its end.
    const short = new WallIndex([
      wall('wall', [
        [5, -3],
        [5, 0],
      ]),
    ])
    expect(lineOfFire(short, base(0, 0), base(10, 0))).toBe(true)
  })

  it('passes low cover, windows and open doors; a closed or locked door stops it', () => {
    for (const kind of ['low', 'window'] as const)
      expect(
        lineOfFire(
          new WallIndex([
            wall(kind, [
              [5, -3],
              [5, 3],
            ]),
          ]),
          base(0, 0),
          base(10, 0),
        ),
      ).toBe(true)
    expect(
      lineOfFire(
        new WallIndex([
          wall(
            'door',
            [
              [5, -3],
              [5, 3],
            ],
            'open',
          ),
        ]),
        base(0, 0),
        base(10, 0),
      ),
    ).toBe(true)
    for (const state of ['closed', 'locked'] as const)
      expect(
        lineOfFire(
          new WallIndex([
            wall(
              'door',
              [
                [5, -3],
                [5, 3],
              ],
              state,
            ),
          ]),
          base(0, 0),
          base(10, 0),
        ),
      ).toBe(false)
  })

  it('does not slip through the corner where two walls meet', () => {
    const corner = new WallIndex([
      wall('wall', [
        [5, -3],
        [5, 0],
        [5, 3],
      ]),
    ])
    expect(corner.blocked({ x: 0, y: 0 }, { x: 10, y: 0 })).toBe(true)
  })

  it('reuses one index while the wall records are the same objects', () => {
    const walls = [
      wall('wall', [
        [0, 0],
        [1, 1],
      ]),
    ]
    expect(wallIndexFor('scene:a', walls)).toBe(wallIndexFor('scene:a', [...walls]))
    expect(
      wallIndexFor('scene:a', [
        wall('wall', [
          [0, 0],
          [1, 1],
        ]),
      ]),
    ).not.toBe(wallIndexFor('scene:a', walls))
  })
})

describe('cover from the map (SR-CORE-31)', () => {
  it('nothing between: no cover', () => {
    expect(coverOf(new WallIndex([]), base(0, 0), base(10, 0))).toEqual({ hidden: 0, by: null, at: null })
  })

  it('a wall hiding half the target: about half hidden, by the wall, where it stands', () => {
    // The wall's end is on the line between the centres: the attacker sees the southern half.
    const index = new WallIndex([
      wall('wall', [
        [9, -5],
        [9, 0],
      ]),
    ])
    const c = coverOf(index, base(0, 0), base(10, 0))
    expect(c.by).toBe('wall')
    expect(c.hidden).toBeGreaterThan(0.3)
    expect(c.hidden).toBeLessThan(0.7)
    expect(c.at!.x).toBeCloseTo(9, 5)
  })

  it('low cover just in front of the target hides it; right in front of the shooter it is shot over', () => {
    const near = new WallIndex([
      wall('low', [
        [9.2, -3],
        [9.2, 3],
      ]),
    ])
    expect(coverOf(near, base(0, 0), base(10, 0))).toMatchObject({ hidden: 1, by: 'low' })
    const atShooter = new WallIndex([
      wall('low', [
        [0.6, -3],
        [0.6, 3],
      ]),
    ])
    expect(coverOf(atShooter, base(0, 0), base(10, 0)).hidden).toBe(0)
  })

  it('a combatant standing between hides what it blocks', () => {
    const c = coverOf(new WallIndex([]), base(0, 0), base(10, 0), [base(5, 0.2)])
    expect(c.by).toBe('combatant')
    expect(c.hidden).toBeGreaterThan(0)
    expect(c.hidden).toBeLessThan(1)
  })

  it('the attacker leans: a corner that hides the target from its centre does not from its rim', () => {
    // The wall ends 0.1 m above the straight line: the attacker's centre is blocked, a rim point is not.
    const index = new WallIndex([
      wall('wall', [
        [5, -3],
        [5, 0.1],
      ]),
    ])
    expect(coverOf(index, base(0, 0), base(10, 0)).hidden).toBeLessThan(1)
  })
})

describe('areas through walls (SR-CORE-32)', () => {
  const room = new WallIndex([
    wall('wall', [
      [3, -5],
      [3, 5],
    ]),
  ])
  const blast = { x: 0, y: 0, radius: 5 }

  it('a blast does not reach a base behind a wall, though its circle touches it', () => {
    const behind = base(4, 0)
    expect(touchesArea(blast, behind)).toBe(true)
    expect(areaReachesBase(room, blast, behind, blast)).toBe(false)
    expect(areaReachesBase(room, blast, base(2, 0), blast)).toBe(true)
    // No walls: exactly SR-CORE-10's test.
    expect(areaReachesBase(new WallIndex([]), blast, behind, blast)).toBe(true)
    expect(areaReachesBase(new WallIndex([]), blast, base(6, 0), blast)).toBe(false)
  })

  it('the shape drawn stops at the wall, and every corner of it is reached by the rules', () => {
    const shape = reachedArea(room, blast, 5)
    expect(Math.max(...shape.map((p) => p.x))).toBeLessThanOrEqual(3 + 1e-6)
    expect(Math.min(...shape.map((p) => p.x))).toBeCloseTo(-5, 5)
    // Just inside each corner (towards the origin) is reached.
    for (const p of shape) expect(reaches(room, blast, { x: p.x * 0.99, y: p.y * 0.99 })).toBe(true)
  })
})
