import { EventEmitter } from 'node:events'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { RememberedDisplay } from '../../../src-shared/display-match'
import { LEAVE_FILL_WAIT_MS } from '../../../src-main/hosts/electron/display-plan'
import { ProjectorWindow, type ProjectorBrowserWindow, type ScreenLike } from '../../../src-main/hosts/electron/projector-window'
import type { DisplayLike, Rect } from '../../../src-main/hosts/electron/window-options'

/**
 * The projector window's Electron glue, driven as Electron drives it. The module imports only
 * Electron's types; the screen and the window are stand-ins that record every call, so what is
 * checked here is what the glue does with display-plan's decisions: which window calls, in what
 * order, and that listeners never pile up however many screen events come.
 */

const laptop: DisplayLike = { id: 1, label: 'Built-in', bounds: { x: 0, y: 0, width: 1366, height: 768 } }
const tv: DisplayLike = { id: 2, label: 'LG TV', bounds: { x: 1366, y: 0, width: 1920, height: 1080 } }

class FakeScreen extends EventEmitter {
  displays: DisplayLike[] = [laptop, tv]
  primaryId = 1
  getAllDisplays = () => this.displays as never
  getPrimaryDisplay = () => (this.displays.find((d) => d.id === this.primaryId) ?? laptop) as never
  getDisplayMatching = (r: Rect) => {
    const cx = r.x + r.width / 2
    const cy = r.y + r.height / 2
    const hit = this.displays.find(
      (d) => cx >= d.bounds.x && cx < d.bounds.x + d.bounds.width && cy >= d.bounds.y && cy < d.bounds.y + d.bounds.height,
    )
    return (hit ?? this.getPrimaryDisplay()) as never
  }
  /** Plugs or unplugs, and says so the way Electron does. */
  change(event: 'display-added' | 'display-removed' | 'display-metrics-changed', displays: DisplayLike[]) {
    this.displays = displays
    this.emit(event)
  }
}

class FakeWindow extends EventEmitter {
  calls: string[] = []
  visible = false
  full = false
  simple = false
  bounds: Rect
  crashed = false
  destroyed = false
  webContents = { isCrashed: () => this.crashed }
  constructor(bounds: Rect) {
    super()
    this.bounds = bounds
  }
  isDestroyed = () => this.destroyed
  isVisible = () => this.visible
  getBounds = () => this.bounds
  setBounds = (b: Partial<Rect>) => {
    this.calls.push(`bounds ${b.x},${b.y} ${b.width}x${b.height}`)
    this.bounds = { ...this.bounds, ...b }
  }
  showInactive = () => {
    this.calls.push('showInactive')
    this.visible = true
  }
  hide = () => {
    this.calls.push('hide')
    this.visible = false
  }
  isFullScreen = () => this.full
  setFullScreen = (on: boolean) => {
    this.calls.push(`fullscreen ${on}`)
    this.full = on
  }
  isSimpleFullScreen = () => this.simple
  setSimpleFullScreen = (on: boolean) => {
    this.calls.push(`simple ${on}`)
    this.simple = on
  }
  /** The GM closes it: Electron destroys it, then says 'closed'. */
  closeByGm() {
    this.destroyed = true
    this.visible = false
    this.emit('closed')
  }
}

function setUp(platform = 'linux', remembered: RememberedDisplay | null = null) {
  const screen = new FakeScreen()
  const opened: FakeWindow[] = []
  const reloads: FakeWindow[] = []
  let running = true
  const projector = new ProjectorWindow<FakeWindow & ProjectorBrowserWindow>({
    open: (bounds) => {
      const w = new FakeWindow(bounds)
      opened.push(w)
      return w as FakeWindow & ProjectorBrowserWindow
    },
    reload: (w) => {
      reloads.push(w)
      w.crashed = false
    },
    remembered: () => remembered,
    running: () => running,
    screen: screen as unknown as ScreenLike,
    platform,
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  })
  /** Starts it and lets the first window finish loading. */
  const start = () => {
    projector.start()
    opened.at(-1)?.emit('ready-to-show')
    return opened.at(-1)
  }
  return { screen, opened, reloads, projector, start, quit: () => void (running = false) }
}

beforeEach(() => void vi.useFakeTimers())
afterEach(() => void vi.useRealTimers())

describe('projector window glue', () => {
  it('opens hidden, then shows without taking focus before filling the second screen', () => {
    const t = setUp()
    const w = t.start()!
    expect(t.opened).toHaveLength(1)
    expect(w.calls).toEqual([`bounds 1366,0 1920x1080`, 'showInactive', 'fullscreen true'])
    expect(t.projector.status()).toBe('shown')
  })

  it('with one screen opens nothing, and says why', () => {
    const t = setUp()
    t.screen.displays = [laptop]
    t.start()
    expect(t.opened).toHaveLength(0)
    expect(t.projector.status()).toBe('no-second-display')
  })

  it('listens once per screen event, however often start is called, and adds no window listener per event', () => {
    const t = setUp()
    const w = t.start()!
    t.projector.start()
    for (const name of ['display-added', 'display-removed', 'display-metrics-changed']) expect(t.screen.listenerCount(name)).toBe(1)
    const before = Object.fromEntries(w.eventNames().map((n) => [String(n), w.listenerCount(n)]))
    for (let i = 0; i < 20; i++) {
      t.screen.change('display-removed', [laptop])
      t.screen.change('display-added', [laptop, { ...tv, bounds: { ...tv.bounds, width: 1280 + i } }])
      w.emit('leave-full-screen')
      t.screen.change('display-metrics-changed', [laptop, tv])
      vi.advanceTimersByTime(LEAVE_FILL_WAIT_MS)
    }
    const after = Object.fromEntries(w.eventNames().map((n) => [String(n), w.listenerCount(n)]))
    expect(after).toEqual(before)
    expect(after['leave-full-screen']).toBe(1)
    expect(t.opened).toHaveLength(1)
  })

  it('leaves native fullscreen before moving, and sets bounds only once it has left', () => {
    const t = setUp()
    const w = t.start()!
    w.calls = []
    const bigger = { ...tv, bounds: { ...tv.bounds, width: 2560, height: 1440 } }
    t.screen.change('display-metrics-changed', [laptop, bigger])
    expect(w.calls).toEqual(['fullscreen false'])
    w.emit('leave-full-screen')
    expect(w.calls).toEqual(['fullscreen false', 'bounds 1366,0 2560x1440', 'fullscreen true'])
    // The wait's timer went with it: nothing runs twice.
    vi.advanceTimersByTime(LEAVE_FILL_WAIT_MS)
    expect(w.calls).toHaveLength(3)
  })

  it('goes on without the leave-full-screen event when it never comes (a hidden window, some window managers)', () => {
    const t = setUp()
    const w = t.start()!
    t.screen.change('display-removed', [laptop])
    expect(w.visible).toBe(false)
    w.calls = []
    // The TV is back; the hidden window is still marked fullscreen and leaving sends nothing.
    t.screen.change('display-added', [laptop, tv])
    expect(w.calls).toEqual(['fullscreen false'])
    vi.advanceTimersByTime(LEAVE_FILL_WAIT_MS - 1)
    expect(w.visible).toBe(false)
    vi.advanceTimersByTime(1)
    expect(w.calls).toEqual(['fullscreen false', 'bounds 1366,0 1920x1080', 'showInactive', 'fullscreen true'])
    // A late event finds nothing waiting.
    w.emit('leave-full-screen')
    expect(w.calls).toHaveLength(4)
  })

  it('on macOS fills with simple fullscreen (no Space, no animation) and never calls native fullscreen', () => {
    const t = setUp('darwin')
    const w = t.start()!
    t.screen.change('display-metrics-changed', [laptop, { ...tv, bounds: { ...tv.bounds, height: 1200 } }])
    t.screen.change('display-removed', [laptop])
    t.screen.change('display-added', [laptop, tv])
    expect(w.calls.filter((c) => c.startsWith('fullscreen'))).toEqual([])
    expect(w.calls).toEqual([
      'bounds 1366,0 1920x1080',
      'showInactive',
      'simple true',
      'simple false',
      'bounds 1366,0 1920x1200',
      'simple true',
      'hide',
      'simple false',
      'bounds 1366,0 1920x1080',
      'showInactive',
      'simple true',
    ])
  })

  it('a window the GM closed is not reopened by unplugging and plugging screens; the GM’s pick opens it', () => {
    const t = setUp()
    const w = t.start()!
    w.closeByGm()
    expect(t.projector.status()).toBe('closed')
    t.screen.change('display-removed', [laptop])
    t.screen.change('display-added', [laptop, tv])
    t.screen.change('display-metrics-changed', [laptop, tv])
    expect(t.opened).toHaveLength(1)
    expect(t.projector.current()).toBeNull()
    t.projector.on('gm-chose')
    expect(t.opened).toHaveLength(2)
    expect(t.projector.status()).toBe('shown')
  })

  it('keeps a window whose page kept crashing hidden through screen events, and reloads it when the GM asks', () => {
    const t = setUp()
    const w = t.start()!
    // Diagnostics gave up reloading and hid it (lifecycle.ts).
    w.crashed = true
    w.hide()
    // The projector bar asks before any screen event has come.
    expect(t.projector.status()).toBe('crashed')
    w.calls = []
    t.screen.change('display-removed', [laptop])
    t.screen.change('display-added', [laptop, tv])
    expect(w.calls.filter((c) => c === 'showInactive')).toEqual([])
    expect(t.projector.status()).toBe('crashed')
    t.projector.on('gm-chose')
    expect(t.reloads).toEqual([w])
    expect(t.projector.status()).toBe('shown')
    w.emit('leave-full-screen')
    expect(w.calls.slice(-3)).toEqual(['bounds 1366,0 1920x1080', 'showInactive', 'fullscreen true'])
  })

  it('does nothing once the app is quitting', () => {
    const t = setUp()
    const w = t.start()!
    w.calls = []
    t.quit()
    t.screen.change('display-removed', [laptop])
    t.projector.on('gm-chose')
    expect(w.calls).toEqual([])
  })

  it('a window still loading is placed when it is ready, from the screens as they are then', () => {
    const t = setUp()
    t.projector.start()
    const w = t.opened[0]!
    t.screen.change('display-metrics-changed', [laptop, { ...tv, bounds: { ...tv.bounds, width: 1280, height: 720 } }])
    expect(w.calls).toEqual([])
    w.emit('ready-to-show')
    expect(w.calls).toEqual(['bounds 1366,0 1280x720', 'showInactive', 'fullscreen true'])
  })
})
