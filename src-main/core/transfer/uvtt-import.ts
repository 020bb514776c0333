import type { RequestInputs, RequestResults } from '../../../src-shared/contract'
import { TYPED } from '../../../src-shared/limits'
import type { SceneId, SceneImage } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import { SCENE_IMAGE_LIMITS } from '../../../src-shared/scene-assets'
import type { ImageImportDeps } from '../assets/image-import'
import { checkSceneImage } from '../assets/scene-image-check'
import { uprightPicture } from '../assets/upright'
import { readUvttFile, type UvttMap } from './uvtt-file'

/** A 5-foot square, the size the map makers export for (and the d20 ruleset's R0.4 square); the GM may give another. */
export const UVTT_METRES_PER_CELL = 1.5

/** The scene's name: the GM's, or the file's without its extension. */
function sceneName(input: RequestInputs['importUvtt']): string {
  const fromFile = input.fileName.replace(/\.(uvtt|dd2vtt|df2vtt|json)$/i, '').trim()
  return (input.name ?? fromFile).slice(0, TYPED.name).trim() || 'Imported map'
}

/**
 * The picture must be the map the walls were drawn on: its size in pixels is the file's cells
 * times its pixels per cell, give or take a cell of rounding. Another picture would put every
 * wall in the wrong place.
 */
function pictureMismatch(fileName: string, map: UvttMap, width: number, height: number): Result<void> {
  const { cellPx } = map.grid
  const [w, h] = [map.cells.x * cellPx, map.cells.y * cellPx]
  if (Math.abs(width - w) > cellPx || Math.abs(height - h) > cellPx)
    return fail(
      'uvtt/imageMismatch',
      `${fileName}: image: the picture is ${width}×${height} pixels, but resolution says ${map.cells.x} × ${map.cells.y} cells of ${cellPx} pixels (${Math.round(w)}×${Math.round(h)}).`,
    )
  return ok(undefined)
}

/**
 * The importUvtt request (issue 34): the file read and checked whole, its picture checked and
 * made upright as any imported picture, stored in the campaign, and then one scene/importMap
 * command. Every refusal comes before anything is written, and a picture this request stored is
 * taken back if the command is refused, so a refused file leaves the campaign as it was.
 */
export async function importUvtt(input: RequestInputs['importUvtt'], deps: ImageImportDeps): Promise<Result<RequestResults['importUvtt']>> {
  const fileName = input.fileName.slice(0, TYPED.imageFileName)
  const map = readUvttFile(fileName, input.text, input.metresPerCell ?? UVTT_METRES_PER_CELL)
  if (!map.ok) return map
  const checked = checkSceneImage(`${fileName} (its image)`, map.value.imageBytes, SCENE_IMAGE_LIMITS)
  if (!checked.ok) return checked
  const upright = await uprightPicture(
    `${fileName} (its image)`,
    { checked: checked.value, bytes: map.value.imageBytes },
    SCENE_IMAGE_LIMITS,
  )
  if (!upright.ok) return upright
  const picture = upright.value
  const fits = pictureMismatch(fileName, map.value, picture.checked.width, picture.checked.height)
  if (!fits.ok) return fits

  const image: SceneImage = { ...picture.checked, fileName }
  const scenesBefore = new Set(deps.store.ofType('scene').map((s) => s.id))
  const stored = deps.assets.put(picture.checked, picture.bytes)
  const dispatched = deps.dispatch({
    type: 'scene/importMap',
    payload: { name: sceneName(input), image, grid: map.value.grid, walls: map.value.walls },
    meta: { commandId: `uvtt-${deps.nextSeq()}` },
  })
  if (!dispatched.ok) {
    if (stored === 'new') deps.assets.discard(picture.checked)
    return dispatched
  }
  const sceneId: SceneId | undefined = deps.store.ofType('scene').find((s) => !scenesBefore.has(s.id))?.id
  if (!sceneId) return fail('uvtt/lost', `${fileName} was imported, but its scene is not in the campaign.`)
  const count = (kind: string) => map.value.walls.filter((w) => w.kind === kind).length
  return ok({ sceneId, image, walls: count('wall'), lowCover: count('low'), doors: count('door') })
}
