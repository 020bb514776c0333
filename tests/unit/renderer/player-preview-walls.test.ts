import { describe, expect, it } from 'vitest'
import { playerPreview } from '../../../src-renderer/lib/map/player-preview'
import type { ViewState } from '../../../src-shared/diff'
import { DEFAULT_PROJECTOR, type SceneId, type WallRecord } from '../../../src-shared/records'
import type { SceneView, ViewRecord, ViewRecordId } from '../../../src-shared/views'

const inPlay = 'scene:keep' as SceneId
const shelved = 'scene:cellar' as SceneId

function scene(id: SceneId, active: boolean): SceneView {
  // Only the room from (0, 0) to (10, 10) m is revealed.
  const fog = { mode: 'areas' as const, steps: [{ op: 'reveal' as const, rect: { x: 0, y: 0, w: 10, h: 10 } }] }
  return { typeName: 'scene', id, name: id, image: null, grid: { kind: 'none', pxPerMetre: 20 }, active, fog }
}

const line = (x: number, y: number) => [
  { x, y },
  { x: x + 2, y },
]
const walls: WallRecord[] = [
  { typeName: 'wall', id: 'wall:seen', sceneId: inPlay, kind: 'low', points: line(1, 1) },
  { typeName: 'wall', id: 'wall:half-fogged', sceneId: inPlay, kind: 'wall', points: line(9, 2) },
  { typeName: 'wall', id: 'wall:shelved', sceneId: shelved, kind: 'wall', points: line(1, 1) },
  { typeName: 'wall', id: 'wall:door', sceneId: inPlay, kind: 'door', door: 'locked', secret: false, points: line(1, 4) },
  { typeName: 'wall', id: 'wall:secret-shut', sceneId: inPlay, kind: 'door', door: 'closed', secret: true, points: line(1, 6) },
  { typeName: 'wall', id: 'wall:secret-open', sceneId: inPlay, kind: 'door', door: 'open', secret: true, points: line(1, 8) },
]

function gmView(prepMap: boolean): ViewState {
  const records: ViewRecord[] = [{ ...DEFAULT_PROJECTOR, prepMap }, scene(inPlay, true), scene(shelved, false), ...walls]
  return { version: 1, records: new Map(records.map((r) => [r.id as ViewRecordId, r])) }
}

const wallsIn = (v: ViewState) => [...v.records.values()].filter((r): r is WallRecord => r.typeName === 'wall')

describe("the projector preview's walls (issue 34)", () => {
  it('shows the walls of the scene in play wholly in sight, a secret door as a plain wall while shut and not at all when open', () => {
    const seen = wallsIn(playerPreview(gmView(true)))
    expect(Object.fromEntries(seen.map((w) => [w.id, w.kind]))).toEqual({
      'wall:seen': 'low',
      'wall:door': 'door',
      'wall:secret-shut': 'wall',
    })
    // Nothing on the table's copy of a secret door says what it is.
    expect(seen.find((w) => w.id === 'wall:secret-shut')).toEqual({
      typeName: 'wall',
      id: 'wall:secret-shut',
      sceneId: inPlay,
      kind: 'wall',
      points: line(1, 6),
    })
  })

  it('shows none while the table holds (no fight, the map not shown in prep)', () => {
    expect(wallsIn(playerPreview(gmView(false)))).toEqual([])
  })
})
