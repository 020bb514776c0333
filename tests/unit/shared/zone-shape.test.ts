import { describe, expect, it } from 'vitest'
import type { Point } from '../../../src-shared/geometry'
import type { WallRecord } from '../../../src-shared/records'
import { areaReachesBase, reachedZone, WallIndex } from '../../../src-shared/wall-geometry'
import type { AreaShape } from '../../../src-shared/area-geometry'

/** The drawn shape of a zone through walls (SR-CORE-32): `reachedZone`, checked against the rules' own test. */

const wall = (id: string, a: Point, b: Point, kind: WallRecord['kind'] = 'wall'): WallRecord =>
  ({
    typeName: 'wall',
    id: `wall:${id}`,
    sceneId: 'scene:s',
    kind,
    points: [a, b],
    ...(kind === 'door' ? { door: 'closed', secret: false } : {}),
  }) as WallRecord

/** Even-odd ray casting, written here rather than borrowed from the code under test. */
function insidePolygon(p: Point, poly: readonly Point[]): boolean {
  let inside = false
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!
    const b = poly[j]!
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside
  }
  return inside
}
const inAny = (p: Point, shapes: readonly Point[][]) => shapes.some((s) => insidePolygon(p, s))
const area = (poly: readonly Point[]) =>
  Math.abs(poly.reduce((s, p, i) => s + p.x * poly[(i + 1) % poly.length]!.y - poly[(i + 1) % poly.length]!.x * p.y, 0)) / 2

/** Every 0.1 m over the box, the share of points where the drawing and the rules (a point base) disagree. */
function disagreement(index: WallIndex, source: Point, zone: AreaShape, shapes: Point[][], box: [number, number, number, number]) {
  let differ = 0
  let total = 0
  for (let x = box[0]; x <= box[2]; x += 0.1)
    for (let y = box[1]; y <= box[3]; y += 0.1) {
      const p = { x: x + 0.013, y: y + 0.017 }
      total++
      if (inAny(p, shapes) !== areaReachesBase(index, source, { ...p, radius: 0 }, zone)) differ++
    }
  return differ / total
}

describe('reachedZone: the zone as the map draws it through walls (SR-CORE-32)', () => {
  it('draws nothing special without walls: the plain circle or lane stands', () => {
    expect(reachedZone(new WallIndex([]), { x: 0, y: 0 }, { x: 0, y: 0, radius: 3 })).toBeNull()
  })

  it('a blast of 3 m cut by a wall 1 m east of it keeps the west of the circle: πr² less the cap beyond x = 1', () => {
    const index = new WallIndex([wall('a', { x: 1, y: -5 }, { x: 1, y: 5 })])
    const blast = { x: 0, y: 0, radius: 3 }
    const shapes = reachedZone(index, blast, blast)!
    expect(shapes).toHaveLength(1)
    expect(Math.max(...shapes[0]!.map((p) => p.x))).toBeLessThanOrEqual(1 + 1e-9)
    const cap = 9 * Math.acos(1 / 3) - Math.sqrt(8)
    expect(area(shapes[0]!)).toBeCloseTo(Math.PI * 9 - cap, 0)
    expect(disagreement(index, blast, blast, shapes, [-3.2, -3.2, 3.2, 3.2])).toBeLessThan(0.01)
  })

  it('an open door lets it through; closed, it cuts like the wall', () => {
    const open = new WallIndex([{ ...wall('d', { x: 1, y: -5 }, { x: 1, y: 5 }, 'door'), door: 'open' } as WallRecord])
    expect(reachedZone(open, { x: 0, y: 0 }, { x: 0, y: 0, radius: 3 })![0]!.some((p) => p.x > 2.9)).toBe(true)
    const shut = new WallIndex([wall('d', { x: 1, y: -5 }, { x: 1, y: 5 }, 'door')])
    expect(reachedZone(shut, { x: 0, y: 0 }, { x: 0, y: 0, radius: 3 })![0]!.every((p) => p.x <= 1 + 1e-9)).toBe(true)
  })

  it('a suppressor outside its zone: a pillar between casts a shadow that splits the zone in two', () => {
    const index = new WallIndex([wall('p', { x: -3, y: -0.5 }, { x: -3, y: 0.5 })])
    const suppressor = { x: -10, y: 0 }
    const zone = { x: 0, y: 0, radius: 2 }
    const shapes = reachedZone(index, suppressor, zone)!
    expect(shapes).toHaveLength(2)
    expect(inAny({ x: 0, y: 0 }, shapes)).toBe(false)
    expect(inAny({ x: 0, y: 1.6 }, shapes)).toBe(true)
    expect(inAny({ x: 0, y: -1.6 }, shapes)).toBe(true)
    expect(disagreement(index, suppressor, zone, shapes, [-2.2, -2.2, 2.2, 2.2])).toBeLessThan(0.01)
  })

  it('a lane from its shooter stops at a wall across it', () => {
    const index = new WallIndex([wall('x', { x: 5, y: -3 }, { x: 5, y: 3 })])
    const lane = { x: 0, y: 0, radius: 1, to: { x: 10, y: 0 } }
    const shapes = reachedZone(index, { x: 0, y: 0 }, lane)!
    expect(Math.max(...shapes[0]!.map((p) => p.x))).toBeLessThanOrEqual(5 + 1e-9)
    expect(Math.max(...shapes[0]!.map((p) => p.x))).toBeGreaterThan(4.9)
    expect(disagreement(index, { x: 0, y: 0 }, lane, shapes, [-1.2, -1.2, 11.2, 1.2])).toBeLessThan(0.01)
  })
})
