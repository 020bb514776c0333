import type { SceneGrid } from '../../../src-shared/records'
import { metresToPx, pxToMetres, sceneToScreen, screenToScene, zoomAt, type Point, type ViewTransform } from './map-geometry'

/** The scene layer's CSS transform for the committed view (a pan in progress is a scroll on top of it). */
export const layerTransform = (v: ViewTransform): string => `translate3d(${v.x}px, ${v.y}px, 0)`

/**
 * How far one pan can go each way, in screen pixels: the margin of the stage's scroller round
 * the committed view. A pointer cannot travel further than a screen in one press; the margin
 * is larger so no pan ever meets the scroller's end.
 */
export const PAN_REACH = 16384

/** What a live pan writes to directly, bypassing the reactive graph. */
export interface PanTargets {
  /**
   * The stage's scroller, holding the scene layer and the overlay at PAN_REACH from its corner:
   * a pan scrolls it, and at rest it is scrolled to exactly PAN_REACH.
   */
  readonly scroller: HTMLElement
  /** The element carrying `data-view`, which tests and the bench read to find spots on screen. */
  readonly marked: Element
}

/**
 * The map's window onto the scene: its size on screen, the pan and zoom, and pointer ↔ metres.
 *
 * `view` is reactive, and everything drawn in scene space follows it. A pan, though, changes the
 * view on every pointer move; going through `view` would re-run every reaction that reads it
 * (each zone's stroke width, the token radius, the projector's mirror) and repaint the whole
 * scene each frame. So a pan is drawn by scrolling the stage's scroller by the pan's offset from
 * `view`, and `view` takes the result only when the gesture ends. A scroll, not a transform:
 * Chromium moves a scrolled layer in the compositor, while any transform change (even on a
 * `will-change: transform` layer) re-layers the whole page, and that re-layering costs in
 * proportion to everything drawn (a few µs per token's shape: most of a frame at 3,000 tokens).
 */
export class MapCamera {
  width = $state(0)
  height = $state(0)
  view = $state.raw<ViewTransform>({ x: 0, y: 0, k: 1 })
  /** The map's stage: where pointer positions are measured from and pointer capture is held. */
  stage = $state.raw<HTMLElement | undefined>(undefined)
  /** Not reactive: set by the stage when it is drawn. */
  targets: PanTargets | null = null
  // Not reactive: where a pan in progress has put the view (null between pans).
  #live: ViewTransform | null = null

  get ready(): boolean {
    return this.width > 0 && this.height > 0
  }

  /** The view as drawn now, a pan in progress included. */
  get current(): ViewTransform {
    return this.#live ?? this.view
  }

  /** Moves the drawn view during a pan: a few direct writes, no reactive update. */
  panTo(v: ViewTransform): void {
    this.#live = v
    this.#draw(v)
  }

  /** The pan is over (dropped or cancelled): the view it reached becomes the view. */
  endPan(): void {
    const v = this.#live
    if (!v) return
    this.set(v)
  }

  /** A new view from anything but a pan in progress (fit, zoom): ends any pan first. */
  set(v: ViewTransform): void {
    this.#live = null
    this.view = v
    // The overlay and layer are re-drawn for `view` by the stage in this same task; the writes
    // here only make sure nothing the pan wrote directly is left behind when the values match.
    this.#draw(v)
  }

  #draw(v: ViewTransform): void {
    const t = this.targets
    if (!t) return
    t.scroller.scrollLeft = PAN_REACH - (v.x - this.view.x)
    t.scroller.scrollTop = PAN_REACH - (v.y - this.view.y)
    t.marked.setAttribute('data-view', `${v.x} ${v.y} ${v.k}`)
  }

  /** The stage was drawn (or redrawn): pans write to these, and the scroller starts at rest. */
  attach(targets: PanTargets): () => void {
    this.targets = targets
    this.#draw(this.current)
    // Something else scrolled the stage (the browser bringing an element into view): that is a
    // pan too, so the view follows what is shown instead of drifting from it.
    const onscroll = () => {
      const c = this.current
      const x = this.view.x + PAN_REACH - targets.scroller.scrollLeft
      const y = this.view.y + PAN_REACH - targets.scroller.scrollTop
      if (Math.abs(x - c.x) > 0.5 || Math.abs(y - c.y) > 0.5) this.set({ ...c, x, y })
    }
    targets.scroller.addEventListener('scroll', onscroll)
    return () => {
      targets.scroller.removeEventListener('scroll', onscroll)
      if (this.targets === targets) this.targets = null
    }
  }

  zoomBy(factor: number, at: Point = { x: this.width / 2, y: this.height / 2 }): void {
    this.set(zoomAt(this.current, at, factor))
  }

  /** A pointer's spot in the viewport, in screen pixels. */
  local(e: { clientX: number; clientY: number }): Point {
    const r = this.stage!.getBoundingClientRect()
    return { x: e.clientX - r.left, y: e.clientY - r.top }
  }

  metresAt(grid: SceneGrid, e: { clientX: number; clientY: number }): Point {
    return pxToMetres(grid, screenToScene(this.current, this.local(e)))
  }

  /** Where a spot in metres is on screen for the committed view (labels are drawn there, so they read at any zoom). */
  toScreen(grid: SceneGrid, m: Point): Point {
    return sceneToScreen(this.view, metresToPx(grid, m))
  }

  /** An attachment: the wheel zooms about the pointer. Non-passive, or the page would scroll instead. */
  readonly zoomOnWheel = (el: HTMLElement): (() => void) => {
    const onwheel = (e: WheelEvent) => {
      e.preventDefault()
      this.zoomBy(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), this.local(e))
    }
    el.addEventListener('wheel', onwheel, { passive: false })
    return () => el.removeEventListener('wheel', onwheel)
  }
}
