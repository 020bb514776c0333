import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { test, expect, type Browser, type BrowserContext, type Page } from '@playwright/test'
import {
  MESSAGE_CHANNEL,
  REQUEST_NAMES,
  requestChannel,
  type RequestInputs,
  type RequestName,
  type RequestResults,
  type ServerMessage,
} from '../../src-shared/contract'
import type { SceneRecord } from '../../src-shared/records'
import type { CombatantView, ViewRole } from '../../src-shared/views'
import { SalvoCore, type Connection } from '../../src-main/core/app/salvo-core'
import { appResponse, APP_PAGES, type AppSite } from '../../src-main/hosts/app-pages'
import { CONTENT_SECURITY_POLICY } from '../../src-main/hosts/content-security-policy'
import { makePng } from '../unit/helpers/images'

/**
 * The desktop app's two pages, built, showing a map and a portrait — the pictures issue 12 found
 * missing in the desktop app.
 *
 * Real: the built pages (out/renderer/gm.html and player.html) and the built preload
 * (out/preload/index.cjs); every byte and header Chromium gets for them and for the pictures,
 * which come from the very function main.ts gives `session.protocol.handle` (`appResponse`, the
 * CSP header included), called with the GM's session for the GM page and the table's for the
 * player page; a real core on a temp data folder; Debian's Chromium, which enforces the policy.
 *
 * Stood in, because the Electron binary cannot run here: the origin is
 * `https://salvo.app.test` (Playwright answers it from `appResponse`) instead of `salvo://app`
 * — same-origin pictures under `img-src 'self'` are what is tested, and both are secure
 * contexts, but Chromium's handling of a registered custom scheme is not; and the IPC: a tiny
 * `require('electron')` shim runs the real preload in the page (contextBridge sets the window
 * property, no isolated world) and carries `ipcRenderer.invoke` to a core connection of the
 * window's role, and the core's pushes back. Each window gets its own browser context, as each
 * gets its own session in the app.
 */

const OUT = resolve('out')
const PRELOAD = join(OUT, 'preload', 'index.cjs')
const RENDERER = join(OUT, 'renderer')
const ORIGIN = 'https://salvo.app.test'
const SCREEN = { width: 1366, height: 768 }

/** The picture colours (makePng fills one colour), to find them on screen. */
type Rgb = readonly [number, number, number]
const MAP: { seed: number; rgb: Rgb } = { seed: 3, rgb: [91, 90, 160] }
const FACE: { seed: number; rgb: Rgb } = { seed: 9, rgb: [193, 90, 160] }

/** What each test opened, closed after it (windows first: their connections must not outlive the core). */
const closing: (() => Promise<void>)[] = []

type Rewrite = (headers: Record<string, string>) => Record<string, string>

/** The preload as the sandbox runs it, with `electron` as the only module it may require. */
function preloadScript(preload: string): string {
  return `(() => {
    const listeners = new Set()
    const shim = {
      contextBridge: { exposeInMainWorld: (key, api) => Object.defineProperty(window, key, { value: Object.freeze(api) }) },
      ipcRenderer: {
        invoke: (channel, input) => window.__salvoInvoke(channel, input),
        on: (channel, listener) => { if (channel === ${JSON.stringify(MESSAGE_CHANNEL)}) listeners.add(listener) },
        removeListener: (_channel, listener) => listeners.delete(listener),
      },
    }
    Object.defineProperty(window, '__salvoPush', { value: (message) => { for (const l of listeners) l({}, message) } })
    const violations = []
    Object.defineProperty(window, '__violations', { value: violations })
    document.addEventListener('securitypolicyviolation', (e) => violations.push(e.violatedDirective + ' ' + e.blockedURI))
    const require = (name) => { if (name !== 'electron') throw new Error('a sandboxed preload cannot require ' + name); return shim }
    const module = { exports: {} }
    // The CommonJS wrapper, as the sandbox gives the preload its own scope.
    ;((require, module, exports) => {
${preload}
    })(require, module, module.exports)
  })()`
}

const NAME_OF_CHANNEL = new Map<string, RequestName>(REQUEST_NAMES.map((n) => [requestChannel(n), n]))

/**
 * One desktop window: its own context (its session), every request to the app origin answered by
 * `appResponse` for its role — everything else refused — and its own core connection behind the preload.
 */
async function openWindow(
  browser: Browser,
  core: SalvoCore,
  role: ViewRole,
  rewrite: Rewrite = (h) => h,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: SCREEN })
  const site: AppSite = { origin: ORIGIN, rendererDir: RENDERER, role, lookup: (asked, name) => core.assetFile(asked, name) }
  await context.route('**/*', (route) => route.abort())
  await context.route(`${ORIGIN}/**`, async (route) => {
    const response = await appResponse(new Request(route.request().url(), { method: route.request().method() }), site)
    await route.fulfill({
      status: response.status,
      headers: rewrite(Object.fromEntries(response.headers)),
      body: Buffer.from(await response.arrayBuffer()),
    })
  })
  const connections = new Map<Page, Connection>()
  await context.exposeBinding('__salvoInvoke', ({ page }, channel: string, input: unknown) => {
    const name = NAME_OF_CHANNEL.get(channel)
    const connection = connections.get(page)
    if (!name || !connection) return { ok: false, error: { code: 'ipc/unknownSender', message: channel } }
    return connection.request(name, input)
  })
  await context.addInitScript({ content: preloadScript(readFileSync(PRELOAD, 'utf8')) })

  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  // In order, as IPC delivers them; a push before the page listens is lost, as in Electron.
  let pushes = Promise.resolve()
  const push = (message: ServerMessage) => {
    const sent: unknown = message
    pushes = pushes
      .then(() => page.evaluate((m) => (window as unknown as { __salvoPush?: (m: unknown) => void }).__salvoPush?.(m), sent))
      .catch(() => undefined)
  }
  const connection = core.connect(role, push)
  connections.set(page, connection)
  closing.push(async () => {
    connection.close()
    await context.close()
  })
  await page.goto(`${ORIGIN}/${APP_PAGES[role]}`)
  return { context, page, errors }
}

/** A campaign with the scene in play (an imported map) and a visible combatant with a portrait, standing on it. */
async function campaignWithPictures(core: SalvoCore): Promise<void> {
  const gm = core.connect('gm', () => undefined)
  let n = 0
  const must = async <N extends RequestName>(name: N, input: RequestInputs[N]): Promise<RequestResults[N]> => {
    const r = await gm.request(name, input)
    if (!r.ok) throw new Error(`${name}: ${r.error.message}`)
    return r.value
  }
  const command = (type: string, payload: unknown) =>
    must('dispatch', { type, payload, meta: { commandId: `desk-${++n}` } } as RequestInputs['dispatch'])
  const records = async () => (await must('snapshot', undefined)).records

  await must('createCampaign', { name: 'Kessler Yard', seed: 'desk' })
  await command('scene/create', { name: 'Dock' }) // the first scene is the one on the table
  // The table holds while no fight runs: the map is shown to it, its pictures being under test.
  await command('projector/set', { prepMap: true })
  const sceneId = (await records()).find((r): r is SceneRecord => r.typeName === 'scene')!.id
  await must('importSceneImage', { sceneId, fileName: 'dock.png', dataBase64: makePng(640, 400, MAP.seed).toString('base64') })
  await command('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 30 })
  const combatantId = (await records()).find((r): r is CombatantView => r.typeName === 'combatant')!.id
  await must('importPortrait', { combatantId, fileName: 'vex.png', dataBase64: makePng(96, 96, FACE.seed).toString('base64') })
  await command('token/place', { sceneId, combatantId, x: 6, y: 4 })
  gm.close()
}

const PICTURES = '[data-testid="scene-background"], [data-testid="token-portrait"]'

/** The page's `securitypolicyviolation` events so far, as "directive blocked-URL". */
const violations = (page: Page) => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)

/** The natural size of every <img> and SVG <image> matching `selector`, each decoded afresh under the page's own policy. */
const decodedSizes = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll(async (elements) =>
    Promise.all(
      elements.map(async (el) => {
        if (el instanceof HTMLImageElement) return el.complete ? el.naturalWidth : 0
        const img = new Image()
        img.src = new URL((el as SVGImageElement).href.baseVal, location.href).href
        return img.decode().then(
          () => img.naturalWidth,
          () => 0,
        )
      }),
    ),
  )

async function decoderPage(browser: Browser): Promise<Page> {
  const page = await browser.newPage()
  closing.push(() => page.context().close())
  return page
}

/** How many pixels of a screenshot are (within a shade of) each colour; decoded by a plain page, not the one under test. */
async function pixelsOf(decoder: Page, png: Buffer, colours: readonly Rgb[]): Promise<number[]> {
  return decoder.evaluate(
    async ({ base64, colours }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }))
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height)
      const g = canvas.getContext('2d')!
      g.drawImage(bitmap, 0, 0)
      const data = g.getImageData(0, 0, bitmap.width, bitmap.height).data
      return colours.map(([r, gr, b]: Rgb) => {
        let count = 0
        for (let i = 0; i < data.length; i += 4)
          if (Math.abs(data[i]! - r) <= 6 && Math.abs(data[i + 1]! - gr) <= 6 && Math.abs(data[i + 2]! - b) <= 6) count++
        return count
      })
    },
    { base64: png.toString('base64'), colours: colours.map((c): Rgb => [c[0], c[1], c[2]]) },
  )
}

let core: SalvoCore
let dataDir: string

test.beforeAll(() => {
  for (const f of [PRELOAD, join(RENDERER, 'gm.html'), join(RENDERER, 'player.html')])
    if (!existsSync(f)) throw new Error(`${f} is missing: run \`npm run build\` first`)
})

test.beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'salvo-desktop-'))
  core = new SalvoCore({ dataDir })
  await core.start()
  await campaignWithPictures(core)
})

test.afterEach(async () => {
  for (const close of closing.splice(0)) await close()
  await core.shutdown()
  rmSync(dataDir, { recursive: true, force: true })
})

test('the desktop pages show the map and the portrait, on the GM console and on the table, with no policy violation', async ({
  browser,
}, testInfo) => {
  const decoder = await decoderPage(browser)
  const gm = await openWindow(browser, core, 'gm')
  const table = await openWindow(browser, core, 'player')

  // The page runs under the one policy, sent as a header, in a secure context (as the scheme's `secure` privilege gives).
  const header = await gm.page.evaluate(async () => (await fetch(location.href)).headers.get('content-security-policy'))
  expect(header).toBe(CONTENT_SECURITY_POLICY)
  expect(await gm.page.evaluate(() => isSecureContext)).toBe(true)

  // GM: the card's portrait, then the map with its background and the token's portrait.
  await expect(gm.page.getByTestId('campaign-title')).toContainText('Kessler Yard')
  await expect(gm.page.getByTestId('card-portrait')).toHaveAttribute('src', /^\/campaign-assets\/[0-9a-f]{64}\.png$/)
  await expect.poll(() => decodedSizes(gm.page, '[data-testid="card-portrait"]')).toEqual([96])
  await gm.page.getByTestId('show-map').click()
  const gmMap = gm.page.getByTestId('battle-map')
  await expect(gmMap.getByTestId('scene-background')).toHaveAttribute('href', /^\/campaign-assets\//)
  await expect(gmMap.getByTestId('token-portrait')).toHaveAttribute('href', /^\/campaign-assets\//)
  // The map, and the projector preview in its corner, which loads the GM's copies.
  expect(await decodedSizes(gm.page, PICTURES)).toEqual([640, 96, 640, 96])

  // The table: the same pictures, by the table's own route.
  await expect(table.page.getByTestId('scene-background')).toHaveAttribute('href', /^\/table-assets\//)
  await expect(table.page.getByTestId('token-portrait')).toHaveAttribute('href', /^\/table-assets\//)
  expect(await decodedSizes(table.page, PICTURES)).toEqual([640, 96])

  // Drawn, not just fetched: both colours are on both screens.
  for (const [name, shown] of [
    ['gm', gm],
    ['player', table],
  ] as const) {
    const shot = await shown.page.screenshot({ path: testInfo.outputPath(`${name}-1366.png`) })
    const [map, face] = await pixelsOf(decoder, shot, [MAP.rgb, FACE.rgb])
    expect(map, `${name}: map pixels`).toBeGreaterThan(20_000)
    expect(face, `${name}: portrait pixels`).toBeGreaterThan(100)
    expect(await violations(shown.page)).toEqual([])
    expect(shown.errors).toEqual([])
  }
})

test("the table's session cannot fetch the GM's pictures or the GM's page", async ({ browser }) => {
  const table = await openWindow(browser, core, 'player')
  const href = await table.page.getByTestId('token-portrait').getAttribute('href')
  const name = href!.split('/').pop()!
  const status = (path: string) => table.page.evaluate(async (p) => (await fetch(p)).status, path)
  expect(await status(`/table-assets/${name}`)).toBe(200)
  expect(await status(`/campaign-assets/${name}`)).toBe(404)
  expect(await status('/gm.html')).toBe(404)
})

test("control: under a policy that leaves out the pictures' origin, the same page reports violations and draws no picture", async ({
  browser,
}) => {
  const decoder = await decoderPage(browser)
  const withoutSelf: Rewrite = (h) => ({
    ...h,
    'content-security-policy': CONTENT_SECURITY_POLICY.replace("img-src 'self' data: blob:", 'img-src data: blob:'),
  })
  const gm = await openWindow(browser, core, 'gm', withoutSelf)
  await expect(gm.page.getByTestId('card-portrait')).toHaveAttribute('src', /^\/campaign-assets\//)
  await expect.poll(() => decodedSizes(gm.page, '[data-testid="card-portrait"]')).toEqual([0])
  await gm.page.getByTestId('show-map').click()
  const map = gm.page.getByTestId('battle-map')
  const hrefs = [
    await map.getByTestId('scene-background').getAttribute('href'),
    await map.getByTestId('token-portrait').getAttribute('href'),
  ]
  // Once every picture has been refused, the screen is what the GM would be left with.
  await expect
    .poll(() => violations(gm.page))
    .toEqual(expect.arrayContaining(hrefs.map((h) => expect.stringMatching(new RegExp(`^img-src ${ORIGIN}${h}$`)))))
  expect(await decodedSizes(gm.page, PICTURES)).toEqual([0, 0, 0, 0])
  expect(await pixelsOf(decoder, await gm.page.screenshot(), [MAP.rgb, FACE.rgb])).toEqual([0, 0])
})
