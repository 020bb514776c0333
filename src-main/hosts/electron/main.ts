import * as path from 'node:path'
import { fileURLToPath } from 'node:url'
import { app, BrowserWindow, screen, session, utilityProcess } from 'electron'
import type { ViewRole } from '../../../src-shared/views'
import { SalvoCore } from '../../core/app/salvo-core'
import type { DisplaySource } from '../../core/app/display-choice'
import { APP_ORIGIN, APP_PAGES, appPageUrl } from '../app-pages'
import { CONTENT_SECURITY_POLICY } from '../content-security-policy'
import { registerAppScheme, windowSession } from './app-scheme'
import { installIpc, type IpcBridge } from './ipc'
import { campaignDataDir } from './data-folder'
import { spawnUtilityAt } from './forecast-utility'
import { createLifecycle, pinDataFolder } from './lifecycle'
import { errorText } from './quit-sequence'
import { appPaths } from './packaged-paths'
import { guardWebContents, hardenSession } from './security'
import { gmWindowOptions, playerWindowOptions, displayChoices, type Rect } from './window-options'
import { ProjectorWindow } from './projector-window'
import { loadWindowState, restoreWindowState, saveWindowState } from './window-state'

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
let projector: ProjectorWindow | null = null

// Quitting, menu, diagnostics, data folder: lifecycle.ts. The pin comes before the lock below.
const userData = pinDataFolder()
const lifecycle = createLifecycle(userData, stopCore, {
  gm: () => gmWindow,
  player: () => projector?.current() ?? null,
  // "Show Player View" is the GM choosing the projector: it comes back where the display plan puts it.
  showPlayer: () => projector?.on('gm-chose'),
  reload: (window, role) => loadPage(window, role),
  // Quitting ends with app.exit, which sends no 'close': the place is written down before that.
  saveWindowPlaces: () => saveGmPlace(gmWindow),
})

const windowStateFile = path.join(userData, 'window-state.json')

function saveGmPlace(window: BrowserWindow | null): void {
  if (!window || window.isDestroyed()) return
  saveWindowState(windowStateFile, { bounds: window.getNormalBounds(), maximized: window.isMaximized() })
}

function loadPage(window: BrowserWindow, role: ViewRole): void {
  const url = devUrl ? new URL(APP_PAGES[role], devUrl.endsWith('/') ? devUrl : `${devUrl}/`).href : appPageUrl(role)
  // did-fail-load (lifecycle.ts) decides what to do; this keeps the rejection from going unhandled.
  window.loadURL(url).catch((e: unknown) => lifecycle.log.write('warn', `Loading ${url}: ${errorText(e)}`))
}

function createGmWindow(bridge: IpcBridge): BrowserWindow {
  // Display: the GM window opens where it was left, fitted onto a screen connected now.
  const options = gmWindowOptions(preload)
  const restored = restoreWindowState(loadWindowState(windowStateFile), screen.getAllDisplays(), screen.getPrimaryDisplay().id, options)
  const window = new BrowserWindow({ ...options, ...restored.bounds })
  // The close box asks first (lifecycle.ts); the place is worth keeping whatever the answer.
  window.on('close', () => saveGmPlace(window))
  bridge.attach(window.webContents, 'gm')
  lifecycle.watchWindow(window, 'gm')
  window.once('ready-to-show', () => {
    if (restored.maximized) window.maximize()
    window.show()
  })
  // The GM console is the app; the player view without it would be a screen nobody can drive.
  window.on('closed', () => {
    gmWindow = null
    app.quit()
  })
  loadPage(window, 'gm')
  return window
}

function createPlayerWindow(bridge: IpcBridge, bounds: Rect): BrowserWindow {
  // Hidden until ProjectorWindow places it; opening the projector view must not pull focus from the GM.
  const window = new BrowserWindow({ ...playerWindowOptions(preload), ...bounds })
  bridge.attach(window.webContents, 'player')
  lifecycle.watchWindow(window, 'player')
  loadPage(window, 'player')
  return window
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
  lifecycle.watchSystem()
  // No window of ours uses the default session; it is hardened all the same, for anything that might.
  hardenSession(session.defaultSession, CONTENT_SECURITY_POLICY, rendererRoots)
  // Content packs and the forecast worker live elsewhere once packaged (see packaged-paths.ts).
  const { resourcesDir, forecastWorker } = appPaths({ isPackaged: app.isPackaged, resourcesPath: process.resourcesPath, mainDir: here })
  const displays: DisplaySource = {
    list: () => displayChoices(screen.getAllDisplays(), screen.getPrimaryDisplay().id),
    // The choice is saved before this runs, so the placement reads it.
    chosen: () => projector?.on('gm-chose'),
    status: () => projector?.status() ?? 'shown',
  }
  const started = new SalvoCore({
    dataDir: campaignDataDir(userData),
    resourcesDir,
    displays,
    describeHolder: () => ({ what: 'the Salvo desktop app' }),
    // Utility processes at the lowest priority (forecast-utility.ts).
    forecastWorker: spawnUtilityAt(forecastWorker, (file, args, options) => utilityProcess.fork(file, args, options)),
  })
  core = started
  // Each window's session before its window: the page is asked for as soon as the window loads it.
  for (const role of ['gm', 'player'] as const)
    windowSession(role, rendererDir, (asked, name) => started.assetFile(asked, name), rendererRoots)
  await started.start()
  ipc = installIpc(core, rendererRoots)
  gmWindow = createGmWindow(ipc)
  const bridge = ipc
  projector = new ProjectorWindow({
    open: (bounds) => createPlayerWindow(bridge, bounds),
    reload: (window) => loadPage(window, 'player'),
    remembered: () => core?.projectorRemembered() ?? null,
    running: () => lifecycle.quit.state === 'running' && ipc !== null,
    screen,
    platform: process.platform,
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  })
  projector.start()
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
