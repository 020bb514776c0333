import type { CombatantId, EncounterRecord } from './records'
import { hiddenTurnOf, type ProjectorRecord } from './scene-records'

/** A combatant the table can see, where it stands in the order. */
export interface Placed {
  readonly id: CombatantId
  readonly orderKey: number
}

/**
 * Whom the table's ribbon marks while a hidden combatant (at `actingKey` in the order) takes its
 * turn: the last visible one to act before it — this round, or, when the hidden one opens the
 * round, the last of the round before. In the first round, with nobody visible yet to have
 * acted, the next visible one. `visible` may come in any order. Null only with nobody visible.
 */
export function markedDuringHiddenTurn(actingKey: number, visible: Iterable<Placed>, round: number): CombatantId | null {
  let before: Placed | null = null
  let last: Placed | null = null
  let after: Placed | null = null
  for (const v of visible) {
    if (v.orderKey < actingKey && (!before || v.orderKey > before.orderKey)) before = v
    if (!last || v.orderKey > last.orderKey) last = v
    if (v.orderKey > actingKey && (!after || v.orderKey < after.orderKey)) after = v
  }
  return (before ?? (round > 1 ? last : after) ?? last)?.id ?? null
}

/**
 * The encounter as the table gets it: who acts, when that one is visible. While a hidden one
 * acts, the ribbon never marks nobody (the projector's `hiddenTurn`): it marks the last visible
 * one, dimmed (`actingUnseen`) or held as if still acting. The core's projection and the GM's
 * projector preview both go through here.
 */
export function tableEncounter(
  e: EncounterRecord,
  acting: { readonly hidden: boolean; readonly orderKey: number | null } | null,
  visible: () => Iterable<Placed>,
  projector: Pick<ProjectorRecord, 'hiddenTurn'> | null,
): EncounterRecord & { readonly actingUnseen?: true } {
  const base = { ...e, turnAnchor: null }
  if (e.currentCombatantId === null || (acting && !acting.hidden)) return base
  const marked = acting?.orderKey != null ? markedDuringHiddenTurn(acting.orderKey, visible(), e.round) : null
  if (marked === null) return { ...base, currentCombatantId: null }
  const mode = projector ? hiddenTurnOf(projector) : 'dim'
  return mode === 'dim' ? { ...base, currentCombatantId: marked, actingUnseen: true } : { ...base, currentCombatantId: marked }
}
