import type { SceneImage, SceneRecord } from '../../../src-shared/records'

/**
 * Where the map's background image comes from: the campaign's own copy (content-addressed in
 * its folder), by the shell's URL for it; a scene without one is drawn on a plain field.
 */
export function backgroundHref(scene: Pick<SceneRecord, 'image'>, urlOf: (image: SceneImage) => string): string | null {
  return scene.image ? urlOf(scene.image) : null
}
