import { fail, ok, type Result } from '../../../src-shared/result'
import { assetFileName, SCENE_IMAGE_LIMITS } from '../../../src-shared/scene-assets'
import { checkSceneImage, type CheckedImage } from '../assets/scene-image-check'
import { uprightPicture } from '../assets/upright'
import type { CampaignDocument } from '../persistence/document-schema'
import { mapPictures, pictureName } from './campaign-assets'
import type { ReadCampaign } from './campaign-file'

/**
 * A campaign file's pictures stored upright, as an import from the GM's own disk is: a file
 * exported before pictures were turned at import (or written by hand) may carry a phone picture
 * whose EXIF turns it, and a browser would draw it turned while the table's mask is made from
 * its pixels. Each such picture is turned and stored under its new hash, the old bytes are not
 * kept, and every reference to it — scenes and portraits, in live records and in undo marks — is
 * pointed at the new file with the new size, so undo brings back the upright picture too. Any
 * other picture stays byte for byte. Runs before anything is written: a picture that cannot be
 * turned refuses the whole file.
 */
export async function uprightCampaignPictures(fileName: string, read: ReadCampaign): Promise<Result<ReadCampaign>> {
  const assets = new Map<string, Uint8Array>()
  const moved = new Map<string, CheckedImage>()
  for (const [name, bytes] of read.assets) {
    // Checked already (readCampaignAssets); checked again for the size and hash the turn starts from.
    const checked = checkSceneImage(name, bytes)
    if (!checked.ok) return fail('import/invalid', `${fileName}: assets › ${checked.error.message}`)
    const upright = await uprightPicture(name, { checked: checked.value, bytes }, SCENE_IMAGE_LIMITS)
    if (!upright.ok) return fail('import/invalid', `${fileName}: assets › ${upright.error.message}`)
    const now = upright.value
    assets.set(assetFileName(now.checked), now.bytes)
    if (now.bytes !== bytes) moved.set(name, now.checked)
  }
  if (moved.size === 0) return ok(read)
  return ok({ ...read, assets, document: withPicturesMoved(read.document, moved) })
}

/** The document with every reference to a moved picture pointing at its new file, with its new size (the GM's file name kept). */
export function withPicturesMoved(document: CampaignDocument, moved: ReadonlyMap<string, CheckedImage>): CampaignDocument {
  const records = mapPictures(document.records, (picture) => {
    const name = pictureName(picture)
    const to = name && moved.get(assetFileName(name))
    return to ? { ...picture, hash: to.hash, width: to.width, height: to.height } : picture
  })
  return records === document.records ? document : { ...document, records }
}
