import { app, BrowserWindow, dialog, Menu, powerMonitor, shell } from 'electron'
import { buildMenuTemplate, closeWindowAction, confirmsQuit, QUIT_CONFIRMATION, withActions } from './app-menu'
import { logsDir, pinnedUserDataPath } from './data-folder'
import {
  CrashPolicy,
  createLog,
  describeUncaught,
  LoadFailurePolicy,
  teeConsole,
  type DiagnosticsLog,
  type WindowRole,
} from './diagnostics'
import { createQuitSequence, errorText, QUIT_SIGNALS, secondLaunchAction, type QuitSequence } from './quit-sequence'

/**
 * The Electron glue for quitting, the menu, diagnostics and the data folder. Every decision is
 * made in the pure modules it imports (tested there); this file only connects them to Electron's
 * events, so main.ts needs a few calls and no more.
 */

/**
 * Pins `userData` (and the logs beside it) so a product name never moves a GM's campaigns.
 * Must run before anything reads userData: the single-instance lock lives there too.
 */
export function pinDataFolder(): string {
  app.setPath('userData', pinnedUserDataPath(app.getPath('appData')))
  const userData = app.getPath('userData')
  app.setAppLogsPath(logsDir(userData))
  return userData
}

/** What the lifecycle needs to know of main.ts's windows. */
export interface LifecycleWindows {
  gm(): BrowserWindow | null
  player(): BrowserWindow | null
  /** Shows the player view, opening it again if the GM closed it. */
  showPlayer(): void
  /** Loads a window's page afresh (after a crash or a failed load). */
  reload(window: BrowserWindow, role: WindowRole): void
  /** Writes down the GM window's size and place; called first when quitting. */
  saveWindowPlaces?(): void
}

export interface Lifecycle {
  readonly log: DiagnosticsLog
  readonly quit: QuitSequence
  /** Crash, load-failure and session-end handling for a new window; the GM window also asks before closing. */
  watchWindow(window: BrowserWindow, role: WindowRole): void
  /** App-level handlers: before-quit, window-all-closed, signals, second launch. */
  installAppHandlers(): void
  /** The application menu; after `app.whenReady()`. */
  installMenu(): void
  /** Linux and macOS shutdown or logoff (powerMonitor); after `app.whenReady()`. */
  watchSystem(): void
  /** A start that failed: logged, shown with the log's place, then the same quit path. */
  startFailed(e: unknown): void
}

export function createLifecycle(userData: string, stopCore: () => Promise<void>, windows: LifecycleWindows): Lifecycle {
  // In a packaged app the console goes nowhere; in development it still shows every line.
  const print = console.error.bind(console)
  const log = createLog({ dir: logsDir(userData), echo: app.isPackaged ? undefined : (line) => print(line) })
  teeConsole(console, log)
  const crashes = new CrashPolicy(log.file)
  const loadFailures = new LoadFailurePolicy(log.file)
  const quit = createQuitSequence({
    saveWindowPlaces: () => windows.saveWindowPlaces?.(),
    hideWindows: () => BrowserWindow.getAllWindows().forEach((window) => window.hide()),
    shutdown: stopCore,
    exit: (code) => app.exit(code),
    log: (message) => log.write('info', message),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  })
  process.on('uncaughtException', (e) => log.write('error', describeUncaught('exception', e)))
  process.on('unhandledRejection', (e) => log.write('error', describeUncaught('rejection', e)))

  let asking = false
  /** The GM console is the app: closing it ends the session, so the GM is asked first. */
  function askToQuit(): void {
    if (asking || quit.state !== 'running') return
    asking = true
    const gm = windows.gm()
    const ask = gm ? dialog.showMessageBox(gm, QUIT_CONFIRMATION) : dialog.showMessageBox(QUIT_CONFIRMATION)
    void ask
      .then(({ response }) => (confirmsQuit(response) ? quit.request('quit') : undefined))
      .catch((e: unknown) => log.write('error', `Asking to quit failed: ${errorText(e)}`))
      .finally(() => (asking = false))
  }

  function watchWindow(window: BrowserWindow, role: WindowRole): void {
    const contents = window.webContents
    // Windows sends no before-quit at shutdown or logoff. It asks first (query-session-end), and
    // is held back there, as Linux and macOS are in watchSystem, until the core has closed; the
    // quit sequence's deadline keeps the hold short. 'session-end' comes when nothing can hold it.
    window.on('query-session-end', (event) => {
      if (quit.state === 'stopped') return
      event.preventDefault()
      void quit.request('session-end')
    })
    window.on('session-end', () => void quit.request('session-end'))
    if (role === 'gm') {
      // Ctrl+W, Cmd+W and the close box all come here; while quitting, the window just goes.
      window.on('close', (event) => {
        if (quit.state !== 'running') return
        event.preventDefault()
        askToQuit()
      })
    }
    contents.on('render-process-gone', (_event, details) => {
      if (quit.state !== 'running') return
      const decision = crashes.onGone(role, details)
      log.write('error', decision.log)
      if (decision.hide) window.hide()
      if (decision.reload) windows.reload(window, role)
      if (decision.dialog) dialog.showErrorBox('Salvo', decision.dialog)
    })
    contents.on('did-fail-load', (_event, errorCode, errorDescription, url, isMainFrame) => {
      if (quit.state !== 'running') return
      const decision = loadFailures.onFail(role, { errorCode, errorDescription, url, isMainFrame })
      if (decision.log) log.write('error', decision.log)
      if (decision.reload) windows.reload(window, role)
      if (decision.dialog) dialog.showErrorBox(decision.dialog.title, decision.dialog.message)
    })
    contents.on('did-finish-load', () => loadFailures.onLoaded(role))
  }

  function installAppHandlers(): void {
    app.on('second-instance', () => {
      const gm = windows.gm()
      const action = secondLaunchAction(quit.state, Boolean(gm && !gm.isDestroyed() && gm.isVisible()))
      if (action === 'focus' && gm) {
        if (gm.isMinimized()) gm.restore()
        gm.focus()
      } else if (action === 'tell-quitting') {
        dialog.showErrorBox('Salvo is closing', 'Salvo is saving and closing. Start it again in a moment.')
      }
      // 'focus-when-ready': the GM console is still starting, and takes focus when it shows.
    })
    // The GPU or a utility process dying shows up as a frozen or black window; the log says why.
    app.on('child-process-gone', (_event, details) => {
      if (details.reason === 'clean-exit') return
      const name = details.name ? ` (${details.name})` : ''
      log.write('error', `A ${details.type} process${name} is gone: ${details.reason} (exit code ${details.exitCode})`)
    })
    app.on('window-all-closed', () => void quit.request('windows-closed'))
    // The journal must be flushed and the campaign closed before the process ends, so quitting
    // is held back while the sequence runs; the sequence ends the process itself (app.exit).
    app.on('before-quit', (event) => {
      if (!quit.holdBeforeQuit()) return
      event.preventDefault()
      void quit.request('quit')
    })
    for (const signal of QUIT_SIGNALS) process.on(signal, () => void quit.request('signal'))
  }

  function installMenu(): void {
    const openFolder = (dir: string) =>
      void shell.openPath(dir).then((failed) => failed && log.write('warn', `Could not open ${dir}: ${failed}`))
    const focusedRole = (): WindowRole | null => {
      const focused = BrowserWindow.getFocusedWindow()
      if (!focused) return null
      return focused === windows.gm() ? 'gm' : focused === windows.player() ? 'player' : null
    }
    const template = buildMenuTemplate({ platform: process.platform, packaged: app.isPackaged, appName: 'Salvo' })
    const actions = {
      'open-data-folder': () => openFolder(userData),
      'open-logs-folder': () => openFolder(log.dir),
      'show-player-view': () => {
        // A player view hidden after repeated crashes is loaded afresh, never shown blank.
        const player = windows.player()
        if (player && !player.isDestroyed() && player.webContents.isCrashed()) windows.reload(player, 'player')
        windows.showPlayer()
      },
      'close-window': () => {
        const action = closeWindowAction(focusedRole())
        if (action === 'confirm-quit') askToQuit()
        else if (action === 'close') windows.player()?.close()
      },
      quit: () => app.quit(),
    }
    const onError = (command: string, e: unknown) => log.write('error', `Menu command ${command} failed: ${errorText(e)}`)
    Menu.setApplicationMenu(Menu.buildFromTemplate(withActions(template, actions, onError)))
    log.write('info', `Salvo ${app.getVersion()} starting; data in ${userData}`)
  }

  function watchSystem(): void {
    // Linux (logind) and macOS announce a shutdown here; holding it back gives the journal its
    // flush, and the quit sequence's deadline keeps the hold short.
    // Electron passes an event with preventDefault here, though its typings declare no argument.
    const onShutdown = (event?: { preventDefault?: () => void }) => {
      if (quit.state === 'stopped') return
      event?.preventDefault?.()
      void quit.request('session-end')
    }
    powerMonitor.on('shutdown', onShutdown as () => void)
  }

  function startFailed(e: unknown): void {
    log.write('error', `Salvo could not start: ${errorText(e)}`)
    const message = e instanceof Error ? e.message : String(e)
    dialog.showErrorBox('Salvo could not start', `${message}\n\nDetails are in the log:\n${log.file}`)
    void quit.request('start-failed')
  }

  return { log, quit, watchWindow, installAppHandlers, installMenu, watchSystem, startFailed }
}
