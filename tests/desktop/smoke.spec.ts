import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { _electron as electron, expect, test, type Page } from '@playwright/test'
import type { RequestInputs, RequestName, RequestResults } from '../../src-shared/contract'
import type { SceneRecord } from '../../src-shared/records'
import type { CombatantView } from '../../src-shared/views'
import { appPageUrl } from '../../src-main/hosts/app-pages'
import { makePng } from '../unit/helpers/images'

/**
 * The built desktop app (out/, as `npm start` runs it) on a laptop screen with a TV beside it
 * (scripts/two-displays.mjs, started by `npm run test:desktop`): both windows load from the app's
 * own scheme; the player view fills the TV and not the GM's screen; a map with fog and a
 * portrait reaches the table with the hidden token kept back; Quit ends the process cleanly with
 * the campaign on disk. The data folder is a scratch one (Linux: XDG_CONFIG_HOME).
 */

type Box = { x: number; y: number; width: number; height: number }
const screens = JSON.parse(process.env['SALVO_TEST_SCREENS'] ?? 'null') as { laptop: Box; tv: Box } | null

/** The GM window's own contract (window.salvo, from the preload): what the desk itself calls. */
function desk(page: Page) {
  let n = 0
  const must = async <N extends RequestName>(name: N, input: RequestInputs[N]): Promise<RequestResults[N]> => {
    const r = await page.evaluate(
      ([name, input]) =>
        (
          window as unknown as {
            salvo: Record<string, (i: unknown) => Promise<{ ok: boolean; value?: unknown; error?: { message: string } }>>
          }
        ).salvo[name]!(input),
      [name, input] as const,
    )
    if (!r.ok) throw new Error(`${name}: ${r.error?.message}`)
    return r.value as RequestResults[N]
  }
  const command = (type: string, payload: unknown) =>
    must('dispatch', { type, payload, meta: { commandId: `smoke-${++n}` } } as RequestInputs['dispatch'])
  const records = async () => (await must('snapshot', undefined)).records
  return { must, command, records }
}

test('the desktop app: both windows from salvo://app, the player view on the TV with a fogged map and a portrait, a clean quit', async () => {
  test.skip(!screens, 'run through `npm run test:desktop`, which starts the two screens')
  const scratch = mkdtempSync(join(tmpdir(), 'salvo-desktop-'))
  const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined))
  // Chromium will not start its sandbox as root (a CI container); anyone else runs the app as shipped.
  const sandbox = process.getuid?.() === 0 ? ['--no-sandbox'] : []
  const app = await electron.launch({ args: [...sandbox, '.'], env: { ...env, XDG_CONFIG_HOME: scratch } })
  const exited = new Promise<number | null>((resolve) => app.process().once('exit', (code) => resolve(code)))
  try {
    const pageAt = (url: string) =>
      expect.poll(() => app.windows().find((w) => w.url() === url) ?? null, { timeout: 30_000 }).not.toBeNull()
    await pageAt(appPageUrl('gm'))
    await pageAt(appPageUrl('player'))
    const gm = app.windows().find((w) => w.url() === appPageUrl('gm'))!
    const table = app.windows().find((w) => w.url() === appPageUrl('player'))!

    // Placement, as Electron reports it: two screens, the player view filling the one that is not the GM's.
    const placed = () =>
      app.evaluate(({ BrowserWindow, screen }) => {
        const windows = BrowserWindow.getAllWindows()
        const player = windows.find((w) => w.webContents.getURL().endsWith('/player.html'))
        const gmWindow = windows.find((w) => w.webContents.getURL().endsWith('/gm.html'))
        return {
          gm: gmWindow && gmWindow.getBounds(),
          displays: screen.getAllDisplays().map((d) => d.bounds),
          primary: screen.getPrimaryDisplay().bounds,
          // Not isFullScreen(): on X11 that state is the window manager's to confirm, and the private
          // X server runs none. Covering the TV's exact bounds is what the table sees.
          player: player && { shown: player.isVisible(), bounds: player.getBounds() },
        }
      })
    await expect.poll(async () => (await placed()).player, { timeout: 15_000 }).toEqual({ shown: true, bounds: screens!.tv })
    const { displays, primary, gm: gmBounds } = await placed()
    expect(displays).toHaveLength(2)
    expect(primary).toEqual(screens!.laptop)
    // The GM's console stays on the laptop, where nothing of the projector covers it.
    const { laptop } = screens!
    expect(gmBounds!.x).toBeGreaterThanOrEqual(laptop.x)
    expect(gmBounds!.x + gmBounds!.width).toBeLessThanOrEqual(laptop.x + laptop.width)

    // A map with fog and a portrait, made the way the desk makes it.
    const { must, command, records } = desk(gm)
    await must('createCampaign', { name: 'Kessler Yard', seed: 'smoke' })
    await command('scene/create', { name: 'Dock' })
    await command('projector/set', { prepMap: true })
    const sceneId = (await records()).find((r): r is SceneRecord => r.typeName === 'scene')!.id
    await must('importSceneImage', { sceneId, fileName: 'dock.png', dataBase64: makePng(640, 400, 3).toString('base64') })
    await command('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 30 })
    await command('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 20 })
    const people = (await records()).filter((r): r is CombatantView => r.typeName === 'combatant')
    const id = (name: string) => people.find((c) => c.name === name)!.id
    await must('importPortrait', { combatantId: id('Vex'), fileName: 'vex.png', dataBase64: makePng(96, 96, 9).toString('base64') })
    await command('token/place', { sceneId, combatantId: id('Vex'), x: 6, y: 4 })
    // The picture is 640×400 px at 50 px a metre: the scene is 12.8 × 8 m. Hide it all, then
    // reveal Vex's corner; the Raider stands in the fog.
    await command('token/place', { sceneId, combatantId: id('Raider'), x: 11, y: 6 })
    await command('fog/set', { sceneId, mode: 'areas' })
    await command('fog/reveal', { sceneId, rect: { x: 2, y: 1, w: 6, h: 6 } })

    await expect(table.getByTestId('map-fog')).toHaveCount(1)
    await expect(table.getByTestId('scene-background')).toHaveAttribute('href', /^\/table-assets\//)
    await expect(table.locator('[data-testid="map-token"][data-name="Vex"]')).toHaveCount(1)
    await expect(table.locator('[data-testid="map-token"][data-name="Raider"]')).toHaveCount(0)
    await expect
      .poll(() =>
        table.getByTestId('token-portrait').evaluateAll((els) =>
          Promise.all(
            els.map((el) => {
              const img = new Image()
              img.src = new URL((el as SVGImageElement).href.baseVal, location.href).href
              return img.decode().then(
                () => img.naturalWidth,
                () => 0,
              )
            }),
          ),
        ),
      )
      .toEqual([96])

    // The GM's console shows the same map: the fog drawn over it, every token, the portrait the GM's own copy.
    await gm.getByTestId('show-map').click()
    const gmMap = gm.getByTestId('battle-map')
    await expect(gmMap.getByTestId('map-fog')).toHaveCount(1)
    await expect(gmMap.getByTestId('scene-background')).toHaveAttribute('href', /^\/campaign-assets\//)
    await expect(gmMap.locator('[data-testid="map-token"][data-name="Raider"]')).toHaveCount(1)
    await expect(gmMap.getByTestId('token-portrait')).toHaveAttribute('href', /^\/campaign-assets\//)

    // Quit as the menu does: the sequence closes the core and exits 0, the campaign on disk.
    // The answer may be cut off by the exit itself; the exit code below is what is checked.
    await app.evaluate(({ app }) => app.quit()).catch(() => undefined)
    expect(await Promise.race([exited, new Promise((r) => setTimeout(() => r('still running'), 12_000))])).toBe(0)
    const campaigns = join(scratch, 'salvo', 'salvo-data')
    expect(existsSync(campaigns) && readdirSync(campaigns).length).toBeGreaterThan(0)
    // The log in the app's logs folder says how it ended.
    expect(readFileSync(join(scratch, 'salvo', 'logs', 'salvo.log'), 'utf8')).toMatch(
      /Quit: started \(quit\)[\s\S]*Quit: exiting with code 0/,
    )
  } finally {
    if (app.process().exitCode === null) await app.close()
    rmSync(scratch, { recursive: true, force: true })
  }
})
