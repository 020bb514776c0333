import type { CommandAck, RequestInputs } from '../../../src-shared/contract'
import type { SceneImage } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { RecordReader } from '../state/record-store'
import type { AssetStore } from './asset-store'
import { checkSceneImage, decodeBase64Strict } from './scene-image-check'

export interface SceneImageImportDeps {
  readonly store: RecordReader
  readonly assets: AssetStore
  /** Sends `scene/setImage` through the normal command pipeline (validated, journaled, undoable). */
  readonly dispatch: (image: SceneImage, sceneId: RequestInputs['importSceneImage']['sceneId']) => Result<CommandAck>
}

/** The scene list shows the name; the command's schema caps it, and a long name is still recognisable cut. */
const MAX_FILE_NAME = 200

/**
 * The importSceneImage request: check the bytes, store them content-addressed in the campaign
 * folder, then point the scene at them with an ordinary command. Every refusal comes before
 * anything is written; a file this request wrote is taken back if the command is refused.
 */
export function importSceneImage(input: RequestInputs['importSceneImage'], deps: SceneImageImportDeps): Result<SceneImage> {
  const scene = deps.store.get(input.sceneId)
  if (scene?.typeName !== 'scene') return fail('scene/notFound', `No scene ${input.sceneId} in this campaign.`)
  const fileName = input.fileName.length > MAX_FILE_NAME ? input.fileName.slice(0, MAX_FILE_NAME) : input.fileName
  const bytes = decodeBase64Strict(input.dataBase64)
  if (!bytes) return fail('image/unreadable', `${fileName} arrived damaged (its data is not valid base64); try importing it again.`)
  const checked = checkSceneImage(fileName, bytes)
  if (!checked.ok) return checked
  const image: SceneImage = { ...checked.value, fileName }
  const current = scene.image
  if (current && current.hash === image.hash && current.ext === image.ext && current.fileName === image.fileName) return ok(current)

  const stored = deps.assets.put(checked.value, bytes)
  const dispatched = deps.dispatch(image, scene.id)
  if (!dispatched.ok) {
    // Only a file nothing could point at yet is taken back; one that was there stays.
    if (stored === 'new') deps.assets.discard(checked.value)
    return dispatched
  }
  return ok(image)
}
