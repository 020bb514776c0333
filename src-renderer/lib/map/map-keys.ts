import type { AreaMarkId, CombatantId } from '../../../src-shared/records'
import { shortcutFor, type KeyLike } from '../app/shortcuts'

/** What the battle map's keys act on. */
export interface MapKeysHost {
  readonly gm: boolean
  /** A token, template, measure or fog drag under way (a pan is not interrupted by Esc). */
  readonly dragging: boolean
  readonly menuOpen: boolean
  /** Whose actions S opens: the token under the pointer, else the picked attacker. */
  readonly menuSubject: CombatantId | null
  readonly selectedArea: AreaMarkId | null
  /** The Walls tool is on: Enter, Backspace and Delete are its. */
  readonly wallsOn?: boolean
  holdSpace(): void
  cancelDrag(): void
  closeMenu(): void
  /** Esc with nothing else to stop: the tool and whatever it holds. */
  escapeTool(): void
  toggleTool(tool: 'measure' | 'area'): void
  openMenu(id: CombatantId): void
  removeArea(id: AreaMarkId): void
  /** Walls tool: finishes the wall being drawn (false: none to finish). */
  finishWall?(): boolean
  /** Walls tool: takes back the last corner clicked (false: none). */
  dropCorner?(): boolean
  /** Walls tool: removes the picked wall (false: none picked). */
  removeWall?(): boolean
}

/**
 * A key pressed over the console while the map is shown (and not typed into a field). Esc
 * stops the innermost thing: a drag, then the token menu, then the tool. Returns whether the
 * key's default should be prevented.
 */
export function runMapKey(e: KeyLike, host: MapKeysHost): boolean {
  if (e.key === ' ') {
    host.holdSpace()
    return true
  }
  if (e.key === 'Escape') {
    if (host.dragging) host.cancelDrag()
    else if (host.menuOpen) host.closeMenu()
    else host.escapeTool()
    return false
  }
  if (host.gm && host.wallsOn && !e.ctrlKey && !e.metaKey && !e.altKey) {
    if (e.key === 'Enter' && host.finishWall?.()) return true
    if (e.key === 'Backspace' && host.dropCorner?.()) return true
    if ((e.key === 'Delete' || e.key === 'Backspace') && host.removeWall?.()) return true
  }
  const action = host.gm ? shortcutFor(e, false, 'map') : null
  if (action === 'measure') host.toggleTool('measure')
  else if (action === 'areaTool') host.toggleTool('area')
  else if (action === 'tokenMenu' && host.menuSubject) host.openMenu(host.menuSubject)
  else if (action === 'removeArea' && host.selectedArea) host.removeArea(host.selectedArea)
  else return false
  return true
}
