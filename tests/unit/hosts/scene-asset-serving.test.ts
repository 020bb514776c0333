import { createHash } from 'node:crypto'
import { connect } from 'node:net'
import { writeFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SalvoCore } from '../../../src-main/core/app/salvo-core'
import { resolveProtocolAsset } from '../../../src-main/hosts/asset-request'
import { ELECTRON_CSP } from '../../../src-main/hosts/electron/window-options'
import { startWebServer, type RunningServer } from '../../../src-main/hosts/web/web-server'
import { assetHttpPath, assetProtocolUrl } from '../../../src-shared/scene-assets'
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
    const s = connect(server.port, '127.0.0.1', () => s.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`))
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
    const r = await fetch(`${server.url}${assetHttpPath(image)}`)
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
    expect((await fetch(`${server.url}${assetHttpPath(second)}`)).headers.get('content-type')).toBe('image/jpeg')
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
    expect((await fetch(`${server.url}${assetHttpPath(image)}`)).status).toBe(200)
    await campaignWithImage('Second', makePng(6, 6, 2))
    expect((await fetch(`${server.url}${assetHttpPath(image)}`)).status).toBe(404)
  })
})

describe('Electron salvo-asset scheme resolver', () => {
  const hash = 'a'.repeat(64)
  const lookup = (name: string) => (name === `${hash}.webp` ? `/data/campaigns/x/assets/${name}` : null)

  it('maps a well-formed URL to the open campaign file with its type', () => {
    expect(assetProtocolUrl({ hash, ext: 'webp' })).toBe(`salvo-asset://campaign/${hash}.webp`)
    expect(resolveProtocolAsset(`salvo-asset://campaign/${hash}.webp`, lookup)).toEqual({
      status: 200,
      file: `/data/campaigns/x/assets/${hash}.webp`,
      headers: expect.objectContaining({ 'content-type': 'image/webp', 'cache-control': expect.stringContaining('immutable') }),
    })
  })

  it.each([
    `salvo-asset://campaign/${hash}.png`,
    `salvo-asset://campaign/${'b'.repeat(64)}.webp`,
    `salvo-asset://other/${hash}.webp`,
    `salvo-asset://campaign/../${hash}.webp`.replace('../', '..%2f'),
    `salvo-asset://campaign/sub/${hash}.webp`,
    `salvo-asset://campaign/${hash}.webp?v=1`,
    `salvo-asset://user:pw@campaign/${hash}.webp`,
    `file:///data/campaigns/x/assets/${hash}.webp`,
    `http://campaign/${hash}.webp`,
    'salvo-asset://campaign/%2e%2e%2fcampaign.json',
    'not a url',
  ])('404s %s', (url) => {
    expect(resolveProtocolAsset(url, lookup)).toEqual({ status: 404 })
  })

  it('the window CSP lets images come from the scheme', () => {
    const img = ELECTRON_CSP.split(';').find((d) => d.trim().startsWith('img-src'))!
    expect(img.trim().split(/\s+/)).toContain('salvo-asset://campaign')
  })
})
