import { describe, expect, it } from 'vitest'
import { playerPreview } from '../../../src-renderer/lib/map/player-preview'
import { RecordIndex, RELOADED } from '../../../src-renderer/lib/state/record-index'
import type { ViewState } from '../../../src-shared/diff'
import { DEFAULT_PROJECTOR, type SceneId, type TokenRecord } from '../../../src-shared/records'
import type { SceneView, ViewRecord, ViewRecordId } from '../../../src-shared/views'
import { campaignRecord, combatantView } from '../helpers/records'

/**
 * Issue 36: the GM console's projector preview is rebuilt from the GM's records after every
 * command. It used to be reloaded whole, which redrew its map's every token (3,000 on a crowded
 * map). Now what the GM did not change is the very same object on the preview, and the preview's
 * records take only what is not the record they had as changed.
 */

const sceneId = 'scene:yard' as SceneId
const yard: SceneView = { typeName: 'scene', id: sceneId, name: 'Yard', image: null, grid: { kind: 'none', pxPerMetre: 20 }, active: true }
const token = (name: string, x: number): TokenRecord => ({
  typeName: 'token',
  id: `token:${name}`,
  sceneId,
  combatantId: `combatant:${name}`,
  x,
  y: 1,
})
const view = (version: number, records: ViewRecord[]): ViewState => ({
  version,
  records: new Map(records.map((r) => [r.id as ViewRecordId, r])),
})
const of = (v: ViewState, id: string) => v.records.get(id as ViewRecordId)

describe('the projector preview keeps what did not change (issue 36)', () => {
  const ash = combatantView('Ash', 1)
  const bo = combatantView('Bo', 2)
  const campaign = campaignRecord('A')
  const base = [campaign, { ...DEFAULT_PROJECTOR, prepMap: true }, yard, ash, bo, token('Ash', 1), token('Bo', 3)]

  it('gives the same object for a combatant, the scene and a token the GM did not change, a new one for what changed', () => {
    const first = playerPreview(view(1, base))
    const moved = token('Bo', 4)
    const hurt = { ...ash, numbers: { kind: 'exact', hp: 3, maxHp: 10, initiativeModifier: 0 } } as typeof ash
    const second = playerPreview(view(2, [campaign, base[1]!, yard, hurt, bo, token('Ash', 1), moved]))
    expect(of(second, bo.id)).toBe(of(first, bo.id))
    expect(of(second, sceneId)).toBe(of(first, sceneId))
    expect(of(second, ash.id)).not.toBe(of(first, ash.id))
    expect(of(second, ash.id)).toMatchObject({ name: 'Ash' })
    expect(of(second, 'token:Bo')).toBe(moved)
  })

  it('makes a new one when only its place among the visible changes (a hidden one before it shows)', () => {
    const first = playerPreview(view(1, base))
    const shown = combatantView('Cy', 0)
    const second = playerPreview(view(2, [...base, shown]))
    expect(of(second, bo.id)).not.toBe(of(first, bo.id))
  })

  it("the preview's records report only what is not the record they had", () => {
    const index = new RecordIndex()
    const first = playerPreview(view(1, base))
    expect(index.loadRecords(1, first.records.values())).toBe(RELOADED)
    const moved = token('Bo', 4)
    const second = playerPreview(view(2, [campaign, base[1]!, yard, ash, bo, token('Ash', 1), moved]))
    const changes = index.loadRecords(
      2,
      [...second.records.values()].filter((r) => r.id !== 'token:Ash'),
    )
    if (changes === RELOADED) throw new Error('expected per-type changes')
    expect([...changes.keys()].sort()).toEqual(['token'])
    const tokens = changes.get('token')!
    expect(tokens.updated.map(([was, now]) => [was.id, now])).toEqual([['token:Bo', moved]])
    expect(tokens.removed.map((r) => r.id)).toEqual(['token:Ash'])
    expect(tokens.added).toEqual([])
    expect(index.get('token:Bo' as ViewRecordId)).toBe(moved)
    expect(index.get('token:Ash' as ViewRecordId)).toBeUndefined()
    expect(index.version).toBe(2)
  })
})
