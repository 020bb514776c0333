import { createHash } from 'node:crypto'
import { connect } from 'node:net'
import { writeFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SalvoCore } from '../../../src-main/core/app/salvo-core'
import { resolveAssetRequest } from '../../../src-main/hosts/asset-request'
import { startWebServer, type RunningServer } from '../../../src-main/hosts/web/web-server'
import { assetPath } from '../../../src-shared/scene-assets'
import type { SceneRecord } from '../../../src-shared/records'
import { attachWindow, tickingClock } from '../helpers/core-window'
import { makeJpeg, makePng } from '../helpers/images'
import { tempDir } from '../helpers/temp-dir'

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex')

let server: RunningServer
let core: SalvoCore
let gm: ReturnType<typeof attachWindow>

beforeEach(async () => {
  const renderer = tempDir()
  writeFileSync(`${renderer}/gm.html`, '<!doctype html><title>gm</title>')
  core = new SalvoCore({ dataDir: tempDir(), now: tickingClock() })
  await core.start()
  server = await startWebServer(core, renderer, 0)
  gm = attachWindow(core)
})

afterEach(async () => {
  await server.close()
  await core.shutdown()
})

async function campaignWithImage(name: string, bytes: Buffer, fileName = 'map.png') {
  await gm.must('createCampaign', { name })
  await gm.command('scene/create', { name: 'Dock' })
  const scene = (await gm.must('snapshot', undefined)).records.find((r): r is SceneRecord => r.typeName === 'scene')!
  return gm.must('importSceneImage', { sceneId: scene.id, fileName, dataBase64: bytes.toString('base64') })
}

/** The status line for a request sent byte for byte (fetch would normalise `..` away first). */
function rawStatus(path: string): Promise<string> {
  return new Promise((resolve) => {
    const s = connect(server.port, '127.0.0.1', () =>
      s.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`),
    )
    let data = ''
    s.on('data', (d) => (data += d.toString()))
    s.on('close', () => resolve(data.split('\r\n')[0] ?? ''))
    s.on('error', () => resolve(''))
  })
}

describe('browser mode serves scene images', () => {
  it('a stored PNG and JPEG: 200, the right type, long cache, the exact bytes', async () => {
    const png = makePng(40, 30)
    const image = await campaignWithImage('One', png)
    const r = await fetch(`${server.url}${assetPath('gm', image)}`)
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('image/png')
    expect(r.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/)
    expect(r.headers.get('x-content-type-options')).toBe('nosniff')
    expect(Buffer.from(await r.arrayBuffer()).equals(png)).toBe(true)

    const jpg = makeJpeg(8, 8)
    const second = await gm.must('importSceneImage', {
      sceneId: (await gm.must('snapshot', undefined)).records.find((x) => x.typeName === 'scene')!.id as SceneRecord['id'],
      fileName: 'b.jpg',
      dataBase64: jpg.toString('base64'),
    })
    expect((await fetch(`${server.url}${assetPath('gm', second)}`)).headers.get('content-type')).toBe('image/jpeg')
  })

  it('404s unknown hashes, wrong extensions, traversal attempts and odd methods', async () => {
    const png = makePng(5, 5)
    await campaignWithImage('One', png)
    const h = sha(png)
    expect((await fetch(`${server.url}/campaign-assets/${sha(Buffer.from('other'))}.png`)).status).toBe(404)
    expect((await fetch(`${server.url}/campaign-assets/${h}.jpg`)).status).toBe(404)
    expect((await fetch(`${server.url}/campaign-assets/${h}.PNG`)).status).toBe(404)
    expect((await fetch(`${server.url}/campaign-assets/${h}.png?x=1`)).status).toBe(200)
    for (const path of [
      `/campaign-assets/..%2f..%2fcampaign.json`,
      `/campaign-assets/%2e%2e/meta.json`,
      `/campaign-assets/${h}.png%00`,
      `/campaign-assets/${h}.png/..`,
      `/campaign-assets/`,
      `/campaign-assets/../../../../etc/passwd`,
    ]) {
      expect(await rawStatus(path), path).toMatch(/ 404 /)
    }
    expect((await fetch(`${server.url}/campaign-assets/${h}.png`, { method: 'POST' })).status).toBe(405)
  })

  it("another campaign's asset is a 404 while it is not the open one", async () => {
    const first = makePng(6, 6, 1)
    const image = await campaignWithImage('First', first)
    expect((await fetch(`${server.url}${assetPath('gm', image)}`)).status).toBe(200)
    await campaignWithImage('Second', makePng(6, 6, 2))
    expect((await fetch(`${server.url}${assetPath('gm', image)}`)).status).toBe(404)
  })
})

describe('the one picture resolver both shells use', () => {
  const hash = 'a'.repeat(64)
  const lookup = (role: string, name: string) => (name === `${hash}.webp` ? `/data/campaigns/x/assets/${role}-${name}` : null)

  it("maps each role's route to the core's lookup for that role, with its type", () => {
    expect(assetPath('gm', { hash, ext: 'webp' })).toBe(`/campaign-assets/${hash}.webp`)
    expect(assetPath('player', { hash, ext: 'webp' })).toBe(`/table-assets/${hash}.webp`)
    expect(resolveAssetRequest(`/campaign-assets/${hash}.webp`, lookup)).toEqual({
      status: 200,
      file: `/data/campaigns/x/assets/gm-${hash}.webp`,
      headers: expect.objectContaining({ 'content-type': 'image/webp', 'cache-control': expect.stringContaining('immutable') }),
    })
    // What the table may see changes with the fog: its answers are never cached.
    expect(resolveAssetRequest(`/table-assets/${hash}.webp`, lookup)).toEqual({
      status: 200,
      file: `/data/campaigns/x/assets/player-${hash}.webp`,
      headers: expect.objectContaining({ 'cache-control': 'no-store' }),
    })
    expect(resolveAssetRequest(`/campaign-assets/${hash}.webp`, lookup, ['player'])).toEqual({ status: 404 })
  })

  it.each([
    `/campaign-assets/${hash}.png`,
    `/campaign-assets/${'b'.repeat(64)}.webp`,
    `/other-assets/${hash}.webp`,
    `/campaign-assets/..%2f${hash}.webp`,
    `/campaign-assets/sub/${hash}.webp`,
    `/table-assets/%2e%2e%2fcampaign.json`,
    `/campaign-assets/${hash.toUpperCase()}.webp`,
    '',
  ])('404s %s', (path) => {
    expect(resolveAssetRequest(path, lookup)).toEqual({ status: 404 })
  })
})
