import type { ProjectorStatus } from '../../../src-shared/display-info'
import { matchRemembered, sameRect, type RememberedDisplay } from '../../../src-shared/display-match'
import { PLAYER_WINDOWED_SIZE, type DisplayLike, type Rect } from './window-options'

/**
 * Where the projector (player) window goes, decided from what happened and what is true now, with
 * no `electron` import so every sequence of display events can be tested under plain Node.
 * main.ts turns the decision into window calls (see `placementSteps`).
 *
 * The rules: the window fills a second screen, never the GM's own unless the GM picked it (and
 * then only as a window); with one screen it is hidden, not stacked over the GM's console; a
 * window the GM closed stays closed whatever the screens do, until the GM picks a screen; and a
 * window already where it belongs is left alone, so a screen event does not make it flicker.
 */

export type DisplayEvent =
  | 'start'
  | 'display-added'
  | 'display-removed'
  | 'display-metrics-changed'
  /** The GM picked a screen (or "automatic") in the projector bar: also how a closed window comes back. */
  | 'gm-chose'
  /** The GM closed the projector window. */
  | 'gm-closed'

/** The projector window as it is, or null when there is none (never made, or closed). */
export interface ProjectorWindowNow {
  readonly shown: boolean
  /** The screen most of it is on. */
  readonly displayId: number
  readonly bounds: Rect
  /** Fullscreen (native or simple): it covers its screen. */
  readonly filling: boolean
  /**
   * Its page is gone: the renderer kept crashing and diagnostics stopped reloading it (and hid it).
   * Showing it would put a blank screen in front of the table.
   */
  readonly blank?: boolean
}

export interface ProjectorState {
  readonly displays: readonly DisplayLike[]
  readonly primaryId: number
  /** The GM's pick; null for automatic. */
  readonly remembered: RememberedDisplay | null
  readonly closedByGm: boolean
  readonly window: ProjectorWindowNow | null
}

export type ProjectorAction = 'show' | 'move' | 'hide' | 'leave'

export interface ProjectorDecision {
  /** show: make (if needed), place and show it; move: re-place a shown window; hide; leave it as it is. */
  readonly action: ProjectorAction
  readonly displayId: number | null
  readonly bounds: Rect | null
  /** Covers the screen (a second screen) rather than an ordinary window (the GM's own, when picked). */
  readonly fill: boolean
  readonly closedByGm: boolean
  readonly status: ProjectorStatus
  /** Load the page afresh before showing it: the GM asked for a window whose page was gone. */
  readonly reload: boolean
}

interface Target {
  readonly display: DisplayLike
  readonly fill: boolean
}

/** The screen the projector belongs on now, or null when only the GM's is left for it. */
export function projectorTarget(displays: readonly DisplayLike[], primaryId: number, remembered: RememberedDisplay | null): Target | null {
  const picked = matchRemembered(displays, remembered)
  if (picked) return { display: picked, fill: picked.id !== primaryId }
  // A picked screen that is unplugged (or "automatic"): the first screen that is not the GM's.
  const second = displays.find((d) => d.id !== primaryId)
  return second ? { display: second, fill: true } : null
}

/** An ordinary window centred in a screen's work area (no bigger than it). */
export function windowedBounds(display: DisplayLike): Rect {
  const area = display.workArea ?? display.bounds
  const width = Math.min(PLAYER_WINDOWED_SIZE.width, area.width)
  const height = Math.min(PLAYER_WINDOWED_SIZE.height, area.height)
  return {
    x: area.x + Math.floor((area.width - width) / 2),
    y: area.y + Math.floor((area.height - height) / 2),
    width,
    height,
  }
}

export function planProjector(state: ProjectorState, event: DisplayEvent): ProjectorDecision {
  const closedByGm = event === 'gm-closed' ? true : event === 'gm-chose' ? false : state.closedByGm
  const shown = state.window?.shown === true
  const away = (status: ProjectorStatus): ProjectorDecision => ({
    action: shown && event !== 'gm-closed' ? 'hide' : 'leave',
    displayId: null,
    bounds: null,
    fill: false,
    closedByGm,
    status,
    reload: false,
  })
  // Screens coming and going (a TV in standby) never undo the GM's closing it.
  if (closedByGm) return away('closed')
  // A page that kept crashing stays hidden through screen events; only the GM's own pick (the
  // projector bar, Show Player View) loads it again, as a fresh page rather than a blank one.
  const blank = state.window?.blank === true
  if (blank && event !== 'gm-chose') return away('crashed')
  const target = projectorTarget(state.displays, state.primaryId, state.remembered)
  if (!target) return away('no-second-display')

  const { display, fill } = target
  const bounds = fill ? { ...display.bounds } : windowedBounds(display)
  const place = (action: ProjectorAction): ProjectorDecision => ({
    action,
    displayId: display.id,
    bounds,
    fill,
    closedByGm,
    status: 'shown',
    reload: blank,
  })
  const now = state.window
  if (!now || !now.shown || blank) return place('show')
  if (now.displayId === display.id) {
    // Already covering the right screen, at its current size: touching it would only flicker.
    if (fill && now.filling && sameRect(now.bounds, display.bounds)) return place('leave')
    // A window on the GM's screen stays where the GM dragged it, unless the GM just asked for it.
    if (!fill && !now.filling && event !== 'gm-chose') return place('leave')
  }
  return place('move')
}

/** How this platform makes a window cover its screen. */
export type FillMode = 'simple-fullscreen' | 'fullscreen'

/**
 * macOS's native fullscreen shows a hidden window, takes focus and opens a Space of its own, and
 * animates in and out; its pre-Lion "simple" fullscreen does none of that. Elsewhere native
 * fullscreen is already simple.
 */
export function fillModeFor(platform: string): FillMode {
  return platform === 'darwin' ? 'simple-fullscreen' : 'fullscreen'
}

/**
 * How long a placement waits for 'leave-full-screen' before going on without it. A hidden window
 * (unplugged projector, or a Linux window manager that never answers) may leave fullscreen
 * without the event, and the rest of the placement must not wait forever on it.
 */
export const LEAVE_FILL_WAIT_MS = 1500

export type PlacementStep = 'leave-fill' | 'set-bounds' | 'show-inactive' | 'enter-fill' | 'hide'

/**
 * The window calls for a decision, in order. Bounds are set only outside fullscreen (they are
 * ignored inside it), and the window is shown before it is filled so it never takes the focus.
 * After 'leave-fill' in native fullscreen, main.ts waits for 'leave-full-screen' before the rest:
 * leaving is animated on some platforms and bounds set meanwhile are lost.
 */
export function placementSteps(decision: ProjectorDecision, filling: boolean): PlacementStep[] {
  switch (decision.action) {
    case 'leave':
      return []
    case 'hide':
      // Hidden as it is: showing it again re-places it (leaving fullscreen first if need be).
      return ['hide']
    case 'show':
    case 'move': {
      const steps: PlacementStep[] = filling ? ['leave-fill', 'set-bounds'] : ['set-bounds']
      if (decision.action === 'show') steps.push('show-inactive')
      if (decision.fill) steps.push('enter-fill')
      return steps
    }
  }
}
