import { fail, ok, type Result } from '../../../src-shared/result'
import type { ImageLimits } from '../../../src-shared/scene-assets'
import { isLosslessWebp } from './image-header'
import { checkSceneImage, type CheckedImage } from './scene-image-check'
import { encodeAs, loadSharp, pixelLimit } from './sharp-loader'

/** A picture about to be stored: its bytes, and what checking them found (format, size, hash). */
export interface Picture {
  readonly checked: CheckedImage
  readonly bytes: Uint8Array
}

/** EXIF orientations 2–8 turn or mirror the stored pixels; 1 (or none) shows them as stored. */
const turns = (orientation: number | undefined): orientation is number => orientation !== undefined && orientation >= 2 && orientation <= 8

/**
 * The picture as it is meant to be seen, stored that way once. A phone keeps its pixels as the
 * sensor read them and says in EXIF how to turn them; a browser turns them, while the table's
 * masked copy is made from the pixels. So a picture whose EXIF turns it is turned here, at
 * import, and written again in its own format without the tag (`encodeAs`): from then on its
 * pixels, its size in the scene record, the fog, the grid and the mask all mean the same thing.
 * Anything else comes back as it is, byte for byte — no second encoding of an upright picture.
 *
 * Decoding is bounded by the limits' largest picture (sharp refuses more before reading pixels),
 * and a picture that cannot be decoded whole is refused, so nothing has been written by then.
 * A file whose header libvips cannot read at all is kept as it came: no turn can be known from
 * it, and a mask of it is withheld from the table, never sent unmasked.
 */
export async function uprightPicture(fileName: string, picture: Picture, limits: ImageLimits): Promise<Result<Picture>> {
  const sharp = await loadSharp()
  const bounded = { limitInputPixels: pixelLimit(limits), failOn: 'error' as const }
  let orientation: number | undefined
  try {
    // The header alone, no pixels: read whatever size it claims, so a picture too big to decode
    // is refused by the bound below rather than taken for one libvips cannot read.
    orientation = (await sharp(picture.bytes, { limitInputPixels: false }).metadata()).orientation
  } catch {
    return ok(picture)
  }
  if (!turns(orientation)) return ok(picture)
  let bytes: Buffer
  try {
    const losslessWebp = picture.checked.ext === 'webp' && isLosslessWebp(picture.bytes)
    bytes = await encodeAs(sharp(picture.bytes, bounded).autoOrient(), picture.checked.ext, losslessWebp)
  } catch (e) {
    return fail(
      'image/corrupt',
      `${fileName} is stored turned (EXIF orientation ${orientation}), and Salvo could not read all of it to turn it upright (${(e as Error).message.slice(0, 120)}).`,
    )
  }
  // Checked again as a new file: the same limits hold for what is stored, and its hash is its name.
  const checked = checkSceneImage(fileName, bytes, limits)
  return checked.ok ? ok({ checked: checked.value, bytes }) : checked
}
