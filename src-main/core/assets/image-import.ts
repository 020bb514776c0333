import type { CommandAck, RequestInputs } from '../../../src-shared/contract'
import { TYPED } from '../../../src-shared/limits'
import type { CommandDraft } from '../../../src-shared/commands'
import type { SceneImage } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import { PORTRAIT_LIMITS, SCENE_IMAGE_LIMITS, type ImageLimits } from '../../../src-shared/scene-assets'
import type { RecordReader } from '../state/record-store'
import type { AssetStore } from './asset-store'
import { checkSceneImage, decodeBase64Strict } from './scene-image-check'
import { uprightPicture } from './upright'

export interface ImageImportDeps {
  readonly store: RecordReader
  readonly assets: AssetStore
  /** Sends a command through the normal pipeline (validated, journaled, undoable). */
  readonly dispatch: (command: CommandDraft) => Result<CommandAck>
  /** The journal position the pointing command will take (asked when it is sent): its id derives from it. */
  readonly nextSeq: () => number
}

/** The scene list shows the name; the command's schema caps it, and a long name is still recognisable cut. */
const MAX_FILE_NAME = TYPED.imageFileName

/**
 * An image upload: check the bytes against the limits, turn a picture whose EXIF says it is
 * turned upright (`uprightPicture`), store it content-addressed in the campaign folder, then
 * point the record at it — with its upright size — by an ordinary command (`point`). Every
 * refusal comes before anything is written; a file this request wrote is taken back if the
 * command is refused. The same image again changes nothing.
 */
async function importImage(
  upload: { readonly fileName: string; readonly dataBase64: string },
  current: SceneImage | null,
  limits: ImageLimits,
  assets: AssetStore,
  point: (image: SceneImage) => Result<CommandAck>,
): Promise<Result<SceneImage>> {
  const fileName = upload.fileName.length > MAX_FILE_NAME ? upload.fileName.slice(0, MAX_FILE_NAME) : upload.fileName
  const bytes = decodeBase64Strict(upload.dataBase64)
  if (!bytes) return fail('image/unreadable', `${fileName} arrived damaged (its data is not valid base64); try importing it again.`)
  const checked = checkSceneImage(fileName, bytes, limits)
  if (!checked.ok) return checked
  const upright = await uprightPicture(fileName, { checked: checked.value, bytes }, limits)
  if (!upright.ok) return upright
  const picture = upright.value
  const image: SceneImage = { ...picture.checked, fileName }
  if (current && current.hash === image.hash && current.ext === image.ext && current.fileName === image.fileName) return ok(current)

  const stored = assets.put(picture.checked, picture.bytes)
  const dispatched = point(image)
  if (!dispatched.ok) {
    // Only a file nothing could point at yet is taken back; one that was there stays.
    if (stored === 'new') assets.discard(picture.checked)
    return dispatched
  }
  return ok(image)
}

// The core makes up the command ids: the request is the GM's one action, and the journal
// position makes the id unique within this campaign.

/** The importSceneImage request: a scene's background, then `scene/setImage`. */
export async function importSceneImage(input: RequestInputs['importSceneImage'], deps: ImageImportDeps): Promise<Result<SceneImage>> {
  const scene = deps.store.get(input.sceneId)
  if (scene?.typeName !== 'scene') return fail('scene/notFound', `No scene ${input.sceneId} in this campaign.`)
  return importImage(input, scene.image, SCENE_IMAGE_LIMITS, deps.assets, (image) =>
    deps.dispatch({ type: 'scene/setImage', payload: { sceneId: scene.id, image }, meta: { commandId: `scene-image-${deps.nextSeq()}` } }),
  )
}

/** The importPortrait request: a combatant's token picture (smaller limits), then `combatant/setPortrait`. */
export async function importPortrait(input: RequestInputs['importPortrait'], deps: ImageImportDeps): Promise<Result<SceneImage>> {
  const c = deps.store.get(input.combatantId)
  if (c?.typeName !== 'combatant') return fail('combatant/notFound', `No combatant ${input.combatantId} in this campaign.`)
  return importImage(input, c.portrait ?? null, PORTRAIT_LIMITS, deps.assets, (image) =>
    deps.dispatch({
      type: 'combatant/setPortrait',
      payload: { combatantId: c.id, image },
      meta: { commandId: `portrait-${deps.nextSeq()}` },
    }),
  )
}
