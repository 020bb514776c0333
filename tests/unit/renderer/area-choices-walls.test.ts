import { describe, expect, it } from 'vitest'
import type { AreaMarkRecord, WallRecord } from '../../../src-shared/records'
import { areaChoices } from '../../../src-renderer/lib/attack/area-choices'

const grenade: AreaMarkRecord = {
  typeName: 'areaMark',
  id: 'areaMark:g',
  sceneId: 'scene:dock',
  x: 10,
  y: 10,
  radius: 3,
  label: 'Grenade',
  hidden: false,
}
const dock = { id: 'scene:dock' as const, grid: { kind: 'none' as const, pxPerMetre: 10 } }
const tokens = [
  { sceneId: 'scene:dock' as const, x: 10, y: 10 },
  { sceneId: 'scene:dock' as const, x: 12, y: 10 },
]
const wall = (sceneId: string, kind: WallRecord['kind']): WallRecord =>
  ({
    typeName: 'wall',
    id: `wall:${sceneId}-${kind}`,
    sceneId: `scene:${sceneId}`,
    kind,
    points: [
      { x: 11, y: 8 },
      { x: 11, y: 12 },
    ],
    ...(kind === 'door' ? { door: 'open', secret: false } : {}),
  }) as WallRecord

describe('SR-CORE-32: the template picker counts through walls, as the core lists them', () => {
  it('a wall between the centre and a token leaves it out; an open door or a wall on another scene does not', () => {
    expect(areaChoices([grenade], tokens, dock)[0]!.under).toBe(2)
    expect(areaChoices([grenade], tokens, dock, [wall('dock', 'wall')])[0]!.under).toBe(1)
    expect(areaChoices([grenade], tokens, dock, [wall('dock', 'door')])[0]!.under).toBe(2)
    expect(areaChoices([grenade], tokens, dock, [wall('hold', 'wall')])[0]!.under).toBe(2)
  })
})
