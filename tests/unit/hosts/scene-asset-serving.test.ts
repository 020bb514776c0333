import { createHash } from 'node:crypto'
import { connect } from 'node:net'
import { writeFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { SalvoCore } from '../../../src-main/core/app/salvo-core'
import { resolveAssetRequest } from '../../../src-main/hosts/asset-request'
import { startWebServer, type RunningServer } from '../../../src-main/hosts/web/web-server'
import { assetPath } from '../../../src-shared/scene-assets'
import { withGmKey } from '../../../src-shared/gm-key'
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

/** The GM's route as the GM's page asks for it: with this run's key. */
const gmFetch = (path: string, init?: RequestInit) => fetch(`${server.url}${withGmKey(path, server.gmKey.reveal())}`, init)

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
    const r = await gmFetch(assetPath('gm', image))
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
    expect((await gmFetch(assetPath('gm', second))).headers.get('content-type')).toBe('image/jpeg')
  })

  it('404s unknown hashes, wrong extensions, traversal attempts and odd methods', async () => {
    const png = makePng(5, 5)
    await campaignWithImage('One', png)
    const h = sha(png)
    expect((await gmFetch(`/campaign-assets/${sha(Buffer.from('other'))}.png`)).status).toBe(404)
    expect((await gmFetch(`/campaign-assets/${h}.jpg`)).status).toBe(404)
    expect((await gmFetch(`/campaign-assets/${h}.PNG`)).status).toBe(404)
    expect((await fetch(`${server.url}${withGmKey(`/campaign-assets/${h}.png`, server.gmKey.reveal())}&x=1`)).status).toBe(200)
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
    expect((await gmFetch(`/campaign-assets/${h}.png`, { method: 'POST' })).status).toBe(405)
  })

  it("the GM's route wants this run's key (401, before any lookup); another site's page gets 403 with the key", async () => {
    const png = makePng(5, 5)
    const image = await campaignWithImage('One', png)
    const path = assetPath('gm', image)
    const key = server.gmKey.reveal()
    for (const presented of [
      null,
      'x'.repeat(43),
      key.slice(0, 42),
      `${key}A`,
      key.toLowerCase() === key ? key.toUpperCase() : key.toLowerCase(),
    ]) {
      const r = await fetch(`${server.url}${presented === null ? path : withGmKey(path, presented)}`)
      expect(r.status, String(presented)).toBe(401)
      expect(r.headers.get('www-authenticate')).toBe('Salvo-GM-Key')
      expect(r.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    }
    // A name the campaign does not hold gets the same 401 without the key: nothing to tell apart.
    expect((await fetch(`${server.url}/campaign-assets/${sha(Buffer.from('none'))}.png`)).status).toBe(401)
    const ok = await gmFetch(path, { headers: { 'sec-fetch-site': 'same-origin' } })
    expect([ok.status, ok.headers.get('cross-origin-resource-policy')]).toEqual([200, 'same-origin'])
    for (const site of ['cross-site', 'same-site']) {
      const r = await gmFetch(path, { headers: { 'sec-fetch-site': site } })
      expect([r.status, r.headers.get('cross-origin-resource-policy')], site).toEqual([403, 'same-origin'])
    }
  })

  it("another campaign's asset is a 404 while it is not the open one", async () => {
    const first = makePng(6, 6, 1)
    const image = await campaignWithImage('First', first)
    expect((await gmFetch(assetPath('gm', image))).status).toBe(200)
    await campaignWithImage('Second', makePng(6, 6, 2))
    expect((await gmFetch(assetPath('gm', image))).status).toBe(404)
  })
})

describe('the one picture resolver both shells use', () => {
  const hash = 'a'.repeat(64)
  const lookup = (role: string, name: string) => (name === `${hash}.webp` ? `/data/campaigns/x/assets/${role}-${name}` : null)
  /** One of our own pages asking. */
  const own = { fetchSite: 'same-origin' }

  it("maps each role's route to the core's lookup for that role, with its type", () => {
    expect(assetPath('gm', { hash, ext: 'webp' })).toBe(`/campaign-assets/${hash}.webp`)
    expect(assetPath('player', { hash, ext: 'webp' })).toBe(`/table-assets/${hash}.webp`)
    expect(resolveAssetRequest(`/campaign-assets/${hash}.webp`, lookup, own)).toEqual({
      status: 200,
      file: `/data/campaigns/x/assets/gm-${hash}.webp`,
      headers: expect.objectContaining({ 'content-type': 'image/webp', 'cache-control': expect.stringContaining('immutable') }),
    })
    // What the table may see changes with the fog: its answers are never cached.
    expect(resolveAssetRequest(`/table-assets/${hash}.webp`, lookup, own)).toEqual({
      status: 200,
      file: `/data/campaigns/x/assets/player-${hash}.webp`,
      headers: expect.objectContaining({ 'cache-control': 'no-store' }),
    })
    expect(resolveAssetRequest(`/campaign-assets/${hash}.webp`, lookup, { ...own, routes: ['player'] })).toMatchObject({ status: 404 })
  })

  it('isolates both routes: same-origin CORP on every answer, refusals included', () => {
    for (const path of [
      `/campaign-assets/${hash}.webp`,
      `/table-assets/${hash}.webp`,
      `/table-assets/${'c'.repeat(64)}.png`,
      '/table-assets/x',
    ]) {
      expect(resolveAssetRequest(path, lookup, own).headers['cross-origin-resource-policy'], path).toBe('same-origin')
      expect(resolveAssetRequest(path, lookup, { fetchSite: 'cross-site' }).headers['cross-origin-resource-policy'], path).toBe(
        'same-origin',
      )
    }
  })

  it('refuses pages of other sites before it reads the name or looks anything up', () => {
    let looked = 0
    const counting = (role: 'gm' | 'player', name: string) => (looked++, lookup(role, name))
    for (const route of ['/campaign-assets/', '/table-assets/']) {
      for (const fetchSite of ['cross-site', 'same-site', 'Same-Origin', 'same-origin, cross-site', '']) {
        expect(resolveAssetRequest(`${route}${hash}.webp`, counting, { fetchSite }).status, `${route} ${fetchSite}`).toBe(403)
        expect(resolveAssetRequest(`${route}nothing`, counting, { fetchSite }).status, `${route} ${fetchSite}`).toBe(403)
      }
      // Ours: our own page, the user's address bar, and a client that sends no such header.
      for (const fetchSite of ['same-origin', 'none', null]) {
        expect(resolveAssetRequest(`${route}${hash}.webp`, counting, { fetchSite }).status, `${route} ${fetchSite}`).toBe(200)
      }
    }
    expect(looked).toBe(6)
  })

  it("asks for the seat of the route's role only, and before the lookup (401)", () => {
    let looked = 0
    const counting = (role: 'gm' | 'player', name: string) => (looked++, lookup(role, name))
    const gmOnly = { ...own, seated: (role: 'gm' | 'player') => role === 'player' }
    expect(resolveAssetRequest(`/campaign-assets/${hash}.webp`, counting, gmOnly).status).toBe(401)
    expect(resolveAssetRequest(`/campaign-assets/${'d'.repeat(64)}.webp`, counting, gmOnly).status).toBe(401)
    expect(looked).toBe(0)
    expect(resolveAssetRequest(`/table-assets/${hash}.webp`, counting, gmOnly).status).toBe(200)
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
    expect(resolveAssetRequest(path, lookup, own)).toMatchObject({ status: 404 })
  })
})
