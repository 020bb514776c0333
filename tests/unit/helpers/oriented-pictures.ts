import sharp from 'sharp'

/**
 * Pictures as a phone stores them: pixels as the sensor read them, and an EXIF orientation
 * saying how to turn them for viewing. Each is four coloured quadrants — left half red over
 * yellow, right half blue over cyan — so every one of the eight orientations shows a different
 * picture upright. Written by sharp (libvips), the same library Salvo reads them with; what they
 * should look like upright is worked out here from the EXIF definition alone, not by sharp.
 */

export type Orientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8
export const ORIENTATIONS: readonly Orientation[] = [1, 2, 3, 4, 5, 6, 7, 8]
export type PictureFormat = 'jpg' | 'png' | 'webp'

export type Colour = 'red' | 'yellow' | 'blue' | 'cyan' | 'black'
const RGB: Readonly<Record<Colour, readonly [number, number, number]>> = {
  red: [255, 0, 0],
  yellow: [255, 255, 0],
  blue: [0, 0, 255],
  cyan: [0, 255, 255],
  black: [0, 0, 0],
}

/** The colour stored at pixel (x, y) of a width × height picture. */
export function storedColour(x: number, y: number, width: number, height: number): Colour {
  const left = x < width / 2
  const top = y < height / 2
  return left ? (top ? 'red' : 'yellow') : top ? 'blue' : 'cyan'
}

/** The picture's size once turned: orientations 5–8 swap width and height. */
export function uprightSize(orientation: Orientation, width: number, height: number): { width: number; height: number } {
  return orientation >= 5 ? { width: height, height: width } : { width, height }
}

/**
 * Which stored point is shown at point (u, v) of the upright picture, for a stored picture of
 * width × height (EXIF 2.3, tag 0x0112: where the stored picture's first row and column go).
 */
export function storedPointOf(orientation: Orientation, u: number, v: number, width: number, height: number): { x: number; y: number } {
  switch (orientation) {
    case 1:
      return { x: u, y: v }
    case 2: // mirrored left to right
      return { x: width - u, y: v }
    case 3: // turned 180°
      return { x: width - u, y: height - v }
    case 4: // mirrored top to bottom
      return { x: u, y: height - v }
    case 5: // mirrored along the main diagonal: stored rows become columns
      return { x: v, y: u }
    case 6: // to be turned 90° clockwise: the stored left column becomes the top row
      return { x: v, y: height - u }
    case 7: // mirrored along the other diagonal
      return { x: width - v, y: height - u }
    case 8: // to be turned 90° anticlockwise: the stored right column becomes the top row
      return { x: width - v, y: u }
  }
}

/** The colour the upright picture shows at (u, v). */
export function uprightColour(orientation: Orientation, u: number, v: number, width: number, height: number): Colour {
  const { x, y } = storedPointOf(orientation, u, v, width, height)
  return storedColour(x, y, width, height)
}

/** A stored picture of quadrants, tagged with this orientation, in this format (PNG in an eXIf chunk, WebP in its EXIF chunk). */
export async function orientedPicture(format: PictureFormat, orientation: Orientation, width = 64, height = 32, mark = 0): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) raw.set(RGB[storedColour(x + 0.5, y + 0.5, width, height)], (y * width + x) * 3)
  // `mark` tints the corner pixels a shade, so two pictures of one shape and orientation are two
  // files: a test that treats one combatant's picture as a secret must not find it on another's.
  for (let bit = 0; bit < Math.min(16, width); bit++) if (mark & (1 << bit)) raw[bit * 3 + 2] = 96
  const image = sharp(raw, { raw: { width, height, channels: 3 } }).withMetadata({ orientation })
  const bytes = await (
    format === 'png' ? image.png() : format === 'jpg' ? image.jpeg({ quality: 95 }) : image.webp({ quality: 95 })
  ).toBuffer()
  // The whole point is the tag: make sure sharp wrote it where a reader looks for it.
  const written = (await sharp(bytes).metadata()).orientation ?? 1
  if (written !== orientation) throw new Error(`sharp wrote orientation ${written}, not ${orientation}, into a ${format}`)
  return bytes
}

/** The nearest of the test colours to an RGB pixel, or null when it is near none (a blend at an edge). */
export function colourOf(rgb: ArrayLike<number>): Colour | null {
  let best: Colour | null = null
  let bestDistance = Infinity
  for (const [name, [r, g, b]] of Object.entries(RGB) as [Colour, readonly [number, number, number]][]) {
    const d = Math.abs(rgb[0]! - r) + Math.abs(rgb[1]! - g) + Math.abs(rgb[2]! - b)
    if (d < bestDistance) [best, bestDistance] = [name, d]
  }
  return bestDistance <= 120 ? best : null
}

/** A picture's pixels as stored (no EXIF turn applied), to read colours from. */
export async function storedPixels(file: string | Buffer) {
  const { data, info } = await sharp(file).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return {
    width: info.width,
    height: info.height,
    colourAt: (x: number, y: number) => colourOf(data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)),
  }
}

/**
 * What is wrong with a stored picture that should be the quadrant picture stored width × height
 * with this orientation, turned upright: a tag left to apply, the wrong size, or a quadrant of
 * the wrong colour. Null when it is right.
 */
export async function notUpright(stored: Buffer, orientation: Orientation, width: number, height: number): Promise<string | null> {
  const tag = (await sharp(stored).metadata()).orientation ?? 1
  if (tag !== 1) return `it still carries EXIF orientation ${tag}`
  const px = await storedPixels(stored)
  const size = uprightSize(orientation, width, height)
  if (px.width !== size.width || px.height !== size.height) return `it is ${px.width}×${px.height}, not ${size.width}×${size.height}`
  for (const fx of [0.25, 0.75])
    for (const fy of [0.25, 0.75]) {
      const [u, v] = [Math.floor(size.width * fx), Math.floor(size.height * fy)]
      const want = uprightColour(orientation, u + 0.5, v + 0.5, width, height)
      if (px.colourAt(u, v) !== want) return `it shows ${px.colourAt(u, v) ?? 'no clear colour'} at ${u},${v}, not ${want}`
    }
  return null
}
