import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readImageHeader } from '../../../src-main/core/assets/image-header'
import { SalvoCore } from '../../../src-main/core/app/salvo-core'
import type { SceneRecord } from '../../../src-shared/records'
import { MAX_SCENE_IMAGE_BYTES } from '../../../src-shared/scene-assets'
import { attachWindow, tickingClock } from '../helpers/core-window'
import { GIF, makeJpeg, makePng, makeWebpExtended, makeWebpLossless, makeWebpLossy } from '../helpers/images'
import { tempDir } from '../helpers/temp-dir'

describe('image header reader', () => {
  it.each([
    ['PNG', makePng(37, 21), 'png', 37, 21],
    ['baseline JPEG', makeJpeg(1920, 1080), 'jpg', 1920, 1080],
    ['progressive JPEG', makeJpeg(800, 600, { progressive: true }), 'jpg', 800, 600],
    ['JPEG with fill bytes before a marker', makeJpeg(640, 480, { fillBytes: true }), 'jpg', 640, 480],
    ['lossy WebP', makeWebpLossy(1023, 767), 'webp', 1023, 767],
    ['lossy WebP with scaling bits set', makeWebpLossy(300, 200, 2), 'webp', 300, 200],
    ['lossless WebP', makeWebpLossless(16384, 1), 'webp', 16384, 1],
    ['extended WebP', makeWebpExtended(20000, 3), 'webp', 20000, 3],
  ] as const)('%s', (_what, bytes, ext, width, height) => {
    expect(readImageHeader(bytes)).toEqual({ ok: true, value: { ext, width, height } })
  })

  it.each([
    ['a GIF', GIF, /is a GIF image; a scene image must be a PNG, JPEG or WebP/],
    ['text', Buffer.from('just some notes\nabout the dock\n'), /is a text file/],
    ['an SVG', Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'), /is an SVG drawing/],
    ['a PDF', Buffer.from('%PDF-1.7\n\x00\x01\x02'), /is a PDF document/],
    ['nothing', Buffer.alloc(0), /is an empty file/],
    ['a truncated PNG', makePng(4, 4).subarray(0, 20), /damaged PNG/],
    ['a JPEG cut off before its frame header', makeJpeg(10, 10).subarray(0, 120), /damaged JPEG/],
    ['a JPEG whose scan comes before any frame', Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 4, 0, 0]), /damaged JPEG/],
    [
      'a WebP without its start code',
      (() => {
        const b = makeWebpLossy(5, 5)
        b[23] = 0
        return b
      })(),
      /damaged WebP/,
    ],
    ['a zero-sized PNG', makePng(0, 0), /claims a size of 0×0/],
  ])('refuses %s, naming what it is', (_what, bytes, message) => {
    const r = readImageHeader(bytes)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toMatch(message)
  })

  it('never throws on random bytes behind a valid signature', () => {
    for (let i = 0; i < 300; i++) {
      const sig = [makePng(1, 1), makeJpeg(1, 1), makeWebpLossy(1, 1)][i % 3]!
      const junk = Buffer.concat([sig.subarray(0, 4 + (i % 24)), createHash('sha256').update(String(i)).digest()])
      expect(() => readImageHeader(junk)).not.toThrow()
    }
  })
})

const cores: SalvoCore[] = []
afterEach(async () => {
  for (const c of cores.splice(0)) await c.shutdown()
})

async function withScene() {
  const dataDir = tempDir()
  const core = new SalvoCore({ dataDir, now: tickingClock() })
  cores.push(core)
  await core.start()
  const gm = attachWindow(core)
  const summary = await gm.must('createCampaign', { name: 'Maps', seed: 'maps' })
  await gm.command('scene/create', { name: 'Dock' })
  const readScene = async (): Promise<SceneRecord> => {
    const snap = await gm.must('snapshot', undefined)
    return snap.records.find((r): r is SceneRecord => r.typeName === 'scene')!
  }
  const assetsDir = join(dataDir, 'campaigns', summary.id, 'assets')
  const sceneId = (await readScene()).id
  const send = (bytes: Buffer, fileName = 'dock.png', id = sceneId) =>
    gm.request('importSceneImage', { sceneId: id, fileName, dataBase64: bytes.toString('base64') })
  return { core, gm, dataDir, summary, assetsDir, sceneId, readScene, send }
}

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')

describe('importSceneImage', () => {
  it('stores the image as assets/<sha256>.png and points the scene at it', async () => {
    const s = await withScene()
    const png = makePng(120, 80)
    const r = await s.send(png)
    expect(r).toEqual({ ok: true, value: { hash: sha(png), ext: 'png', width: 120, height: 80, fileName: 'dock.png' } })
    expect(readdirSync(s.assetsDir)).toEqual([`${sha(png)}.png`])
    expect(readFileSync(join(s.assetsDir, `${sha(png)}.png`)).equals(png)).toBe(true)
    expect((await s.readScene()).image).toEqual(r.ok && r.value)
    expect(s.core.assetFile('gm', `${sha(png)}.png`)).toBe(join(s.assetsDir, `${sha(png)}.png`))
  })

  it('is content-addressed: the same image again stores nothing new', async () => {
    const s = await withScene()
    const png = makePng(30, 30)
    await s.send(png, 'a.png')
    await s.gm.command('scene/create', { name: 'Second' })
    const second = (await s.gm.must('snapshot', undefined)).records.find((r) => r.typeName === 'scene' && r.name === 'Second')!
      .id as SceneRecord['id']
    const again = await s.send(png, 'copy of a.png', second)
    expect(again.ok).toBe(true)
    expect(readdirSync(s.assetsDir)).toEqual([`${sha(png)}.png`])
  })

  it('is journaled and undoable: undo points the scene back, the file stays, and it survives a restart', async () => {
    const s = await withScene()
    const first = makeJpeg(64, 48)
    const jpg = await s.gm.must('importSceneImage', { sceneId: s.sceneId, fileName: 'night.jpg', dataBase64: first.toString('base64') })
    expect(jpg.ext).toBe('jpg')
    const png = makePng(10, 10)
    await s.send(png)
    expect((await s.gm.must('session', undefined)).undoLabel).toBe('Scene image')
    await s.gm.command('history/undo', {})
    expect((await s.readScene()).image).toEqual(jpg)
    expect(readdirSync(s.assetsDir).sort()).toEqual([`${sha(first)}.jpg`, `${sha(png)}.png`].sort())
    await s.gm.command('history/redo', {})
    expect((await s.readScene()).image?.hash).toBe(sha(png))

    // A fresh core on the same folder replays the journal to the same scene.
    await s.core.shutdown()
    cores.splice(cores.indexOf(s.core), 1)
    const again = new SalvoCore({ dataDir: s.dataDir, now: tickingClock() })
    cores.push(again)
    await again.start()
    const snap = await attachWindow(again).must('snapshot', undefined)
    expect(snap.records.find((r) => r.typeName === 'scene')).toMatchObject({ image: { hash: sha(png), width: 10, height: 10 } })
  })

  it('refuses an oversized image naming its size and the limit, storing nothing', async () => {
    const s = await withScene()
    const big = Buffer.concat([makePng(100, 100), Buffer.alloc(MAX_SCENE_IMAGE_BYTES)])
    const r = await s.send(big, 'huge.png')
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe('image/tooLarge')
    expect(r.error.message).toMatch(/^huge\.png is 25\.1 MB; a scene image can be at most 25 MB\./)
    expect(existsSync(s.assetsDir)).toBe(false)
    expect((await s.readScene()).image).toBeNull()
  })

  it.each([
    ['a renamed GIF', GIF, 'map.png', 'image/unsupported', /^map\.png is a GIF image; a scene image must be a PNG, JPEG or WebP\.$/],
    ['a text file', Buffer.from('hello'), 'map.jpg', 'image/unsupported', /^map\.jpg is a text file/],
    [
      'absurd dimensions',
      makeWebpExtended(20000, 100),
      'wide.webp',
      'image/tooBig',
      /^wide\.webp is 20000×100 pixels; a scene image can be at most 16384 pixels on a side\.$/,
    ],
  ])('refuses %s and leaves the campaign unchanged', async (_what, bytes, fileName, code, message) => {
    const s = await withScene()
    const before = await s.gm.must('exportCampaign', undefined)
    const r = await s.send(bytes, fileName)
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe(code)
    expect(r.error.message).toMatch(message)
    expect(existsSync(s.assetsDir)).toBe(false)
    expect((await s.gm.must('exportCampaign', undefined)).text).toBe(before.text)
  })

  it('refuses garbled base64, an unknown scene, the player window and no open campaign', async () => {
    const s = await withScene()
    const bad = await s.gm.request('importSceneImage', { sceneId: s.sceneId, fileName: 'x.png', dataBase64: 'iVBOR!!w0KGgo=' })
    expect(!bad.ok && bad.error.code).toBe('image/unreadable')
    const missing = await s.send(makePng(2, 2), 'x.png', 'scene:nope')
    expect(!missing.ok && missing.error.code).toBe('scene/notFound')
    const player = await attachWindow(s.core, 'player').request('importSceneImage', {
      sceneId: s.sceneId,
      fileName: 'x.png',
      dataBase64: makePng(2, 2).toString('base64'),
    })
    expect(!player.ok && player.error.code).toBe('request/forbidden')
    expect(existsSync(s.assetsDir)).toBe(false)

    const empty = new SalvoCore({ dataDir: tempDir(), now: tickingClock() })
    cores.push(empty)
    await empty.start()
    const none = await attachWindow(empty).request('importSceneImage', {
      sceneId: s.sceneId,
      fileName: 'x.png',
      dataBase64: makePng(2, 2).toString('base64'),
    })
    expect(!none.ok && none.error.code).toBe('campaign/none')
  })

  it('serves only well-formed names of the open campaign', async () => {
    const s = await withScene()
    const png = makePng(3, 3)
    await s.send(png)
    const name = `${sha(png)}.png`
    expect(s.core.assetFile('gm', name)).not.toBeNull()
    for (const bad of [
      `${sha(png)}.jpg`,
      `${sha(png).toUpperCase()}.png`,
      `../${name}`,
      `${name}/`,
      `${sha(png).slice(1)}.png`,
      `x${name}`,
    ]) {
      expect(s.core.assetFile('gm', bad)).toBeNull()
    }
    // Another campaign open: the first one's image is out of reach.
    await s.gm.must('createCampaign', { name: 'Elsewhere' })
    expect(s.core.assetFile('gm', name)).toBeNull()
  })
})
