import type { CombatantId } from '../../../src-shared/records'

/**
 * Reordering the ribbon by drag and drop: who is being dragged and which entry it would land
 * before. A drop on the list's empty end moves it last (`beforeId` null).
 */
export class RibbonDrag {
  dragging = $state<CombatantId | null>(null)
  dropBefore = $state<CombatantId | null>(null)

  constructor(private readonly move: (combatantId: CombatantId, beforeId: CombatantId | null) => void) {}

  start(id: CombatantId, e: DragEvent): void {
    this.dragging = id
    e.dataTransfer?.setData('text/plain', id)
  }

  end(): void {
    this.dragging = null
    this.dropBefore = null
  }

  /** Over an entry: the dragged one would land before it. */
  overEntry(id: CombatantId, e: DragEvent): void {
    if (this.dragging && this.dragging !== id) {
      e.preventDefault()
      e.stopPropagation()
      this.dropBefore = id
    }
  }

  overList(e: DragEvent): void {
    if (this.dragging) e.preventDefault()
  }

  drop(beforeId: CombatantId | null): void {
    const moving = this.dragging
    this.end()
    if (moving && moving !== beforeId) this.move(moving, beforeId)
  }
}
