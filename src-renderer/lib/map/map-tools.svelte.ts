import type { AreaMarkId, CombatantId } from '../../../src-shared/records'
import type { Point } from './map-geometry'

/** What a left drag on the empty map does: pan, or one of the GM's tools. */
export type MapTool = 'pan' | 'measure' | 'fog' | 'area'

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

  /** A tool's button or key: on, or back to panning if it was on already. */
  toggle(tool: Exclude<MapTool, 'pan'>): void {
    this.tool = this.tool === tool ? 'pan' : tool
    this.measure = null
    this.selectedArea = null
  }

  /** Esc: drops whatever is pending and turns the tool off. Says whether there was anything to drop. */
  escape(): boolean {
    if (!this.measure && !this.armed && this.tool === 'pan' && !this.selectedArea) return false
    this.measure = null
    this.armed = null
    this.tool = 'pan'
    this.selectedArea = null
    return true
  }
}
