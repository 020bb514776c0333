import type { SceneRecord } from '../../../src-shared/records'
import { partySight, sightOf, type PartySight } from '../../../src-shared/sight-fog'
import type { RecordReader } from '../state/record-store'

/**
 * What the party sees on a scene, read from the core's records (issue 34), or null when the
 * scene's fog by sight is off. The polygons are cached per token record, so a pass over a large
 * scene pays only for the tokens that moved.
 */
export function partySightIn(state: RecordReader, scene: SceneRecord): PartySight | null {
  if (sightOf(scene) === 'off') return null
  return partySight(
    scene,
    state.ofType('token'),
    (id) => {
      const c = state.get(id)
      return c?.typeName === 'combatant' ? c : undefined
    },
    state.ofType('wall'),
  )
}
