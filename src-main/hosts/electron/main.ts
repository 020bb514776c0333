import * as path from 'node:path'
import { fileURLToPath } from 'node:url'
import { app, BrowserWindow, dialog, screen, session } from 'electron'
import type { ViewRole } from '../../../src-shared/views'
import { SalvoCore } from '../../core/app/salvo-core'
import { spawnWorkerAt } from '../../core/autopilot/forecast-service'
import type { DisplaySource } from '../../core/app/display-choice'
import { APP_ORIGIN, APP_PAGES, appPageUrl } from '../app-pages'
import { CONTENT_SECURITY_POLICY } from '../content-security-policy'
import { registerAppScheme, windowSession } from './app-scheme'
import { installIpc, type IpcBridge } from './ipc'
import { appPaths } from './packaged-paths'
import { guardWebContents, hardenSession } from './security'
import { gmWindowOptions, playerWindowOptions, displayChoices, playerWindowPlacement, type PlayerPlacement } from './window-options'

/**
 * The desktop app: the same core browser mode runs, a GM window, and a player window that
 * goes fullscreen on the second screen (the projector) whenever there is one.
 */

const here = path.dirname(fileURLToPath(import.meta.url))
const preload = path.join(here, '../preload/index.cjs')
const rendererDir = path.join(here, '../renderer')
// electron-vite sets this only for `dev`; a packaged app must never load a page named by the environment.
const devUrl = app.isPackaged ? null : (process.env.ELECTRON_RENDERER_URL ?? null)
const rendererRoots = devUrl ? [new URL(devUrl).origin] : [`${APP_ORIGIN}/`]

let core: SalvoCore | null = null
let ipc: IpcBridge | null = null
let gmWindow: BrowserWindow | null = null
let playerWindow: BrowserWindow | null = null
let quitState: 'running' | 'stopping' | 'stopped' = 'running'

function loadPage(window: BrowserWindow, role: ViewRole): void {
  const url = devUrl ? new URL(APP_PAGES[role], devUrl.endsWith('/') ? devUrl : `${devUrl}/`).href : appPageUrl(role)
  window.loadURL(url).catch((e: unknown) => console.error(`Salvo could not load ${url}: ${(e as Error).message}`))
}

function createGmWindow(bridge: IpcBridge): BrowserWindow {
  const window = new BrowserWindow(gmWindowOptions(preload))
  bridge.attach(window.webContents, 'gm')
  window.once('ready-to-show', () => window.show())
  // The GM console is the app; the player view without it would be a screen nobody can drive.
  window.on('closed', () => {
    gmWindow = null
    app.quit()
  })
  loadPage(window, 'gm')
  return window
}

function currentPlacement(): PlayerPlacement {
  return playerWindowPlacement(screen.getAllDisplays(), screen.getPrimaryDisplay().id, core?.projectorDisplay() ?? null)
}

function applyPlacement(window: BrowserWindow, placement: PlayerPlacement): void {
  const place = () => {
    window.setBounds(placement.bounds)
    if (placement.fullscreen) window.setFullScreen(true)
  }
  // Leaving fullscreen is animated on some platforms; bounds set before it ends are ignored.
  if (window.isFullScreen()) {
    window.once('leave-full-screen', place)
    window.setFullScreen(false)
  } else {
    place()
  }
}

function createPlayerWindow(bridge: IpcBridge): BrowserWindow {
  const placement = currentPlacement()
  const window = new BrowserWindow({ ...playerWindowOptions(preload), ...placement.bounds })
  bridge.attach(window.webContents, 'player')
  window.once('ready-to-show', () => {
    applyPlacement(window, currentPlacement())
    // Opening the projector view must not pull focus away from the GM.
    window.showInactive()
  })
  window.on('closed', () => {
    playerWindow = null
  })
  loadPage(window, 'player')
  return window
}

function onDisplaysChanged(): void {
  if (quitState !== 'running' || !ipc) return
  if (playerWindow && !playerWindow.isDestroyed()) applyPlacement(playerWindow, currentPlacement())
  // A projector plugged in after the GM closed the player view brings it back.
  else playerWindow = createPlayerWindow(ipc)
}

async function stopCore(): Promise<void> {
  // Handlers go first, so no request can reopen a campaign after the core has closed it.
  ipc?.dispose()
  ipc = null
  try {
    await core?.shutdown()
  } catch (e) {
    console.error(`Salvo could not shut down cleanly: ${(e as Error).message}`)
  }
  core = null
}

async function start(): Promise<void> {
  await app.whenReady()
  // No window of ours uses the default session; it is hardened all the same, for anything that might.
  hardenSession(session.defaultSession, CONTENT_SECURITY_POLICY, rendererRoots)
  // Content packs and the forecast worker live elsewhere once packaged (see packaged-paths.ts).
  const { resourcesDir, forecastWorker } = appPaths({ isPackaged: app.isPackaged, resourcesPath: process.resourcesPath, mainDir: here })
  const displays: DisplaySource = {
    list: () => displayChoices(screen.getAllDisplays(), screen.getPrimaryDisplay().id),
    // The choice is saved before this runs, so the placement reads it.
    chosen: () => onDisplaysChanged(),
  }
  const started = new SalvoCore({
    dataDir: path.join(app.getPath('userData'), 'salvo-data'),
    resourcesDir,
    displays,
    describeHolder: () => ({ what: 'the Salvo desktop app' }),
    forecastWorker: spawnWorkerAt(forecastWorker),
  })
  core = started
  // Each window's session before its window: the page is asked for as soon as the window loads it.
  for (const role of ['gm', 'player'] as const)
    windowSession(role, rendererDir, (asked, name) => started.assetFile(asked, name), rendererRoots)
  await started.start()
  ipc = installIpc(core, rendererRoots)
  gmWindow = createGmWindow(ipc)
  playerWindow = createPlayerWindow(ipc)
  screen.on('display-added', onDisplaysChanged)
  screen.on('display-removed', onDisplaysChanged)
}

if (!app.requestSingleInstanceLock()) {
  // Two instances would share one data folder and journal; the first one keeps it.
  app.quit()
} else {
  app.enableSandbox()
  registerAppScheme()
  guardWebContents(rendererRoots)

  app.on('second-instance', () => {
    if (!gmWindow) return
    if (gmWindow.isMinimized()) gmWindow.restore()
    gmWindow.focus()
  })

  app.on('window-all-closed', () => app.quit())

  // The journal must be flushed and the campaign closed before the process ends, so the
  // first quit is held back until the core has shut down, then let through.
  app.on('before-quit', (event) => {
    if (quitState === 'stopped') return
    event.preventDefault()
    if (quitState === 'stopping') return
    quitState = 'stopping'
    void stopCore().finally(() => {
      quitState = 'stopped'
      app.quit()
    })
  })

  start().catch((e: unknown) => {
    dialog.showErrorBox('Salvo could not start', (e as Error).message)
    app.exit(1)
  })
}
