import type { BrowserWindow, Display } from 'electron'
import type { ProjectorStatus } from '../../../src-shared/display-info'
import type { RememberedDisplay } from '../../../src-shared/display-match'
import {
  fillModeFor,
  LEAVE_FILL_WAIT_MS,
  placementSteps,
  planProjector,
  type DisplayEvent,
  type PlacementStep,
  type ProjectorDecision,
} from './display-plan'
import type { Rect } from './window-options'

/**
 * The Electron side of the projector window: reads the screens and the window, asks display-plan
 * what to do, and does it. No decision is taken here (they are all tested in display-plan); this
 * stays thin because the Electron binary cannot run in the tests. Electron's `screen` and timers
 * come in as dependencies (only types are imported), so tests/unit/hosts/projector-window.test.ts
 * drives this glue with stand-ins and no `electron` module at all.
 */

/** The parts of Electron's `screen` the placement reads and listens to. */
export interface ScreenLike {
  getAllDisplays(): Display[]
  getPrimaryDisplay(): Display
  getDisplayMatching(rect: Rect): Display
  on(event: 'display-added' | 'display-removed' | 'display-metrics-changed', listener: () => void): unknown
}

/** The parts of BrowserWindow the placement uses. */
export type ProjectorBrowserWindow = Pick<
  BrowserWindow,
  | 'isDestroyed'
  | 'isVisible'
  | 'getBounds'
  | 'setBounds'
  | 'showInactive'
  | 'hide'
  | 'isFullScreen'
  | 'setFullScreen'
  | 'isSimpleFullScreen'
  | 'setSimpleFullScreen'
  | 'once'
  | 'on'
> & { readonly webContents: Pick<BrowserWindow['webContents'], 'isCrashed'> }

export interface ProjectorWindowDeps<W extends ProjectorBrowserWindow = BrowserWindow> {
  /** A new, hidden, loading player window at these bounds. */
  open(bounds: Rect): W
  /** Loads the player page afresh (its renderer had crashed for good). */
  reload(window: W): void
  /** The GM's pick, or null for automatic. */
  remembered(): RememberedDisplay | null
  /** False once the app is quitting: nothing is opened or moved then. */
  running(): boolean
  screen: ScreenLike
  /** `process.platform`: macOS fills with simple fullscreen. */
  platform: string
  setTimer(fn: () => void, ms: number): unknown
  clearTimer(handle: unknown): void
}

interface Pending {
  readonly steps: PlacementStep[]
  readonly decision: ProjectorDecision
  readonly timer: unknown
}

export class ProjectorWindow<W extends ProjectorBrowserWindow = BrowserWindow> {
  readonly #fillMode: ReturnType<typeof fillModeFor>
  #window: W | null = null
  #ready = false
  #closedByGm = false
  #started = false
  #status: ProjectorStatus = 'shown'
  // The screen bounds a filling window was last given: what it reports may differ by a few pixels
  // on some window managers, which would otherwise re-place it on every metrics change.
  #filledTo: Rect | null = null
  // The rest of a placement waiting for native fullscreen to finish leaving: only the latest.
  #afterLeavingFill: Pending | null = null

  constructor(private readonly deps: ProjectorWindowDeps<W>) {
    this.#fillMode = fillModeFor(deps.platform)
  }

  /** The player window, if one is open (shown or hidden): for whoever must reach it, say at quit. */
  current(): W | null {
    return this.#window && !this.#window.isDestroyed() ? this.#window : null
  }

  status(): ProjectorStatus {
    // Diagnostics hide a page that keeps crashing between screen events; the bar hears it at once.
    const w = this.current()
    if (w && this.#status === 'shown' && w.webContents.isCrashed()) return 'crashed'
    return this.#status
  }

  /** Places the window now, and on every screen change from here on (one listener each, for the app's life). */
  start(): void {
    // Listeners added twice would place the window twice per event; start is once per app.
    if (this.#started) return
    this.#started = true
    this.on('start')
    const { screen } = this.deps
    screen.on('display-added', () => this.on('display-added'))
    screen.on('display-removed', () => this.on('display-removed'))
    // A resolution change, a moved taskbar or a new primary screen re-places (or leaves) it too.
    screen.on('display-metrics-changed', () => this.on('display-metrics-changed'))
  }

  on(event: DisplayEvent): void {
    if (!this.deps.running()) return
    const { screen } = this.deps
    const w = this.current()
    const decision = planProjector(
      {
        displays: screen.getAllDisplays(),
        primaryId: screen.getPrimaryDisplay().id,
        remembered: this.deps.remembered(),
        closedByGm: this.#closedByGm,
        window: w && {
          shown: w.isVisible(),
          displayId: screen.getDisplayMatching(w.getBounds()).id,
          bounds: (this.#filling(w) && this.#filledTo) || w.getBounds(),
          filling: this.#filling(w),
          blank: w.webContents.isCrashed(),
        },
      },
      event,
    )
    this.#closedByGm = decision.closedByGm
    this.#status = decision.status
    if (!w) {
      if (decision.action === 'show' && decision.bounds) this.#open(decision.bounds)
      return
    }
    if (decision.reload) this.deps.reload(w)
    if (this.#ready) this.#run(w, placementSteps(decision, this.#filling(w)), decision)
    // A window still loading is placed on 'ready-to-show', from the screens as they are then.
  }

  #open(bounds: Rect): void {
    const window = this.deps.open(bounds)
    this.#window = window
    this.#ready = false
    this.#cancelPending()
    this.#filledTo = null
    window.once('ready-to-show', () => {
      this.#ready = true
      this.on('start')
    })
    // One listener for the window's life: placements hand their rest over through #afterLeavingFill.
    window.on('leave-full-screen', () => this.#resume(window))
    window.on('closed', () => {
      this.#cancelPending()
      this.#window = null
      this.#ready = false
      this.on('gm-closed')
    })
  }

  #filling(w: W): boolean {
    return this.#fillMode === 'simple-fullscreen' ? w.isSimpleFullScreen() : w.isFullScreen()
  }

  #fill(w: W, on: boolean): void {
    if (this.#fillMode === 'simple-fullscreen') w.setSimpleFullScreen(on)
    else w.setFullScreen(on)
  }

  #cancelPending(): void {
    if (this.#afterLeavingFill) this.deps.clearTimer(this.#afterLeavingFill.timer)
    this.#afterLeavingFill = null
  }

  /** The rest of a placement, once fullscreen has been left (or the wait for it ran out). */
  #resume(window: W): void {
    const rest = this.#afterLeavingFill
    this.#cancelPending()
    if (rest && window === this.#window && !window.isDestroyed()) this.#run(window, rest.steps, rest.decision)
  }

  #run(w: W, steps: readonly PlacementStep[], decision: ProjectorDecision): void {
    // A newer decision replaces whatever an older one was still waiting to do.
    this.#cancelPending()
    for (const [i, step] of steps.entries()) {
      if (step === 'leave-fill' && this.#fillMode === 'fullscreen') {
        // Leaving is animated on some platforms and bounds set meanwhile are lost: the rest waits
        // for 'leave-full-screen', or LEAVE_FILL_WAIT_MS where the event never comes.
        const timer = this.deps.setTimer(() => this.#resume(w), LEAVE_FILL_WAIT_MS)
        this.#afterLeavingFill = { steps: steps.slice(i + 1), decision, timer }
        w.setFullScreen(false)
        return
      }
      if (step === 'leave-fill') this.#fill(w, false)
      else if (step === 'set-bounds' && decision.bounds) w.setBounds(decision.bounds)
      else if (step === 'show-inactive') w.showInactive()
      else if (step === 'enter-fill') {
        this.#filledTo = decision.bounds
        this.#fill(w, true)
      } else if (step === 'hide') w.hide()
    }
  }
}
