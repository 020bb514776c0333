import type { SceneGrid } from '../../../src-shared/records'
import { metresToPx, pxToMetres, sceneToScreen, screenToScene, zoomAt, type Point, type ViewTransform } from './map-geometry'

/** The map's window onto the scene: its size on screen, the pan and zoom, and pointer ↔ metres. */
export class MapCamera {
  width = $state(0)
  height = $state(0)
  view = $state.raw<ViewTransform>({ x: 0, y: 0, k: 1 })
  svg = $state.raw<SVGSVGElement | undefined>(undefined)

  get ready(): boolean {
    return this.width > 0 && this.height > 0
  }

  zoomBy(factor: number, at: Point = { x: this.width / 2, y: this.height / 2 }): void {
    this.view = zoomAt(this.view, at, factor)
  }

  /** A pointer's spot in the viewport, in screen pixels. */
  local(e: { clientX: number; clientY: number }): Point {
    const r = this.svg!.getBoundingClientRect()
    return { x: e.clientX - r.left, y: e.clientY - r.top }
  }

  metresAt(grid: SceneGrid, e: { clientX: number; clientY: number }): Point {
    return pxToMetres(grid, screenToScene(this.view, this.local(e)))
  }

  /** Where a spot in metres is on screen (labels are drawn there, so they read at any zoom). */
  toScreen(grid: SceneGrid, m: Point): Point {
    return sceneToScreen(this.view, metresToPx(grid, m))
  }

  /** An attachment: the wheel zooms about the pointer. Non-passive, or the page would scroll instead. */
  readonly zoomOnWheel = (el: SVGSVGElement): (() => void) => {
    const onwheel = (e: WheelEvent) => {
      e.preventDefault()
      this.zoomBy(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), this.local(e))
    }
    el.addEventListener('wheel', onwheel, { passive: false })
    return () => el.removeEventListener('wheel', onwheel)
  }
}
