import { screen, type BrowserWindow } from 'electron'
import type { ProjectorStatus } from '../../../src-shared/display-info'
import type { RememberedDisplay } from '../../../src-shared/display-match'
import { fillModeFor, placementSteps, planProjector, type DisplayEvent, type PlacementStep, type ProjectorDecision } from './display-plan'
import type { Rect } from './window-options'

/**
 * The Electron side of the projector window: reads the screens and the window, asks display-plan
 * what to do, and does it. No decision is taken here (they are all tested in display-plan); this
 * stays thin because the Electron binary cannot run in the tests.
 */
export interface ProjectorWindowDeps {
  /** A new, hidden, loading player window at these bounds. */
  open(bounds: Rect): BrowserWindow
  /** The GM's pick, or null for automatic. */
  remembered(): RememberedDisplay | null
  /** False once the app is quitting: nothing is opened or moved then. */
  running(): boolean
}

export class ProjectorWindow {
  readonly #fillMode = fillModeFor(process.platform)
  #window: BrowserWindow | null = null
  #ready = false
  #closedByGm = false
  #status: ProjectorStatus = 'shown'
  // The screen bounds a filling window was last given: what it reports may differ by a few pixels
  // on some window managers, which would otherwise re-place it on every metrics change.
  #filledTo: Rect | null = null
  // The rest of a placement waiting for native fullscreen to finish leaving: only the latest.
  #afterLeavingFill: { steps: PlacementStep[]; decision: ProjectorDecision } | null = null

  constructor(private readonly deps: ProjectorWindowDeps) {}

  /** The player window, if one is open (shown or hidden): for whoever must reach it, say at quit. */
  current(): BrowserWindow | null {
    return this.#window && !this.#window.isDestroyed() ? this.#window : null
  }

  status(): ProjectorStatus {
    return this.#status
  }

  /** Places the window now, and on every screen change from here on (one listener each, for the app's life). */
  start(): void {
    this.on('start')
    screen.on('display-added', () => this.on('display-added'))
    screen.on('display-removed', () => this.on('display-removed'))
    screen.on('display-metrics-changed', () => this.on('display-metrics-changed'))
  }

  on(event: DisplayEvent): void {
    if (!this.deps.running()) return
    const w = this.#window && !this.#window.isDestroyed() ? this.#window : null
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
        },
      },
      event,
    )
    this.#closedByGm = decision.closedByGm
    this.#status = decision.status
    if (!w) {
      if (decision.action === 'show' && decision.bounds) this.#open(decision.bounds)
    } else if (this.#ready) this.#run(w, placementSteps(decision, this.#filling(w)), decision)
    // A window still loading is placed on 'ready-to-show', from the screens as they are then.
  }

  #open(bounds: Rect): void {
    const window = this.deps.open(bounds)
    this.#window = window
    this.#ready = false
    this.#afterLeavingFill = null
    this.#filledTo = null
    window.once('ready-to-show', () => {
      this.#ready = true
      this.on('start')
    })
    window.on('leave-full-screen', () => {
      const rest = this.#afterLeavingFill
      this.#afterLeavingFill = null
      if (rest && !window.isDestroyed()) this.#run(window, rest.steps, rest.decision)
    })
    window.on('closed', () => {
      this.#window = null
      this.#ready = false
      this.on('gm-closed')
    })
  }

  #filling(w: BrowserWindow): boolean {
    return this.#fillMode === 'simple-fullscreen' ? w.isSimpleFullScreen() : w.isFullScreen()
  }

  #fill(w: BrowserWindow, on: boolean): void {
    if (this.#fillMode === 'simple-fullscreen') w.setSimpleFullScreen(on)
    else w.setFullScreen(on)
  }

  #run(w: BrowserWindow, steps: readonly PlacementStep[], decision: ProjectorDecision): void {
    for (const [i, step] of steps.entries()) {
      if (step === 'leave-fill' && this.#fillMode === 'fullscreen') {
        // Leaving is animated on some platforms and bounds set meanwhile are lost: the rest waits.
        this.#afterLeavingFill = { steps: steps.slice(i + 1), decision }
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
