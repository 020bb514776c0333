import type { CombatantId } from '../../../src-shared/records'

/** The ribbon's "Hold…" asks the acting combatant's card to open its hold form (trigger and count). */
export const holdIntent = $state<{ combatantId: CombatantId | null; asked: number; handled: number }>({
  combatantId: null,
  asked: 0,
  /** The last ask a card opened its form for: a card scrolled back into view later does not open it again. */
  handled: 0,
})

export function askToHold(id: CombatantId): void {
  holdIntent.combatantId = id
  holdIntent.asked++
}
