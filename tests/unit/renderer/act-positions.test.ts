import { describe, expect, it } from 'vitest'
import { IGNORE_POSITIONS, TYPED_DISTANCE } from '../../../src-shared/geometry'
import type { TokenRecord } from '../../../src-shared/records'
import {
  actOptions,
  actPositions,
  isPositionRefusal,
  offersDistance,
  offersField,
  positionsText,
  withMapDistance,
  withoutTypedDistance,
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
    // Nor is one offered to type: the map's is shown instead.
    expect(offersField(both, false, TYPED_DISTANCE)).toBe(false)
    expect(offersField(both, false, 'cover')).toBe(true)
  })

  it("carries the GM's distance and the override flag with positions set aside, on the map or split", () => {
    expect(actOptions(typed, both, true)).toEqual({ ...typed, [IGNORE_POSITIONS]: true })
    expect(actOptions(typed, { kind: 'split', off: 'target' }, true)).toEqual({ ...typed, [IGNORE_POSITIONS]: true })
    expect(offersField(both, true, TYPED_DISTANCE)).toBe(true)
  })

  it('is as typed off the map, where the override means nothing and is not sent', () => {
    expect(actOptions(typed, { kind: 'off' }, true)).toEqual(typed)
    expect(actOptions(typed, { kind: 'split', off: 'target' }, false)).toEqual(typed)
    expect(offersField({ kind: 'off' }, false, TYPED_DISTANCE)).toBe(true)
    expect(offersField({ kind: 'split', off: 'actor' }, false, TYPED_DISTANCE)).toBe(true)
  })

  it("starts the distance at the map's once the act offers one with positions set aside, and drops it when the switch goes off", () => {
    const fields = [{ key: 'cover' }, { key: TYPED_DISTANCE }]
    expect(withMapDistance({ cover: 'none' }, both, true, fields)).toEqual({ cover: 'none', [TYPED_DISTANCE]: 5 })
    // The GM's own distance is not overwritten, and nothing changes (the same object) when there is nothing to fill.
    const own = { [TYPED_DISTANCE]: 30 }
    expect(withMapDistance(own, both, true, fields)).toBe(own)
    const none = { cover: 'none' }
    expect(withMapDistance(none, both, false, fields)).toBe(none)
    expect(withMapDistance(none, { kind: 'split', off: 'target' }, true, fields)).toBe(none)
    // An act without a distance field gets none it did not ask for.
    expect(withMapDistance(none, both, true, [{ key: 'cover' }])).toBe(none)
    expect(withoutTypedDistance({ cover: 'none', [TYPED_DISTANCE]: 12 })).toEqual({ cover: 'none' })
    expect(offersDistance(fields)).toBe(true)
    expect(offersDistance(undefined)).toBe(false)
  })

  it('says where the two stand beside the switch, or what the override does', () => {
    const names = { actor: 'Vex', target: 'Raider' }
    expect(positionsText({ kind: 'map', metres: 12.3 }, false, names)).toBe('12.3 m on the map, centre to centre')
    expect(positionsText({ kind: 'split', off: 'target' }, false, names)).toBe('Raider has no token on the map.')
    expect(positionsText({ kind: 'split', off: 'actor' }, false, names)).toBe('Vex has no token on the map.')
    expect(positionsText({ kind: 'map', metres: 12.3 }, true, names)).toBe('Ignored for the next act, and logged (12.3 m on the map).')
    expect(positionsText({ kind: 'off' }, false, names)).toBe('')
  })

  it("knows the core's refusals over positions from its other refusals", () => {
    expect(isPositionRefusal('position/outOfReach')).toBe(true)
    expect(isPositionRefusal('position/offMap')).toBe(true)
    expect(isPositionRefusal('position/distanceNotTheMaps')).toBe(true)
    expect(isPositionRefusal('attack/unsupported')).toBe(false)
  })
})
