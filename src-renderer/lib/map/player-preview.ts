import type { SalvoApi } from '../../../src-shared/contract'
import type { ViewState } from '../../../src-shared/diff'
import { tableSeesAreaMark } from '../../../src-shared/area-marks'
import { fogOf } from '../../../src-shared/fog'
import { partySightOfRecords, tableSees } from '../../../src-shared/sight-fog'
import { rememberPreviewSight } from './sight-shade'
import {
  playerCombatantView,
  playerScene,
  tableConditions,
  type SceneView,
  type ViewRecord,
  type ViewRecordId,
} from '../../../src-shared/views'
import { tableEncounter } from '../../../src-shared/table-turn'
import { tableHolds } from '../../../src-shared/table-holding'
import { tableWall } from '../../../src-shared/wall-words'
import type { Transport } from '../transport/ws-api'

/**
 * The GM's preview of the projector, built from the GM's own records by the player
 * projection's map rules (src-main/core/projection/project-record.ts): the scene in play only,
 * no hidden combatant, no token, zone or wall the fog covers (nor a secret door as one), the last one seen marked while a hidden
 * one acts (`tableEncounter`). It uses the same fog test (`isRevealed`) and the same combatant rule
 * (`playerCombatantView`) as the core, so the two cannot disagree on what the table sees; the
 * ribbon's order is ranks among the visible, as the players get it. While the table holds (no
 * fight, the map not shown in prep) it has no scene, as the core's projection has none.
 */
/**
 * The preview's copy of a GM record, kept while the GM's record is the very same object (issue
 * 36): the preview takes only what is not the record it had as changed, so a command redraws only
 * what it touched on the preview's map, not its thousands of tokens.
 */
const sameScene = new WeakMap<object, SceneView>()
const sameCombatant = new WeakMap<object, { readonly rank: number | null; readonly seen: ViewRecord | null }>()
const sameStory = new WeakMap<object, ViewRecord>()

export function playerPreview(gm: ViewState): ViewState {
  const records = new Map<ViewRecordId, ViewRecord>()
  const all = [...gm.records.values()]
  const projector = gm.records.get('projector')
  const holds = tableHolds(
    all.some((r) => r.typeName === 'encounter' && r.status === 'active'),
    projector?.typeName === 'projector' ? projector : null,
  )
  const scene = holds ? undefined : all.find((r) => r.typeName === 'scene' && r.active)
  const sceneId = scene?.typeName === 'scene' ? scene.id : null
  // Painted fog and, with fog by sight on, the party's sight from the GM's records, as the core judges (sight-fog.ts).
  const sight = scene?.typeName === 'scene' ? partySightOfRecords(scene, all) : null
  const inSight = (p: { x: number; y: number }) => scene?.typeName === 'scene' && tableSees(fogOf(scene), sight, p)
  const hidden = (id: string | null) => {
    const c = id === null ? undefined : gm.records.get(id as ViewRecordId)
    return c?.typeName !== 'combatant' || c.hidden
  }
  const ranks = new Map(
    [...gm.records.values()]
      .flatMap((r) => (r.typeName === 'combatant' && !r.hidden && r.orderKey !== null ? [r] : []))
      .sort((a, b) => a.orderKey! - b.orderKey! || (a.id < b.id ? -1 : 1))
      .map((c, i) => [c.id, i + 1]),
  )
  // A lane shows only when both its ends are in sight, as in the core's projection.
  const zoneInSight = (a: { x: number; y: number; to?: { x: number; y: number } }) => inSight(a) && (!a.to || inSight(a.to))
  for (const r of gm.records.values()) {
    switch (r.typeName) {
      case 'campaign':
      case 'projector':
        records.set(r.id, r)
        break
      case 'scene':
        if (r.id === sceneId) {
          // A copy of its own: a scene without a picture is handed back as the GM's very record,
          // and the sight remembered for the preview must not be found by the GM's map.
          // Without sight, the same copy for the same record (see `same` below).
          const kept = sight === null ? sameScene.get(r) : undefined
          const seen = kept ?? { ...playerScene(r) }
          if (!kept) {
            rememberPreviewSight(seen, sight)
            if (sight === null) sameScene.set(r, seen)
          }
          records.set(r.id, seen)
        }
        break
      case 'token':
        if (r.sceneId === sceneId && !hidden(r.combatantId) && inSight(r)) records.set(r.id, r)
        break
      case 'areaMark':
        if (tableSeesAreaMark(r, sceneId, inSight)) records.set(r.id, r)
        break
      case 'wall': {
        // The core's projection's own test: in sight only, a secret door never as a door.
        const seen = tableWall(r, sceneId, inSight)
        if (seen) records.set(seen.id, seen)
        break
      }
      case 'combatant':
        {
          // Not a condition a hidden combatant put on it (tableConditions, as the core's projection).
          const rank = ranks.get(r.id) ?? null
          // Nothing on it: the table's view of it is the same as last time for the same record and rank.
          const kept = r.conditions.length === 0 ? sameCombatant.get(r) : undefined
          if (kept && kept.rank === rank) {
            if (kept.seen) records.set(r.id, kept.seen)
            break
          }
          const withheld = new Set(r.turn ? r.turn.conditions.map((x) => x.key) : [])
          for (const x of tableConditions(r.turn?.conditions ?? [], (id) => gm.records.has(id) && hidden(id))) withheld.delete(x.key)
          const conditions = r.conditions
            .filter((x) => !withheld.has(x.key))
            .map(({ area, ...c }) => (area && area.sceneId === sceneId && zoneInSight(area) ? { ...c, area } : c))
          const seen = playerCombatantView({ ...r, conditions }, rank)
          if (r.conditions.length === 0) sameCombatant.set(r, { rank, seen })
          if (seen) records.set(r.id, seen)
        }
        break
      case 'story':
        // The core sends the GM the table's own strip and recap beside the GM's.
        if (r.table) {
          let seen = sameStory.get(r)
          if (!seen) sameStory.set(r, (seen = { typeName: 'story', id: 'story', ...r.table }))
          records.set(r.id, seen)
        }
        break
      case 'encounter': {
        const acting = r.currentCombatantId === null ? undefined : gm.records.get(r.currentCombatantId)
        const placed = () =>
          [...gm.records.values()].flatMap((c) =>
            c.typeName === 'combatant' && !c.hidden && c.orderKey !== null ? [{ id: c.id, orderKey: c.orderKey }] : [],
          )
        records.set(
          r.id,
          tableEncounter(
            r,
            acting?.typeName === 'combatant' ? acting : null,
            placed,
            projector?.typeName === 'projector' ? projector : null,
          ),
        )
        break
      }
    }
  }
  return { version: gm.version, records }
}

/** A transport that asks nothing: the preview's records are set from the GM's, and its images load as the GM's do. */
export function previewTransport(assetUrl: Transport['assetUrl']): Transport {
  const api = { subscribe: () => () => undefined } as Partial<SalvoApi>
  return { api: api as SalvoApi, assetUrl, onStatus: () => () => undefined }
}
