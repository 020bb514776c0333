import type { AreaMarkId, CombatantId, WallId } from '../../../src-shared/records'
import type { WallPick } from './wall-draft'
import type { Point } from './map-geometry'

/** What a left drag on the empty map does: pan, or one of the GM's tools. */
export type MapTool = 'pan' | 'measure' | 'fog' | 'area' | 'walls'

/** The GM's map tools: which one is on, and what each keeps between clicks. */
export class MapTools {
  tool = $state<MapTool>('pan')
  /** Fog tool: a drag hides instead of revealing. */
  fogHide = $state(false)
  /** The last line measured, kept on screen until the next one or Esc. */
  measure = $state.raw<{ from: Point; to: Point } | null>(null)
  /** A combatant from the unplaced strip, waiting for a click on the map. */
  armed = $state<CombatantId | null>(null)
  /** The next area template: its radius in metres, label and whether the table sees it. */
  areaRadius = $state(3)
  areaLabel = $state('Grenade')
  areaHidden = $state(false)
  /** The template picked on the map (moved by dragging, edited or removed from the tool bar). */
  selectedArea = $state<AreaMarkId | null>(null)
  /** Walls tool: what the next drawn wall is. */
  wallKind = $state<WallPick>('wall')
  /** Walls tool: the corners clicked so far for the wall being drawn (none: not drawing). */
  wallDraft = $state.raw<Point[]>([])
  /** Walls tool: where the next corner would land (the pointer, snapped), while drawing. */
  wallHover = $state.raw<Point | null>(null)
  /** Walls tool: the wall picked on the map, and the corner picked on it (for a split). */
  selectedWall = $state<WallId | null>(null)
  selectedCorner = $state<number | null>(null)

  /** A tool's button or key: on, or back to panning if it was on already. */
  toggle(tool: Exclude<MapTool, 'pan'>): void {
    this.tool = this.tool === tool ? 'pan' : tool
    this.measure = null
    this.selectedArea = null
    this.dropWall()
  }

  /** Forgets the wall being drawn and the picked one. */
  dropWall(): void {
    this.wallDraft = []
    this.wallHover = null
    this.selectedWall = null
    this.selectedCorner = null
  }

  /** Esc: drops whatever is pending and turns the tool off. Says whether there was anything to drop. */
  escape(): boolean {
    if (!this.measure && !this.armed && this.tool === 'pan' && !this.selectedArea && !this.selectedWall) return false
    // Esc while drawing a wall drops that wall only: the tool stays on for the next one.
    if (this.wallDraft.length > 0) {
      this.wallDraft = []
      this.wallHover = null
      return true
    }
    this.dropWall()
    this.measure = null
    this.armed = null
    this.tool = 'pan'
    this.selectedArea = null
    return true
  }
}
