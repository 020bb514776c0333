import * as path from 'node:path'
import { fileURLToPath } from 'node:url'
import { app, BrowserWindow, screen, session } from 'electron'
import type { ViewRole } from '../../../src-shared/views'
import { SalvoCore } from '../../core/app/salvo-core'
import { spawnWorkerAt } from '../../core/autopilot/forecast-service'
import type { DisplaySource } from '../../core/app/display-choice'
import { APP_ORIGIN, APP_PAGES, appPageUrl } from '../app-pages'
import { CONTENT_SECURITY_POLICY } from '../content-security-policy'
import { registerAppScheme, windowSession } from './app-scheme'
import { installIpc, type IpcBridge } from './ipc'
import { campaignDataDir } from './data-folder'
import { createLifecycle, pinDataFolder } from './lifecycle'
import { errorText } from './quit-sequence'
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

// Quitting, menu, diagnostics, data folder: lifecycle.ts. The pin comes before the lock below.
const userData = pinDataFolder()
const lifecycle = createLifecycle(userData, stopCore, {
  gm: () => gmWindow,
  player: () => playerWindow,
  showPlayer: () => {
    if (playerWindow && !playerWindow.isDestroyed()) playerWindow.showInactive()
    else if (ipc && lifecycle.quit.state === 'running') playerWindow = createPlayerWindow(ipc)
  },
  reload: (window, role) => loadPage(window, role),
})

function loadPage(window: BrowserWindow, role: ViewRole): void {
  const url = devUrl ? new URL(APP_PAGES[role], devUrl.endsWith('/') ? devUrl : `${devUrl}/`).href : appPageUrl(role)
  // did-fail-load (lifecycle.ts) decides what to do; this keeps the rejection from going unhandled.
  window.loadURL(url).catch((e: unknown) => lifecycle.log.write('warn', `Loading ${url}: ${errorText(e)}`))
}

function createGmWindow(bridge: IpcBridge): BrowserWindow {
  const window = new BrowserWindow(gmWindowOptions(preload))
  bridge.attach(window.webContents, 'gm')
  lifecycle.watchWindow(window, 'gm')
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
  lifecycle.watchWindow(window, 'player')
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
  if (lifecycle.quit.state !== 'running' || !ipc) return
  if (playerWindow && !playerWindow.isDestroyed()) applyPlacement(playerWindow, currentPlacement())
  // A projector plugged in after the GM closed the player view brings it back.
  else playerWindow = createPlayerWindow(ipc)
}

async function stopCore(): Promise<void> {
  // Handlers go first, so no request can reopen a campaign after the core has closed it.
  ipc?.dispose()
  ipc = null
  // A failure or a hang is the quit sequence's to log and to bound (quit-sequence.ts).
  const stopping = core
  core = null
  await stopping?.shutdown()
}

async function start(): Promise<void> {
  await app.whenReady()
  lifecycle.installMenu()
  // No window of ours uses the default session; it is hardened all the same, for anything that might.
  hardenSession(session.defaultSession, CONTENT_SECURITY_POLICY, rendererRoots)
  // Packaged builds carry resources/ beside the app; in development it is the project's own.
  const resourcesDir = app.isPackaged ? path.join(process.resourcesPath, 'resources') : path.join(here, '../../resources')
  const displays: DisplaySource = {
    list: () => displayChoices(screen.getAllDisplays(), screen.getPrimaryDisplay().id),
    // The choice is saved before this runs, so the placement reads it.
    chosen: () => onDisplaysChanged(),
  }
  const started = new SalvoCore({
    dataDir: campaignDataDir(userData),
    resourcesDir,
    displays,
    describeHolder: () => ({ what: 'the Salvo desktop app' }),
    forecastWorker: spawnWorkerAt(path.join(here, 'forecast-worker.js')),
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

  // Second launch, window-all-closed, before-quit, signals: all take the one quit path.
  lifecycle.installAppHandlers()

  start().catch((e: unknown) => lifecycle.startFailed(e))
}
