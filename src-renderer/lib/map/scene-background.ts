import type { SceneImage } from '../../../src-shared/records'
import type { SceneView } from '../../../src-shared/views'

/** The picture a map is showing, and for which scene at which size. */
export interface ShownBackground {
  readonly sceneId: string
  readonly width: number
  readonly height: number
  readonly href: string | null
}

/**
 * Where the map's background comes from: the campaign's own copy (content-addressed in its
 * folder), by the window's URL for it; a scene without one is drawn on a plain field. When the
 * table's picture is withheld while the core masks a new fog, the table keeps the picture it
 * already has (same scene, same size): it holds no pixel it was not sent, and the fog it draws
 * over it is already the new one, so nothing flashes and nothing new shows.
 */
export function nextBackground(
  scene: Pick<SceneView, 'id' | 'image' | 'withheldImage'>,
  shown: ShownBackground | null,
  urlOf: (image: SceneImage) => string,
): ShownBackground {
  if (scene.image) return { sceneId: scene.id, width: scene.image.width, height: scene.image.height, href: urlOf(scene.image) }
  const withheld = scene.withheldImage
  if (withheld?.coming && shown?.href && shown.sceneId === scene.id && shown.width === withheld.width && shown.height === withheld.height)
    return shown
  return { sceneId: scene.id, width: withheld?.width ?? 0, height: withheld?.height ?? 0, href: null }
}
