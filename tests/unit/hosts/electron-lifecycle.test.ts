import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { EventEmitter } from 'node:events'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { QUIT_DEADLINE_MS } from '../../../src-main/hosts/electron/quit-sequence'

/**
 * The Electron glue of lifecycle.ts, driven the way Electron would drive it. Electron cannot
 * start here, so the `electron` module is the one test double: windows and the app are event
 * emitters that record what our code does to them.
 */

type Fn = (...args: never[]) => unknown
const electron = vi.hoisted(() => {
  const state = {
    appData: '',
    paths: new Map<string, string>(),
    appHandlers: new Map<string, Fn[]>(),
    windows: [] as unknown[],
    focused: null as unknown,
    exits: [] as number[],
    quits: 0,
    boxes: [] as unknown[],
    errorBoxes: [] as string[],
    answer: 1,
    opened: [] as string[],
    menu: null as unknown,
    power: new Map<string, Fn[]>(),
  }
  const app = {
    isPackaged: true,
    getVersion: () => '0.1.0',
    getPath: (name: string) => (name === 'appData' ? state.appData : (state.paths.get(name) ?? '')),
    setPath: (name: string, value: string) => void state.paths.set(name, value),
    setAppLogsPath: (value: string) => void state.paths.set('logs', value),
    exit: (code: number) => void state.exits.push(code),
    quit: () => {
      state.quits++
      const event = { prevented: false, preventDefault: () => void (event.prevented = true) }
      for (const fn of state.appHandlers.get('before-quit') ?? []) (fn as (e: unknown) => void)(event)
    },
    on: (name: string, fn: Fn) => void state.appHandlers.set(name, [...(state.appHandlers.get(name) ?? []), fn]),
  }
  const module = {
    app,
    BrowserWindow: {
      getAllWindows: () => state.windows,
      getFocusedWindow: () => state.focused,
    },
    dialog: {
      showMessageBox: (...args: unknown[]) => {
        state.boxes.push(args.at(-1))
        return Promise.resolve({ response: state.answer, checkboxChecked: false })
      },
      showErrorBox: (title: string, text: string) => void state.errorBoxes.push(`${title}: ${text}`),
    },
    Menu: {
      buildFromTemplate: (template: unknown) => template,
      setApplicationMenu: (menu: unknown) => void (state.menu = menu),
    },
    powerMonitor: {
      on: (name: string, fn: Fn) => void state.power.set(name, [...(state.power.get(name) ?? []), fn]),
    },
    shell: { openPath: (p: string) => (state.opened.push(p), Promise.resolve('')) },
  }
  return { state, module }
})
vi.mock('electron', () => electron.module)

const { createLifecycle, pinDataFolder } = await import('../../../src-main/hosts/electron/lifecycle')

class FakeWindow extends EventEmitter {
  hidden = false
  closed = 0
  visible = true
  crashed = false
  webContents = Object.assign(new EventEmitter(), { isCrashed: () => this.crashed })
  hide() {
    this.hidden = true
  }
  close() {
    this.closed++
    const event = { prevented: false, preventDefault: () => void (event.prevented = true) }
    this.emit('close', event)
    return event.prevented
  }
  isDestroyed = () => false
  isVisible = () => this.visible
  isMinimized = () => false
  restore() {}
  focus() {
    electron.state.focused = this
  }
  showInactive() {}
}

const s = electron.state
let dir = ''
const listeners = new Map<string, number>()
// The glue tees the real console into its log; each test puts it back.
const realConsole = { error: console.error, warn: console.warn }

function setUp(shutdown: () => Promise<void>) {
  const gm = new FakeWindow()
  const player = new FakeWindow()
  s.windows = [gm, player]
  const reloads: string[] = []
  const saves: boolean[] = []
  const userData = pinDataFolder()
  const lifecycle = createLifecycle(userData, shutdown, {
    gm: () => gm as never,
    player: () => player as never,
    showPlayer: () => void reloads.push('shown'),
    reload: (_w, role) => void reloads.push(role),
    // Records whether the GM window was still up when its place was written down.
    saveWindowPlaces: () => void saves.push(!gm.hidden),
  })
  lifecycle.watchWindow(gm as never, 'gm')
  lifecycle.watchWindow(player as never, 'player')
  lifecycle.installAppHandlers()
  lifecycle.installMenu()
  lifecycle.watchSystem()
  return { gm, player, lifecycle, reloads, saves, userData }
}

/** Runs only the process listeners this test added: vitest's own must not see a fake signal or error. */
const emitOurs = (name: string, ...args: unknown[]) =>
  process
    .listeners(name as 'SIGTERM')
    .slice(listeners.get(name) ?? 0)
    .forEach((fn) => (fn as (...a: unknown[]) => void)(...args))

const emitApp = (name: string, ...args: unknown[]) =>
  (s.appHandlers.get(name) ?? []).forEach((fn) => (fn as (...a: unknown[]) => void)(...args))

beforeEach(() => {
  vi.useFakeTimers()
  dir = mkdtempSync(join(tmpdir(), 'salvo-life-'))
  Object.assign(s, { appData: dir, exits: [], quits: 0, boxes: [], errorBoxes: [], answer: 1, opened: [], focused: null })
  s.paths.clear()
  s.appHandlers.clear()
  s.power.clear()
  for (const name of ['uncaughtException', 'unhandledRejection', 'SIGINT', 'SIGTERM', 'SIGHUP'])
    listeners.set(name, process.listenerCount(name))
})
afterEach(() => {
  vi.useRealTimers()
  Object.assign(console, realConsole)
  // Only the listeners this test added go; vitest's own stay.
  for (const [name, before] of listeners) {
    const all = process.listeners(name as 'SIGINT')
    for (const fn of all.slice(before)) process.removeListener(name as 'SIGINT', fn)
  }
  rmSync(dir, { recursive: true, force: true })
})

describe('desktop lifecycle glue', () => {
  it('pins userData under appData and the logs beside it', () => {
    const { userData, lifecycle } = setUp(() => Promise.resolve())
    expect(userData).toBe(join(dir, 'salvo'))
    expect(s.paths.get('logs')).toBe(join(dir, 'salvo', 'logs'))
    expect(lifecycle.log.file.startsWith(join(dir, 'salvo', 'logs'))).toBe(true)
  })

  it('on Quit, saves the GM window’s place, hides the windows at once and exits within the deadline when the core hangs', async () => {
    const { gm, player, lifecycle, saves } = setUp(() => new Promise<void>(() => {}))
    electron.module.app.quit()
    // app.exit sends no 'close', so the place is written here, while the window is still up.
    expect(saves).toEqual([true])
    expect(gm.hidden && player.hidden).toBe(true)
    expect(lifecycle.quit.state).toBe('stopping')
    await vi.advanceTimersByTimeAsync(QUIT_DEADLINE_MS - 1)
    expect(s.exits).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(s.exits).toEqual([1])
    expect(readFileSync(lifecycle.log.file, 'utf8')).toContain('did not finish within')
  })

  it('takes the same path for Windows session-end, signals and the last window closing, once', async () => {
    let shutdowns = 0
    const { gm, saves } = setUp(() => (shutdowns++, Promise.resolve()))
    // Windows' shutdown or logoff: no before-quit, only this.
    gm.emit('session-end', {})
    expect(saves).toEqual([true])
    expect(gm.hidden).toBe(true)
    expect(shutdowns).toBe(1)
    emitOurs('SIGTERM', 'SIGTERM')
    emitApp('window-all-closed')
    await vi.runAllTimersAsync()
    expect(shutdowns).toBe(1)
    expect(s.exits).toEqual([0])
    expect(gm.hidden).toBe(true)
  })

  it('holds back a Windows shutdown or logoff (query-session-end) until the core has closed, on the same path', async () => {
    let shutdowns = 0
    const { gm, player, saves } = setUp(() => (shutdowns++, Promise.resolve()))
    const ask = (window: FakeWindow) => {
      const event = { reasons: ['logoff'], prevented: false, preventDefault: () => void (event.prevented = true) }
      window.emit('query-session-end', event)
      return event.prevented
    }
    expect(ask(gm)).toBe(true)
    expect(ask(player)).toBe(true)
    expect(saves).toEqual([true])
    expect(gm.hidden && player.hidden).toBe(true)
    expect(shutdowns).toBe(1)
    await vi.runAllTimersAsync()
    expect(s.exits).toEqual([0])
    // Once stopped, Windows is no longer held back.
    expect(ask(gm)).toBe(false)
    expect(shutdowns).toBe(1)
  })

  it('holds back a Linux or macOS shutdown until the core has closed, on the same path', async () => {
    let shutdowns = 0
    const { gm, player } = setUp(() => (shutdowns++, Promise.resolve()))
    const shutdown = () => {
      const event = { prevented: false, preventDefault: () => void (event.prevented = true) }
      for (const fn of s.power.get('shutdown') ?? []) (fn as (e: unknown) => void)(event)
      return event.prevented
    }
    expect(shutdown()).toBe(true)
    expect(gm.hidden && player.hidden).toBe(true)
    expect(shutdowns).toBe(1)
    await vi.runAllTimersAsync()
    expect(s.exits).toEqual([0])
    // Once stopped, a late notice no longer holds the system back.
    expect(shutdown()).toBe(false)
    expect(shutdowns).toBe(1)
  })

  it('holds before-quit while stopping and lets it through afterwards', async () => {
    setUp(() => Promise.resolve())
    const first = { prevented: false, preventDefault: () => void (first.prevented = true) }
    emitApp('before-quit', first)
    expect(first.prevented).toBe(true)
    await vi.runAllTimersAsync()
    const later = { prevented: false, preventDefault: () => void (later.prevented = true) }
    emitApp('before-quit', later)
    expect(later.prevented).toBe(false)
  })

  it('asks before the GM console closes, and keeps playing on Cancel', async () => {
    let shutdowns = 0
    const { gm, lifecycle } = setUp(() => (shutdowns++, Promise.resolve()))
    s.answer = 1
    expect(gm.close()).toBe(true)
    await vi.runAllTimersAsync()
    expect(s.boxes).toHaveLength(1)
    expect(lifecycle.quit.state).toBe('running')
    expect(shutdowns).toBe(0)
    s.answer = 0
    gm.close()
    await vi.runAllTimersAsync()
    expect(shutdowns).toBe(1)
    expect(s.exits).toEqual([0])
  })

  it("routes the menu's Close Window through the question on the GM console, and closes the player view", async () => {
    const { gm, player } = setUp(() => Promise.resolve())
    type Item = { label?: string; click?: () => void; submenu?: Item[] }
    const all = (items: Item[]): Item[] => items.flatMap((i) => [i, ...all(i.submenu ?? [])])
    const close = all(s.menu as Item[]).find((i) => i.label === 'Close Window')!
    s.focused = player
    close.click!()
    expect(player.closed).toBe(1)
    expect(s.boxes).toHaveLength(0)
    s.focused = gm
    close.click!()
    await vi.runAllTimersAsync()
    expect(s.boxes).toHaveLength(1)
    expect(s.exits).toEqual([])
    const open = all(s.menu as Item[]).find((i) => i.label === 'Open Data Folder')!
    open.click!()
    expect(s.opened).toEqual([join(dir, 'salvo')])
  })

  it('reloads a crashed renderer and logs it; a failing page is retried, then shown with the log path', () => {
    const { player, reloads, lifecycle } = setUp(() => Promise.resolve())
    player.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 3 })
    expect(reloads).toEqual(['player'])
    const fail = () => player.webContents.emit('did-fail-load', {}, -6, 'ERR_FILE_NOT_FOUND', 'salvo://app/player.html', true)
    fail()
    fail()
    expect(reloads).toEqual(['player', 'player'])
    expect(s.errorBoxes).toHaveLength(1)
    expect(s.errorBoxes[0]).toContain(lifecycle.log.file)
    const written = readFileSync(lifecycle.log.file, 'utf8')
    expect(written).toContain('renderer is gone: crashed')
    expect(written).toContain('ERR_FILE_NOT_FOUND')
  })

  it('reloads a crashed player view before Show Player View shows it', () => {
    const { player, reloads } = setUp(() => Promise.resolve())
    type Item = { label?: string; click?: () => void; submenu?: Item[] }
    const all = (items: Item[]): Item[] => items.flatMap((i) => [i, ...all(i.submenu ?? [])])
    const show = all(s.menu as Item[]).find((i) => i.label === 'Show Player View')!
    show.click!()
    expect(reloads).toEqual(['shown'])
    player.crashed = true
    show.click!()
    expect(reloads).toEqual(['shown', 'player', 'shown'])
  })

  it('writes a GPU or utility process that died to the log, and not one that exited cleanly', () => {
    const { lifecycle } = setUp(() => Promise.resolve())
    emitApp('child-process-gone', {}, { type: 'GPU', reason: 'crashed', exitCode: 139 })
    emitApp('child-process-gone', {}, { type: 'Utility', reason: 'clean-exit', exitCode: 0, name: 'Audio Service' })
    const text = readFileSync(lifecycle.log.file, 'utf8')
    expect(text).toMatch(/ERROR A GPU process is gone: crashed \(exit code 139\)/)
    expect(text).not.toContain('Audio Service')
  })

  it('writes uncaught main-process errors and console errors to the log', () => {
    // Silenced underneath the tee, so the test run's output stays clean.
    console.error = () => {}
    const { lifecycle } = setUp(() => Promise.resolve())
    emitOurs('uncaughtException', new Error('kaboom'))
    console.error('core says no')
    const written = readFileSync(lifecycle.log.file, 'utf8')
    expect(written).toContain('Uncaught exception in the main process: Error: kaboom')
    expect(written).toContain('ERROR core says no')
  })

  it('focuses the GM console on a second launch, and says so while quitting', () => {
    const { gm } = setUp(() => new Promise<void>(() => {}))
    emitApp('second-instance')
    expect(s.focused).toBe(gm)
    electron.module.app.quit()
    emitApp('second-instance')
    expect(s.errorBoxes.at(-1)).toContain('closing')
  })
})
