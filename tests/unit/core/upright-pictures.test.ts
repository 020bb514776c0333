import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { isLosslessWebp } from '../../../src-main/core/assets/image-header'
import { uprightPicture } from '../../../src-main/core/assets/upright'
import { checkSceneImage } from '../../../src-main/core/assets/scene-image-check'
import type { SceneRecord } from '../../../src-shared/records'
import { PORTRAIT_LIMITS, SCENE_IMAGE_LIMITS } from '../../../src-shared/scene-assets'
import type { SceneView } from '../../../src-shared/views'
import { attachWindow, coresForTests } from '../helpers/core-window'
import {
  notUpright,
  ORIENTATIONS,
  orientedPicture,
  storedPixels,
  uprightColour,
  uprightSize,
  type Orientation,
  type PictureFormat,
} from '../helpers/oriented-pictures'
import { pngWithHeader } from '../helpers/images'

/**
 * Issue 30: a picture a phone stored turned (EXIF orientation) is turned upright once, at
 * import, and everything after — the scene's size, the fog, the table's masked copy — works on
 * the upright picture. The pictures are real files written by sharp with the tag; what upright
 * looks like comes from the EXIF definition (oriented-pictures.ts), not from sharp.
 */

const startCore = coresForTests()
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')
const EXT: Record<PictureFormat, string> = { jpg: 'jpg', png: 'png', webp: 'webp' }

async function withScene() {
  const { core, gm, dataDir } = await startCore()
  const summary = await gm.must('createCampaign', { name: 'Phone maps', seed: 'p', rulesetId: 'compound-x' })
  await gm.command('scene/create', { name: 'Dock' })
  // The GM shows the map to the table in prep (else it holds and is sent no map): what it sees of one is tested here.
  await gm.command('projector/set', { prepMap: true })
  const scene = async () => (await gm.must('snapshot', undefined)).records.find((r): r is SceneRecord => r.typeName === 'scene')!
  const sceneId = (await scene()).id
  const assetsDir = join(dataDir, 'campaigns', summary.id, 'assets')
  const files = () => (existsSync(assetsDir) ? readdirSync(assetsDir).sort() : [])
  return { core, gm, sceneId, scene, files }
}

describe('a picture whose EXIF turns it is stored upright, and the table is sent the fogged part of the upright picture black', () => {
  const cases = (['jpg', 'png', 'webp'] as const).flatMap((format) => ORIENTATIONS.map((o) => [format, o] as const))

  it.each(cases)('%s, orientation %i', async (format: PictureFormat, orientation: Orientation) => {
    const { core, gm, sceneId, scene } = await withScene()
    // 64 × 32 stored: the halves and quadrants fall on JPEG's 16-pixel blocks, so no block mixes two colours.
    const bytes = await orientedPicture(format, orientation, 64, 32)
    const size = uprightSize(orientation, 64, 32)
    const image = await gm.must('importSceneImage', { sceneId, fileName: `phone.${EXT[format]}`, dataBase64: bytes.toString('base64') })

    // The scene holds the upright size; an upright picture is stored as it came, a turned one anew.
    expect({ width: image.width, height: image.height, ext: image.ext }).toEqual({ ...size, ext: format })
    expect((await scene()).image).toEqual(image)
    if (orientation === 1) expect(image.hash).toBe(sha256(bytes))
    else expect(image.hash).not.toBe(sha256(bytes))

    // The stored file: upright pixels, no orientation left to apply, and no EXIF at all once re-encoded.
    const file = core.assetFile('gm', `${image.hash}.${image.ext}`)!
    const stored = readFileSync(file)
    expect(sha256(stored)).toBe(image.hash)
    expect(await notUpright(stored, orientation, 64, 32)).toBeNull()
    if (orientation !== 1) expect((await sharp(stored).metadata()).exif).toBeUndefined()

    // The GM hides everything and reveals the left half of the upright picture (10 px a metre).
    await gm.command('scene/update', { sceneId, grid: { kind: 'none', pxPerMetre: 10 } })
    await gm.command('fog/set', { sceneId, mode: 'areas' })
    await gm.command('fog/reveal', { sceneId, rect: { x: 0, y: 0, w: size.width / 2 / 10, h: size.height / 10 } })
    await core.tablePicturesSettled()
    const player = attachWindow(core, 'player')
    const tableScene = (await player.must('snapshot', undefined)).records.find((r): r is SceneView => r.typeName === 'scene')!
    expect(tableScene.image).toMatchObject({ ext: format, ...size })
    const copy = await storedPixels(readFileSync(core.assetFile('player', `${tableScene.image!.hash}.${format}`)!))
    expect({ width: copy.width, height: copy.height }).toEqual(size)
    expect((await sharp(core.assetFile('player', `${tableScene.image!.hash}.${format}`)!).metadata()).orientation ?? 1).toBe(1)
    // Every pixel of the hidden half is black; the revealed half is the upright picture.
    for (let v = 0; v < size.height; v++) {
      for (let u = 0; u < size.width; u++) {
        if (u >= size.width / 2) expect(copy.colourAt(u, v), `hidden ${u},${v}`).toBe('black')
        else if (Math.abs(u + 0.5 - size.width / 4) > 2 && Math.abs(v + 0.5 - size.height / 2) > 2 && u < size.width / 2 - 2)
          expect(copy.colourAt(u, v), `revealed ${u},${v}`).toBe(uprightColour(orientation, u + 0.5, v + 0.5, 64, 32))
      }
    }
  })
})

describe('turning at import', () => {
  it('the same turned picture imported twice is stored once and changes nothing the second time', async () => {
    const { gm, sceneId, files } = await withScene()
    const bytes = (await orientedPicture('jpg', 6)).toString('base64')
    const first = await gm.must('importSceneImage', { sceneId, fileName: 'phone.jpg', dataBase64: bytes })
    const seq = (await gm.must('snapshot', undefined)).version
    expect(await gm.must('importSceneImage', { sceneId, fileName: 'phone.jpg', dataBase64: bytes })).toEqual(first)
    expect((await gm.must('snapshot', undefined)).version).toBe(seq)
    expect(files()).toEqual([`${first.hash}.jpg`])
  })

  it('a lossless WebP stays lossless when it is turned', async () => {
    const { core, gm, sceneId } = await withScene()
    const lossy = await orientedPicture('webp', 6)
    const lossless = await sharp(lossy).webp({ lossless: true }).withMetadata({ orientation: 6 }).toBuffer()
    expect([isLosslessWebp(lossy), isLosslessWebp(lossless)]).toEqual([false, true])
    const image = await gm.must('importSceneImage', { sceneId, fileName: 'plan.webp', dataBase64: lossless.toString('base64') })
    const stored = readFileSync(core.assetFile('gm', `${image.hash}.webp`)!)
    expect(isLosslessWebp(stored)).toBe(true)
    // Pixel for pixel the source turned: lossless both ways.
    const turned = await sharp(lossless).autoOrient().raw().toBuffer()
    expect((await sharp(stored).raw().toBuffer()).equals(turned)).toBe(true)
  })

  it('a portrait is turned upright too, with its upright size', async () => {
    const { core, gm } = await withScene()
    await gm.command('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 10 })
    const vex = (await gm.must('snapshot', undefined)).records.find((r) => r.typeName === 'combatant')!.id as `combatant:${string}`
    const face = await gm.must('importPortrait', {
      combatantId: vex,
      fileName: 'face.png',
      dataBase64: (await orientedPicture('png', 8, 48, 16)).toString('base64'),
    })
    expect({ width: face.width, height: face.height }).toEqual({ width: 16, height: 48 })
    expect(await notUpright(readFileSync(core.assetFile('gm', `${face.hash}.png`)!), 8, 48, 16)).toBeNull()
  })

  it('a turned picture that cannot be read whole is refused, and nothing is written or journaled', async () => {
    const { gm, sceneId, scene, files } = await withScene()
    const whole = await orientedPicture('jpg', 6, 256, 128)
    const seq = (await gm.must('snapshot', undefined)).version
    // The header and the EXIF are intact; the picture data stops a few bytes into the scan.
    const cut = whole.subarray(0, whole.indexOf(Buffer.from([0xff, 0xda])) + 24)
    const refused = await gm.request('importSceneImage', { sceneId, fileName: 'half.jpg', dataBase64: cut.toString('base64') })
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'image/corrupt', message: expect.stringMatching(/^half\.jpg is stored turned/) },
    })
    expect(files()).toEqual([])
    expect((await scene()).image).toBeNull()
    expect((await gm.must('snapshot', undefined)).version).toBe(seq)
  })

  it('an image bomb (a turned PNG that claims 16,384² pixels and carries a few bytes) fails closed, quickly, with nothing written', async () => {
    const { gm, sceneId, scene, files } = await withScene()
    const bomb = pngWithHeader(await orientedPicture('png', 6, 4, 4), 16384, 16384)
    expect((await sharp(bomb, { limitInputPixels: 16384 * 16384 }).metadata()).orientation).toBe(6)
    const started = Date.now()
    const refused = await gm.request('importSceneImage', { sceneId, fileName: 'bomb.png', dataBase64: bomb.toString('base64') })
    expect(refused).toMatchObject({ ok: false, error: { code: 'image/corrupt' } })
    expect(Date.now() - started).toBeLessThan(2000)
    expect(files()).toEqual([])
    expect((await scene()).image).toBeNull()
  })

  it('decoding is bounded by the limits: a picture past them is refused before its pixels are read', async () => {
    const bytes = await orientedPicture('png', 6, 64, 32)
    const checked = checkSceneImage('big.png', bytes, SCENE_IMAGE_LIMITS)
    if (!checked.ok) throw new Error(checked.error.message)
    // The same picture under limits a side of 40 pixels allows: sharp refuses to decode it.
    const small = { ...PORTRAIT_LIMITS, side: 40 }
    const refused = await uprightPicture('big.png', { checked: checked.value, bytes }, small)
    expect(refused).toMatchObject({ ok: false, error: { message: expect.stringMatching(/pixel limit/) } })
    // Within its limits it is turned.
    const turned = await uprightPicture('big.png', { checked: checked.value, bytes }, SCENE_IMAGE_LIMITS)
    expect(turned.ok && { width: turned.value.checked.width, height: turned.value.checked.height }).toEqual({ width: 32, height: 64 })
  })
})
