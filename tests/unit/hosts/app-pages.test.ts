import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ViewRole } from '../../../src-shared/views'
import { SalvoCore } from '../../../src-main/core/app/salvo-core'
import { answerAppRequest, appResponse, APP_ORIGIN, type AppSite } from '../../../src-main/hosts/app-pages'
import { CONTENT_SECURITY_POLICY } from '../../../src-main/hosts/content-security-policy'
import { startWebServer } from '../../../src-main/hosts/web/web-server'
import { tempDir } from '../helpers/temp-dir'

/**
 * The desktop app's page scheme, as the function each window's session is given. Real files in
 * a temp folder laid out like out/: the renderer, and beside it a main bundle and a campaign
 * folder that no spelling of a path may reach.
 */

const HASH = 'd'.repeat(64)
const SECRET = 'secret main-process source'

let root: string
let renderer: string
let picture: string

beforeEach(() => {
  root = tempDir()
  renderer = join(root, 'renderer')
  mkdirSync(join(renderer, 'assets'), { recursive: true })
  mkdirSync(join(root, 'main'))
  writeFileSync(join(renderer, 'gm.html'), '<title>gm</title>')
  writeFileSync(join(renderer, 'player.html'), '<title>table</title>')
  writeFileSync(join(renderer, 'assets', 'gm-1.js'), 'export {}')
  writeFileSync(join(renderer, 'assets', 'gm-1.css'), 'body{}')
  writeFileSync(join(root, 'main', 'index.js'), SECRET)
  picture = join(root, `${HASH}.png`)
  writeFileSync(picture, 'png bytes')
})

/** The core's rule stood in: the picture is the campaign's, and the table's projection holds it. */
const lookup = (_role: ViewRole, name: string) => (name === `${HASH}.png` ? picture : null)
const site = (role: ViewRole): AppSite => ({ origin: APP_ORIGIN, rendererDir: renderer, role, lookup })
const get = (role: ViewRole, path: string, method = 'GET') => answerAppRequest(method, `${APP_ORIGIN}${path}`, site(role))

describe('the app scheme', () => {
  it("serves each window's page and the built scripts and styles, typed, with the one policy as a header", () => {
    expect(get('gm', '/gm.html')).toEqual({
      status: 200,
      file: join(renderer, 'gm.html'),
      headers: {
        'content-security-policy': CONTENT_SECURITY_POLICY,
        'x-content-type-options': 'nosniff',
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-cache',
      },
    })
    expect(get('player', '/player.html')).toMatchObject({ status: 200, file: join(renderer, 'player.html') })
    expect(get('gm', '/assets/gm-1.js')).toMatchObject({
      status: 200,
      headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': expect.stringContaining('immutable') },
    })
    expect(get('player', '/assets/gm-1.css')).toMatchObject({ status: 200, headers: { 'content-type': 'text/css; charset=utf-8' } })
  })

  it('serves pictures by role: the GM route in the GM session, the table route in the table session, never the other way', () => {
    expect(get('gm', `/campaign-assets/${HASH}.png`)).toMatchObject({
      status: 200,
      file: picture,
      headers: { 'content-type': 'image/png', 'content-security-policy': CONTENT_SECURITY_POLICY },
    })
    expect(get('player', `/table-assets/${HASH}.png`)).toMatchObject({
      status: 200,
      file: picture,
      headers: { 'cache-control': 'no-store' },
    })
    expect(get('player', `/campaign-assets/${HASH}.png`).status).toBe(404)
    expect(get('gm', `/table-assets/${HASH}.png`).status).toBe(404)
  })

  it('refuses pages of other sites on both picture routes (403), and isolates every picture answer (CORP same-origin)', async () => {
    const ask = (role: ViewRole, path: string, fetchSite?: string) =>
      appResponse(new Request(`${APP_ORIGIN}${path}`, fetchSite ? { headers: { 'sec-fetch-site': fetchSite } } : {}), site(role))
    for (const [role, path] of [
      ['gm', `/campaign-assets/${HASH}.png`],
      ['player', `/table-assets/${HASH}.png`],
    ] as const) {
      for (const fetchSite of ['cross-site', 'same-site']) {
        const refused = await ask(role, path, fetchSite)
        expect([refused.status, refused.headers.get('cross-origin-resource-policy')], `${path} ${fetchSite}`).toEqual([403, 'same-origin'])
        expect(await refused.text()).not.toContain('png bytes')
      }
      for (const fetchSite of ['same-origin', 'none', undefined]) {
        const ok = await ask(role, path, fetchSite)
        expect([ok.status, ok.headers.get('cross-origin-resource-policy')], `${path} ${fetchSite}`).toEqual([200, 'same-origin'])
      }
    }
    // The other role's route in a session is still a 404, and isolated too.
    expect((await ask('player', `/campaign-assets/${HASH}.png`)).headers.get('cross-origin-resource-policy')).toBe('same-origin')
  })

  it("refuses the other window's page in each session", () => {
    expect(get('player', '/gm.html').status).toBe(404)
    expect(get('gm', '/player.html').status).toBe(404)
  })

  it.each([
    '/../main/index.js',
    '/%2e%2e/main/index.js',
    '/..%2fmain%2findex.js',
    '/assets/..%2f..%2fmain%2findex.js',
    '/assets/%2e%2e%2f%2e%2e%2fmain/index.js',
    '/..%5cmain%5cindex.js',
    '/%252e%252e/main/index.js',
    `/..%2f${HASH}.png`,
    '/assets/gm-1.js%00.png',
    '/%2fetc%2fpasswd',
  ])('refuses %s (in either session)', (path) => {
    for (const role of ['gm', 'player'] as const) {
      const answer = get(role, path)
      expect(answer.status, `${role} ${path}`).not.toBe(200)
      expect(answer.status).toBeGreaterThanOrEqual(400)
    }
  })

  it.each(['/gm.html/', '/GM.HTML', '/assets/../gm.html', '/assets/%2e%2e/gm.html', '/assets%2f..%2fgm.html', '/./gm.html%00'])(
    "refuses another spelling of the GM's page in the table's session: %s",
    (path) => {
      expect(get('player', path).status).not.toBe(200)
    },
  )

  it('answers nothing but its own pages and built files: no index, no folder listing, no other file of the renderer', () => {
    writeFileSync(join(renderer, 'notes.txt'), 'x')
    for (const path of ['/', '/assets/', '/assets', '/notes.txt', '/index.html']) expect([403, 404], path).toContain(get('gm', path).status)
  })

  it('answers only at its own origin', () => {
    expect(answerAppRequest('GET', 'salvo://evil/gm.html', site('gm')).status).toBe(404)
    expect(answerAppRequest('GET', 'salvo://app:1/gm.html', site('gm')).status).toBe(404)
    expect(answerAppRequest('GET', 'http://app/gm.html', site('gm')).status).toBe(404)
    expect(answerAppRequest('GET', 'not a url', site('gm')).status).toBe(400)
  })

  it('answers GET and HEAD only, and a path that does not decode with a 400', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'])
      expect(get('gm', '/gm.html', method)).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD' } })
    expect(get('gm', '/gm.html', 'HEAD').status).toBe(200)
    expect(get('gm', '/%E0%A4%A').status).toBe(400)
  })

  it('puts the policy on refusals too', () => {
    for (const answer of [get('player', '/gm.html'), get('gm', '/x', 'POST'), get('gm', '/..%2fmain%2findex.js')]) {
      expect(answer.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
      expect(answer.headers['x-content-type-options']).toBe('nosniff')
    }
  })
})

describe('the scheme handler main.ts installs', () => {
  const handle = (role: ViewRole, path: string, method = 'GET') => appResponse(new Request(`${APP_ORIGIN}${path}`, { method }), site(role))

  it('answers with the file and the headers', async () => {
    const page = await handle('gm', '/gm.html')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await page.text()).toBe('<title>gm</title>')
    expect(await (await handle('player', `/table-assets/${HASH}.png`)).text()).toBe('png bytes')
  })

  it('answers HEAD without a body, and a refusal with its status', async () => {
    const head = await handle('gm', '/gm.html', 'HEAD')
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    const refused = await handle('player', '/gm.html')
    expect(refused.status).toBe(404)
    expect(await refused.text()).not.toContain('gm')
  })

  it('is a clean 404 when the file is gone by the time it is read (the GM switched campaigns)', async () => {
    rmSync(picture)
    const gone = await handle('gm', `/campaign-assets/${HASH}.png`)
    expect(gone.status).toBe(404)
    expect(gone.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    expect(gone.headers.get('cross-origin-resource-policy')).toBe('same-origin')
  })
})

describe('one policy for both shells', () => {
  let core: SalvoCore
  beforeEach(async () => {
    core = new SalvoCore({ dataDir: tempDir() })
    await core.start()
  })
  afterEach(async () => {
    await core.shutdown()
  })

  it("browser mode's pages and the app scheme's pages carry the same header, and it is the one constant", async () => {
    const server = await startWebServer(core, renderer, 0)
    try {
      for (const path of ['/', '/player', '/assets/gm-1.js']) {
        expect((await fetch(`${server.url}${path}`)).headers.get('content-security-policy'), path).toBe(CONTENT_SECURITY_POLICY)
      }
    } finally {
      await server.close()
    }
    expect((await appResponse(new Request(`${APP_ORIGIN}/player.html`), site('player'))).headers.get('content-security-policy')).toBe(
      CONTENT_SECURITY_POLICY,
    )
  })

  it('both shells refuse a picture to a page of another site alike: 403, isolated', async () => {
    const server = await startWebServer(core, renderer, 0)
    const headers = { 'sec-fetch-site': 'cross-site' }
    try {
      for (const [role, route] of [
        ['gm', '/campaign-assets/'],
        ['player', '/table-assets/'],
      ] as const) {
        const web = await fetch(`${server.url}${route}${HASH}.png?k=${server.gmKey.reveal()}`, { headers })
        const app = await appResponse(new Request(`${APP_ORIGIN}${route}${HASH}.png`, { headers }), site(role))
        for (const r of [web, app]) expect([r.status, r.headers.get('cross-origin-resource-policy')], route).toEqual([403, 'same-origin'])
      }
    } finally {
      await server.close()
    }
  })
})
