import type { SceneRecord } from '../../../src-shared/records'

/**
 * Where the map's background image comes from. The one place to point at the campaign's
 * asset URL once image import lands; until then a scene is drawn on a plain field.
 */
export function backgroundHref(scene: Pick<SceneRecord, 'image'>): string | null {
  if (!scene.image) return null
  return null
}
