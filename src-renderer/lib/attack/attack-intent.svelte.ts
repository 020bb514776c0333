import type { CombatantId } from '../../../src-shared/records'

/**
 * Who the GM means to attack with and whom, set from anywhere (a card's Attack button, a click
 * on the ribbon) and read by the attack panel. A counter tells the panel to come into view.
 */
export const attackIntent = $state<{ attackerId: CombatantId | ''; targetId: CombatantId | ''; focus: number }>({ attackerId: '', targetId: '', focus: 0 })

export function attackWith(id: CombatantId): void {
  attackIntent.attackerId = id
  if (attackIntent.targetId === id) attackIntent.targetId = ''
  attackIntent.focus++
}

export function aimAt(id: CombatantId): void {
  if (attackIntent.attackerId === id) return
  attackIntent.targetId = id
  attackIntent.focus++
}
