import type { AreaMarkId, CombatantId, SceneGrid, WallId } from '../../../src-shared/records'
import type { MapCamera } from './map-camera.svelte'
import { distance, panBy, rectBetween, roundMetres, type Point, type ViewTransform } from './map-geometry'
import type { MapTools } from './map-tools.svelte'
import { snapReach, snapWallPoint } from './wall-snap'

/** Something the GM drags across the map: where it was, where it is now, and whether it has really moved yet. */
interface Moving {
  readonly start: Point
  readonly from: Point
  readonly to: Point
  readonly moved: boolean
}

export type Drag =
  | { readonly kind: 'pan'; readonly start: Point; readonly from: ViewTransform; readonly moved: boolean }
  | ({ readonly kind: 'token'; readonly id: CombatantId } & Moving)
  | ({ readonly kind: 'area'; readonly id: AreaMarkId } & Moving)
  | { readonly kind: 'measure'; readonly from: Point; readonly to: Point }
  | { readonly kind: 'fog'; readonly from: Point; readonly to: Point; readonly hide: boolean }
  /** A wall dragged whole (`from` its first corner) or one corner of it (`index`); `grab` is the pointer's offset from that corner. */
  | ({ readonly kind: 'wall'; readonly id: WallId; readonly index: number | null; readonly grab: Point } & Moving)

/** What the map does with a finished gesture; the pointer only tells gestures apart. */
export interface MapPointerHost {
  readonly camera: MapCamera
  readonly tools: MapTools
  readonly grid: SceneGrid
  readonly gm: boolean
  readonly hasScene: boolean
  /** A click on the empty map, not a drag. */
  clickMap(at: Point): void
  clickToken(id: CombatantId): void
  /** A token is being dragged this far (for the ruleset's price of the move). */
  draggingToken(id: CombatantId, metres: number): void
  dropToken(id: CombatantId, to: Point): void
  dropArea(id: AreaMarkId, to: Point): void
  fogRect(rect: { x: number; y: number; w: number; h: number }, hide: boolean): void
  /** Walls tool: a click on the map, snapped — the next corner of the wall being drawn. */
  wallCorner(at: Point): void
  /** Walls tool: a wall clicked (not dragged), or one of its corners. */
  pickWall(id: WallId, corner: number | null): void
  /** Walls tool: a wall dragged so its first corner (or the corner `index`) lands at `to`. */
  dropWall(id: WallId, index: number | null, from: Point, to: Point): void
  /** Any gesture ended or was cancelled. */
  ended(): void
}

/** Which way each arrow key moves a focused token, in metres (y grows downwards, as on screen). */
const ARROW_STEPS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
}

/** A press that travels less than this (screen pixels) is a click, not a drag. */
const MOVE_THRESHOLD = 4

/**
 * The map's pointer gestures: pan, drag a token or a template, measure, draw a fog area. It
 * tells a click from a drag and leaves what each means to the host.
 */
export class MapPointer {
  drag = $state.raw<Drag | null>(null)
  /** Only the dragged item's id, so starting a drag touches one token's markup, not every token's. */
  draggingId = $state<CombatantId | AreaMarkId | WallId | null>(null)
  spaceHeld = $state(false)

  constructor(private readonly host: MapPointerHost) {}

  #capture(e: PointerEvent): void {
    this.host.camera.stage?.setPointerCapture(e.pointerId)
  }

  backgroundDown(e: PointerEvent): void {
    const { gm, tools, camera, grid } = this.host
    if (!this.host.hasScene) return
    const drawing = gm && (tools.tool === 'measure' || tools.tool === 'fog')
    if (e.button === 1 || (e.button === 0 && (this.spaceHeld || !drawing))) {
      e.preventDefault()
      this.drag = { kind: 'pan', start: camera.local(e), from: camera.current, moved: false }
    } else if (e.button === 0 && tools.tool === 'fog') {
      const p = camera.metresAt(grid, e)
      this.drag = { kind: 'fog', from: p, to: p, hide: e.shiftKey || tools.fogHide }
    } else if (e.button === 0) {
      const p = camera.metresAt(grid, e)
      this.drag = { kind: 'measure', from: p, to: p }
      tools.measure = null
    } else return
    this.#capture(e)
  }

  tokenDown(e: PointerEvent, id: CombatantId, at: Point): void {
    // Measuring, laying templates and drawing walls go through tokens: a grenade is usually thrown at someone.
    const through = this.host.tools.tool === 'measure' || this.host.tools.tool === 'area' || this.host.tools.tool === 'walls'
    if (e.button !== 0 || this.spaceHeld || through || !this.host.gm) return
    e.stopPropagation()
    this.drag = { kind: 'token', id, start: this.host.camera.local(e), from: at, to: at, moved: false }
    this.#capture(e)
  }

  /**
   * A key on a focused token (the GM's): Enter or Space picks it as a click does; an arrow moves
   * it a metre (Shift: five) through the same drop a drag ends in, so a move's price and the
   * reactions it draws are asked for just the same.
   */
  tokenKey(e: KeyboardEvent, id: CombatantId, at: Point): void {
    if (!this.host.gm || this.drag) return
    const step = ARROW_STEPS[e.key]
    // A token a click focused keeps Space for the map's hold-to-pan; one reached by Tab takes it as a press.
    const tabbed = e.currentTarget instanceof Element && e.currentTarget.matches(':focus-visible')
    if (e.key === 'Enter' || (e.key === ' ' && tabbed)) this.host.clickToken(id)
    else if (step) {
      const n = e.shiftKey ? 5 : 1
      this.host.dropToken(id, roundMetres({ x: at.x + step.x * n, y: at.y + step.y * n }))
    } else return
    // The desk's and the map's own keys (Space pans) must not act on it too.
    e.preventDefault()
    e.stopPropagation()
  }

  areaDown(e: PointerEvent, id: AreaMarkId, at: Point): void {
    if (e.button !== 0 || this.spaceHeld || this.host.tools.tool !== 'area' || !this.host.gm) return
    e.stopPropagation()
    this.host.tools.selectedArea = id
    this.drag = { kind: 'area', id, start: this.host.camera.local(e), from: at, to: at, moved: false }
    this.#capture(e)
  }

  /** Where a wall corner would land for this pointer event (snapped to the grid unless Alt is held). */
  wallPoint(e: PointerEvent | MouseEvent, grab: Point = { x: 0, y: 0 }): Point {
    const { camera, grid } = this.host
    const p = camera.metresAt(grid, e)
    return snapWallPoint({ x: p.x - grab.x, y: p.y - grab.y }, grid, snapReach(grid, camera.view.k, e.altKey))
  }

  /** Walls tool, not drawing: a press on a wall (corner null) or on a picked wall's corner. */
  wallDown(e: PointerEvent, id: WallId, corner: Point, index: number | null): void {
    const { tools, gm, camera, grid } = this.host
    if (e.button !== 0 || this.spaceHeld || tools.tool !== 'walls' || !gm || tools.wallDraft.length > 0) return
    e.stopPropagation()
    const p = camera.metresAt(grid, e)
    const grab = { x: p.x - corner.x, y: p.y - corner.y }
    this.drag = { kind: 'wall', id, index, grab, start: camera.local(e), from: corner, to: corner, moved: false }
    this.#capture(e)
  }

  move(e: PointerEvent): void {
    const d = this.drag
    const { camera, grid, tools } = this.host
    // The next corner's place follows the pointer while the Walls tool is on (a pan's press excepted).
    if (tools.tool === 'walls' && this.host.gm && (!d || (d.kind === 'pan' && !d.moved))) tools.wallHover = this.wallPoint(e)
    if (!d) return
    if (d.kind === 'pan') {
      const p = camera.local(e)
      const moved = d.moved || Math.hypot(p.x - d.start.x, p.y - d.start.y) > MOVE_THRESHOLD
      // Reactive state changes once, when the press becomes a pan; each move after is one direct write.
      if (moved && !d.moved) this.drag = { ...d, moved }
      if (moved) camera.panTo(panBy(d.from, p.x - d.start.x, p.y - d.start.y))
    } else if (d.kind === 'wall') {
      const p = camera.local(e)
      const moved = d.moved || Math.hypot(p.x - d.start.x, p.y - d.start.y) > MOVE_THRESHOLD
      if (moved && !this.draggingId) this.draggingId = d.id
      this.drag = { ...d, to: this.wallPoint(e, d.grab), moved }
    } else if (d.kind === 'token' || d.kind === 'area') {
      const p = camera.local(e)
      const moved = d.moved || Math.hypot(p.x - d.start.x, p.y - d.start.y) > MOVE_THRESHOLD
      if (moved && !this.draggingId) this.draggingId = d.id
      const to = camera.metresAt(grid, e)
      this.drag = { ...d, to, moved }
      if (moved && d.kind === 'token') this.host.draggingToken(d.id, distance(d.from, to))
    } else {
      this.drag = { ...d, to: camera.metresAt(grid, e) }
    }
  }

  /** Drops the gesture without doing it (Esc, a cancelled pointer). */
  cancel(): void {
    this.host.camera.endPan()
    this.drag = null
    this.draggingId = null
    this.host.ended()
  }

  up(e: PointerEvent): void {
    const d = this.drag
    if (!d) return
    const { camera, grid, tools } = this.host
    if (camera.stage?.hasPointerCapture(e.pointerId)) camera.stage.releasePointerCapture(e.pointerId)
    this.cancel()
    if (d.kind === 'pan') {
      if (d.moved) return
      if (tools.tool === 'walls' && this.host.gm && !tools.armed) this.host.wallCorner(this.wallPoint(e))
      else this.host.clickMap(camera.metresAt(grid, e))
    } else if (d.kind === 'wall') {
      if (!d.moved) this.host.pickWall(d.id, d.index)
      else this.host.dropWall(d.id, d.index, d.from, d.to)
    } else if (d.kind === 'token') {
      if (!d.moved) this.host.clickToken(d.id)
      else this.host.dropToken(d.id, roundMetres(d.to))
    } else if (d.kind === 'area') {
      if (d.moved) this.host.dropArea(d.id, roundMetres(d.to))
    } else if (d.kind === 'fog') {
      const rect = rectBetween(d.from, d.to)
      if (rect.w >= 0.1 && rect.h >= 0.1) this.host.fogRect(rect, d.hide)
    } else {
      tools.measure = { from: d.from, to: d.to }
    }
  }

  /** The token being dragged, once it has really moved. */
  get tokenDrag(): (Drag & { kind: 'token' }) | null {
    const d = this.drag
    return d?.kind === 'token' && d.moved ? d : null
  }
}
