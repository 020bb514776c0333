import { describe, expect, it } from 'vitest'
import { IGNORE_POSITIONS, TYPED_DISTANCE } from '../../../src-shared/geometry'
import type { TokenRecord } from '../../../src-shared/records'
import {
  actOptions,
  actPositions,
  asideOptions,
  isPositionRefusal,
  lockedDistance,
  offersDistance,
  type ActPositions,
} from '../../../src-renderer/lib/attack/act-positions'

/** Issue 31: what the desk's attack and action panels send about where their two sides stand. */

const token = (combatantId: string, x: number, y: number, sceneId = 'scene:dock'): TokenRecord =>
  ({ typeName: 'token', id: `token:${combatantId}`, sceneId, combatantId, x, y }) as TokenRecord
const tokens = [token('vex', 2, 3), token('raider', 5, 7), token('ghost', 1, 1, 'scene:cellar')]
const both: ActPositions = { kind: 'map', metres: 5 }

describe('where an act stands', () => {
  it("is the map's, centre to centre to a tenth, when both stand on the scene in play", () => {
    expect(actPositions(tokens, 'scene:dock', 'vex', 'raider')).toEqual({ kind: 'map', metres: 5 })
    expect(actPositions([token('a', 0, 0), token('b', 1, 1)], 'scene:dock', 'a', 'b')).toEqual({ kind: 'map', metres: 1.4 })
  })

  it('is split when one stands on it and the other does not (a token on another scene is off it)', () => {
    expect(actPositions(tokens, 'scene:dock', 'vex', 'ghost')).toEqual({ kind: 'split', off: 'target' })
    expect(actPositions(tokens, 'scene:dock', 'nobody', 'raider')).toEqual({ kind: 'split', off: 'actor' })
  })

  it('is off the map with neither on it, without a scene in play, or without a target', () => {
    expect(actPositions(tokens, 'scene:dock', 'ghost', 'nobody')).toEqual({ kind: 'off' })
    expect(actPositions(tokens, null, 'vex', 'raider')).toEqual({ kind: 'off' })
    expect(actPositions(tokens, 'scene:dock', 'vex', null)).toEqual({ kind: 'off' })
  })
})

describe('what an act is sent with', () => {
  const typed = { [TYPED_DISTANCE]: 30, cover: 'partial' }

  it('never carries a typed distance while both stand on the map and positions count', () => {
    expect(actOptions(typed, both, false)).toEqual({ cover: 'partial' })
    expect(lockedDistance(both, false, TYPED_DISTANCE)).toBe(5)
    expect(lockedDistance(both, false, 'cover')).toBeNull()
  })

  it("carries the GM's distance and the override flag with positions set aside, on the map or split", () => {
    expect(actOptions(typed, both, true)).toEqual({ ...typed, [IGNORE_POSITIONS]: true })
    expect(actOptions(typed, { kind: 'split', off: 'target' }, true)).toEqual({ ...typed, [IGNORE_POSITIONS]: true })
    expect(lockedDistance(both, true, TYPED_DISTANCE)).toBeNull()
  })

  it('is as typed off the map, where the override means nothing and is not sent', () => {
    expect(actOptions(typed, { kind: 'off' }, true)).toEqual(typed)
    expect(actOptions(typed, { kind: 'split', off: 'target' }, false)).toEqual(typed)
    expect(lockedDistance({ kind: 'off' }, false, TYPED_DISTANCE)).toBeNull()
  })

  it("starts the distance at the map's when the switch goes on, and drops it when it goes off", () => {
    expect(asideOptions({ cover: 'none' }, both, true, true)).toEqual({ cover: 'none', [TYPED_DISTANCE]: 5 })
    // An act without a distance field gets none it did not ask for.
    expect(asideOptions({ cover: 'none' }, both, true, false)).toEqual({ cover: 'none' })
    expect(asideOptions({ cover: 'none', [TYPED_DISTANCE]: 12 }, both, false, true)).toEqual({ cover: 'none' })
    expect(offersDistance([{ key: 'aim' }, { key: TYPED_DISTANCE }])).toBe(true)
    expect(offersDistance(undefined)).toBe(false)
  })

  it("knows the core's refusals over positions from its other refusals", () => {
    expect(isPositionRefusal('position/outOfReach')).toBe(true)
    expect(isPositionRefusal('position/offMap')).toBe(true)
    expect(isPositionRefusal('position/distanceNotTheMaps')).toBe(true)
    expect(isPositionRefusal('attack/unsupported')).toBe(false)
  })
})
