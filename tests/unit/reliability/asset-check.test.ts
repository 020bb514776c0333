import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { SceneRecord } from '../../../src-shared/records'
import { tableAssetLeaks } from '../../support/fuzz-asset-check'
import { PlayerHolding } from '../../support/fuzz-leak-check'
import { storedScene } from '../helpers/stored-documents'

/**
 * The leak evenings' picture check (fuzz-asset-check.ts) on pictures made to break it: it must
 * name a turned picture and a fogged pixel that shows, and pass an honest JPEG mask whose encoder
 * blurred the revealed colours a few pixels into the black.
 */

const NAME = `${'a'.repeat(64)}.jpg`
/** A 64 × 32 map at 10 px a metre, everything hidden but its left half. */
const scene = {
  ...storedScene,
  image: { hash: 'a'.repeat(64), ext: 'jpg', width: 64, height: 32, fileName: '' },
  fog: { mode: 'areas', steps: [{ op: 'reveal', rect: { x: 0, y: 0, w: 3.2, h: 3.2 } }] },
} as unknown as SceneRecord

/** A JPEG of the map: red where `red(x)`, black elsewhere, optionally tagged with an orientation. */
async function jpeg(red: (x: number) => boolean, orientation?: number): Promise<Buffer> {
  const raw = Buffer.alloc(64 * 32 * 3)
  for (let y = 0; y < 32; y++) for (let x = 0; x < 64; x++) if (red(x)) raw[(y * 64 + x) * 3] = 255
  const image = sharp(raw, { raw: { width: 64, height: 32, channels: 3 } })
  return (orientation ? image.withMetadata({ orientation }) : image).jpeg({ quality: 90 }).toBuffer()
}

async function check(bytes: Buffer) {
  const holding = new PlayerHolding()
  holding.records.set(scene.id, JSON.stringify(scene))
  return tableAssetLeaks(async (name) => (name === NAME ? bytes : null), new Set([NAME]), holding, [scene])
}

describe("the leak evenings' picture check", () => {
  it('passes an honest JPEG mask, blur at the fog line and all, and judges the black beyond it', async () => {
    const honest = await check(await jpeg((x) => x < 32))
    expect(honest.problems).toEqual([])
    // Of the hidden half (columns 32 to 63), those more than 16 columns from a revealed one are judged.
    expect(honest.hiddenPixels).toBe(16 * 32)
  })

  it('names a fogged pixel that shows, past the blur', async () => {
    expect((await check(await jpeg((x) => x < 32 || x > 56))).problems).toEqual([
      expect.stringMatching(/^asset-under-fog: pixel 5[67],0 of a+\.jpg shows what the fog hides$/),
    ])
  })

  it('names a picture the table would be sent with an EXIF orientation that turns it', async () => {
    expect((await check(await jpeg((x) => x < 32, 3))).problems).toEqual([
      `asset-turned: the table's route served ${NAME} with EXIF orientation 3`,
    ])
  })
})
