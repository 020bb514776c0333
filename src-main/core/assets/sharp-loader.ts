import type sharpModule from 'sharp'
import type { Sharp as SharpPipeline } from 'sharp'
import type { SceneImageExt } from '../../../src-shared/scene-assets'

export type Sharp = typeof sharpModule

/**
 * sharp (libvips, a native library) loads the first time a picture is decoded — a mask for the
 * table, or a phone picture turned upright at import — never at start: loading it took about a
 * tenth of a second of every launch, and most evenings do neither. One loader for every user, so
 * the library is set up once.
 */
let loading: Promise<Sharp> | null = null

export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // libvips' cache would hold decoded pictures and open files between uses; each is used once.
    sharp.cache(false)
    return sharp
  })
  return loading
}

/**
 * The most pixels sharp may decode for a picture within these limits. sharp's own default
 * (16,383²) is just under the largest map Salvo imports (16,384²), and it applies to every input
 * separately — reading the header included — so every call passes this.
 */
export const pixelLimit = (limits: { readonly side: number }): number => limits.side * limits.side

/**
 * A picture Salvo writes, in the format it came in. PNG stays lossless. JPEG and lossy WebP at
 * quality 90: a map or a phone photo was saved at about that already, so one more pass loses
 * nothing a projector shows, where 95 and up nearly doubles the file for no visible gain (and the
 * table's masked copy would be no better than the GM's picture anyway). A lossless WebP stays
 * lossless. Nothing of the source's metadata is kept (sharp's default): no orientation, no GPS.
 */
export function encodeAs(image: SharpPipeline, ext: SceneImageExt, losslessWebp = false): Promise<Buffer> {
  if (ext === 'png') return image.png({ compressionLevel: 6 }).toBuffer()
  if (ext === 'jpg') return image.jpeg({ quality: 90 }).toBuffer()
  return image.webp(losslessWebp ? { lossless: true } : { quality: 90 }).toBuffer()
}
