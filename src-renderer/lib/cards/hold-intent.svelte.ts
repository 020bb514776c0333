import type { CombatantId } from '../../../src-shared/records'

/** The ribbon's "Hold…" asks the acting combatant's card to open its hold form (trigger and count). */
export const holdIntent = $state<{ combatantId: CombatantId | null; asked: number }>({ combatantId: null, asked: 0 })

export function askToHold(id: CombatantId): void {
  holdIntent.combatantId = id
  holdIntent.asked++
}
