import { describe, expect, it } from 'vitest'
import { projectorStatusLine } from '../../../src-shared/display-info'
import { matchRemembered, type RememberedDisplay } from '../../../src-shared/display-match'
import {
  fillModeFor,
  placementSteps,
  planProjector,
  type DisplayEvent,
  type ProjectorDecision,
  type ProjectorState,
  type ProjectorWindowNow,
} from '../../../src-main/hosts/electron/display-plan'
import { playerWindowOptions, type DisplayLike } from '../../../src-main/hosts/electron/window-options'

const laptop: DisplayLike = {
  id: 1,
  label: 'Built-in',
  bounds: { x: 0, y: 0, width: 1920, height: 1080 },
  workArea: { x: 0, y: 40, width: 1920, height: 1040 },
}
const projector: DisplayLike = { id: 7, label: 'EPSON PJ', bounds: { x: 1920, y: 0, width: 1280, height: 800 } }
const tv: DisplayLike = { id: 9, label: 'LG TV', bounds: { x: -1920, y: 0, width: 1920, height: 1080 } }

/**
 * The app over a run of events: the screens and the GM's pick as the test sets them, and a window
 * that does what each decision says (the stand-in for BrowserWindow, the only double here).
 */
function table(displays: DisplayLike[], remembered: RememberedDisplay | null = null) {
  let state: ProjectorState = { displays, primaryId: 1, remembered, closedByGm: false, window: null }
  const decisions: ProjectorDecision[] = []
  const windowAfter = (d: ProjectorDecision, now: ProjectorWindowNow | null): ProjectorWindowNow | null => {
    if (d.action === 'show' || d.action === 'move') return { shown: true, displayId: d.displayId!, bounds: d.bounds!, filling: d.fill }
    if (d.action === 'hide') return now && { ...now, shown: false }
    return now
  }
  return {
    get window() {
      return state.window
    },
    decisions,
    screens(next: DisplayLike[]) {
      state = { ...state, displays: next }
    },
    pick(next: RememberedDisplay | null) {
      state = { ...state, remembered: next }
    },
    /** The page kept crashing: diagnostics hid the window and stopped reloading it. */
    crash() {
      if (state.window) state = { ...state, window: { ...state.window, shown: false, blank: true } }
    },
    /** The GM moves the primary screen (the system's display settings). */
    primary(id: number) {
      state = { ...state, primaryId: id }
    },
    /** The GM drags the window (it stays on the same screen). */
    drag(x: number, y: number) {
      if (state.window) state = { ...state, window: { ...state.window, bounds: { ...state.window.bounds, x, y } } }
    },
    on(event: DisplayEvent): ProjectorDecision {
      const d = planProjector(state, event)
      decisions.push(d)
      const after = event === 'gm-closed' ? null : windowAfter(d, state.window)
      // A reload gives the window its page back.
      const window = after && d.reload ? { ...after, blank: false } : after
      state = { ...state, closedByGm: d.closedByGm, window }
      return d
    },
  }
}

describe('projector window: which screen, and whether at all', () => {
  it('with two screens, fills the one that is not the GM’s', () => {
    const t = table([laptop, projector])
    expect(t.on('start')).toMatchObject({ action: 'show', displayId: 7, fill: true, bounds: projector.bounds, status: 'shown' })
    expect(t.window).toMatchObject({ shown: true, displayId: 7, filling: true })
  })

  it('with one screen, stays out of the way (no window over the GM console) and says why', () => {
    const t = table([laptop])
    const d = t.on('start')
    expect(d).toMatchObject({ action: 'leave', status: 'no-second-display' })
    expect(t.window).toBeNull()
    // A projector plugged in later gets the window.
    t.screens([laptop, projector])
    expect(t.on('display-added')).toMatchObject({ action: 'show', displayId: 7, fill: true })
  })

  it('hides (does not move onto the GM screen) when the projector is unplugged', () => {
    const t = table([laptop, projector])
    t.on('start')
    t.screens([laptop])
    expect(t.on('display-removed')).toMatchObject({ action: 'hide', status: 'no-second-display' })
    expect(t.window?.shown).toBe(false)
  })

  it('a TV in standby (removed, then added) brings the window back only if the GM had not closed it', () => {
    const open = table([laptop, tv])
    open.on('start')
    open.screens([laptop])
    open.on('display-removed')
    open.screens([laptop, tv])
    expect(open.on('display-added')).toMatchObject({ action: 'show', displayId: 9 })

    const closed = table([laptop, tv])
    closed.on('start')
    expect(closed.on('gm-closed')).toMatchObject({ closedByGm: true, status: 'closed', action: 'leave' })
    for (const [screens, event] of [
      [[laptop], 'display-removed'],
      [[laptop, tv], 'display-added'],
      [[laptop, tv], 'display-metrics-changed'],
    ] as const) {
      closed.screens([...screens])
      expect(closed.on(event)).toMatchObject({ action: 'leave', status: 'closed' })
    }
    expect(closed.window).toBeNull()
  })

  it('a window the GM closed comes back when the GM picks a screen', () => {
    const t = table([laptop, projector])
    t.on('start')
    t.on('gm-closed')
    t.pick({ id: 7, label: 'EPSON PJ' })
    expect(t.on('gm-chose')).toMatchObject({ action: 'show', displayId: 7, closedByGm: false, status: 'shown' })
  })

  it('three screens: automatic takes the first that is not the GM’s; a pick is followed, and fallen back from while unplugged', () => {
    const t = table([laptop, projector, tv])
    expect(t.on('start').displayId).toBe(7)
    t.pick({ id: 9, label: 'LG TV', bounds: tv.bounds })
    expect(t.on('gm-chose')).toMatchObject({ action: 'move', displayId: 9, bounds: tv.bounds })
    t.screens([laptop, projector])
    expect(t.on('display-removed')).toMatchObject({ action: 'move', displayId: 7 })
    // Back under a new id (Windows, macOS): found by its name.
    const renumbered = { ...tv, id: 12 }
    t.screens([laptop, projector, renumbered])
    expect(t.on('display-added')).toMatchObject({ action: 'move', displayId: 12, bounds: tv.bounds })
  })

  it('re-places without flicker: a metrics change elsewhere leaves a filling window alone, one on its screen moves it', () => {
    const t = table([laptop, projector])
    t.on('start')
    // The GM's taskbar moved: the projector window has nothing to do.
    t.screens([{ ...laptop, workArea: { x: 0, y: 0, width: 1880, height: 1080 } }, projector])
    expect(t.on('display-metrics-changed').action).toBe('leave')
    expect(t.on('display-added').action).toBe('leave')
    const sharper = { ...projector, bounds: { ...projector.bounds, width: 1920, height: 1080 } }
    t.screens([laptop, sharper])
    expect(t.on('display-metrics-changed')).toMatchObject({ action: 'move', bounds: sharper.bounds })
    expect(t.on('display-metrics-changed').action).toBe('leave')
  })

  it("on the GM's own screen only when picked, and then as a window that stays where it is dragged", () => {
    const t = table([laptop, projector], { id: 1, label: 'Built-in' })
    expect(t.on('start')).toMatchObject({
      action: 'show',
      displayId: 1,
      fill: false,
      bounds: { x: 320, y: 200, width: 1280, height: 720 },
    })
    t.drag(50, 60)
    expect(t.on('display-metrics-changed').action).toBe('leave')
    expect(t.on('gm-chose')).toMatchObject({ action: 'move', bounds: { x: 320, y: 200 } })
  })

  it('a window on a screen smaller than 1280×720 fits inside it', () => {
    const small: DisplayLike = { id: 1, bounds: { x: 0, y: 0, width: 1024, height: 600 } }
    const t = table([small], { id: 1 })
    expect(t.on('start').bounds).toEqual({ x: 0, y: 0, width: 1024, height: 600 })
  })

  it('a primary-screen change (a metrics change) moves the window off the screen that is now the GM’s', () => {
    const t = table([laptop, projector])
    t.on('start')
    t.primary(7)
    expect(t.on('display-metrics-changed')).toMatchObject({ action: 'move', displayId: 1, fill: true, bounds: laptop.bounds })
    expect(t.on('display-metrics-changed').action).toBe('leave')
  })

  it('a page that kept crashing stays hidden through every screen event; the GM’s pick loads it afresh and shows it', () => {
    const t = table([laptop, projector])
    t.on('start')
    t.crash()
    for (const [screens, event] of [
      [[laptop], 'display-removed'],
      [[laptop, projector], 'display-added'],
      [[laptop, projector], 'display-metrics-changed'],
      [[laptop, projector], 'start'],
    ] as const) {
      t.screens([...screens])
      expect(t.on(event)).toMatchObject({ action: 'leave', status: 'crashed', reload: false })
    }
    expect(t.window).toMatchObject({ shown: false, blank: true })
    expect(t.on('gm-chose')).toMatchObject({ action: 'show', displayId: 7, reload: true, status: 'shown' })
    expect(t.window).toMatchObject({ shown: true, blank: false })
    // Loaded again, it is an ordinary window: the next event reloads nothing.
    expect(t.on('display-metrics-changed')).toMatchObject({ action: 'leave', reload: false })
  })

  it('a shown window whose page is gone is hidden by the next screen event', () => {
    const t = table([laptop, projector])
    t.on('start')
    const shownBlank = { ...t.window!, blank: true }
    expect(
      planProjector(
        { displays: [laptop, projector], primaryId: 1, remembered: null, closedByGm: false, window: shownBlank },
        'display-added',
      ),
    ).toMatchObject({
      action: 'hide',
      status: 'crashed',
    })
  })

  it('with no screens reported at all, does nothing rather than fail', () => {
    expect(table([]).on('start')).toMatchObject({ action: 'leave', status: 'no-second-display' })
  })
})

describe('finding the picked screen again', () => {
  const shown = [laptop, projector, tv]
  it('by id when the id still names the same screen', () => {
    expect(matchRemembered(shown, { id: 7, label: 'EPSON PJ' })?.id).toBe(7)
    expect(matchRemembered(shown, { id: 7 })?.id).toBe(7)
  })
  it('by name when the id now names another screen or is gone', () => {
    expect(matchRemembered(shown, { id: 9, label: 'EPSON PJ' })?.id).toBe(7)
    expect(matchRemembered(shown, { id: 40, label: 'LG TV' })?.id).toBe(9)
  })
  it('two screens of the same name are told apart by place; without a name, place and size decide', () => {
    const twin = { ...projector, id: 8, bounds: { ...projector.bounds, x: 3200 } }
    expect(matchRemembered([laptop, projector, twin], { id: 40, label: 'EPSON PJ', bounds: twin.bounds })?.id).toBe(8)
    expect(matchRemembered(shown, { id: 40, bounds: tv.bounds })?.id).toBe(9)
  })
  it('nothing when the screen is not connected (or nothing was picked)', () => {
    expect(matchRemembered(shown, { id: 40, label: 'Sony', bounds: { x: 5, y: 5, width: 10, height: 10 } })).toBeUndefined()
    expect(matchRemembered(shown, null)).toBeUndefined()
  })
})

describe('turning a decision into window calls', () => {
  const decide = (action: ProjectorDecision['action'], fill: boolean): ProjectorDecision => ({
    action,
    fill,
    displayId: 7,
    bounds: projector.bounds,
    closedByGm: false,
    status: 'shown',
    reload: false,
  })
  it('shows before filling, so the window never takes the focus; sets bounds only outside fullscreen', () => {
    expect(placementSteps(decide('show', true), false)).toEqual(['set-bounds', 'show-inactive', 'enter-fill'])
    expect(placementSteps(decide('move', true), true)).toEqual(['leave-fill', 'set-bounds', 'enter-fill'])
    expect(placementSteps(decide('move', false), true)).toEqual(['leave-fill', 'set-bounds'])
    expect(placementSteps(decide('hide', false), true)).toEqual(['hide'])
    expect(placementSteps(decide('leave', true), true)).toEqual([])
  })
  it('uses simple fullscreen on macOS (no Space of its own), native elsewhere', () => {
    expect(fillModeFor('darwin')).toBe('simple-fullscreen')
    expect(fillModeFor('win32')).toBe('fullscreen')
    expect(fillModeFor('linux')).toBe('fullscreen')
    // …and the window is made for it, so even the green button does not open a Space.
    expect(playerWindowOptions('/preload.cjs', 'darwin').simpleFullscreen).toBe(true)
    expect(playerWindowOptions('/preload.cjs', 'win32').simpleFullscreen).toBeUndefined()
  })
})

describe('what the projector bar says', () => {
  it('says why the table sees nothing, and nothing while the window is shown', () => {
    const t = table([laptop])
    expect(projectorStatusLine(t.on('start').status)).toMatch(/^No second screen: the projector window is hidden/)
    t.screens([laptop, projector])
    expect(projectorStatusLine(t.on('display-added').status)).toBeNull()
    expect(projectorStatusLine(t.on('gm-closed').status)).toBe('Projector window closed')
    expect(projectorStatusLine('crashed')).toMatch(/^Projector view hidden: it kept crashing/)
    expect(projectorStatusLine(undefined)).toBeNull()
  })
})
