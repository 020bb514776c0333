import type { CombatantId, SceneRecord, TokenRecord } from '../../../src-shared/records'
import type { RecordReader } from './record-store'

/** The scene on the table, if any. */
export const sceneInPlay = (state: RecordReader): SceneRecord | undefined => state.ofType('scene').find((s) => s.active)

/** Where a combatant's token stands on the scene in play, if it has one there. */
export function tokenInPlay(state: RecordReader, combatantId: CombatantId): TokenRecord | undefined {
  const scene = sceneInPlay(state)
  return scene && state.ofType('token').find((t) => t.sceneId === scene.id && t.combatantId === combatantId)
}
