import type { CombatantId, ConditionDuration, ConditionInstance } from './records'

/**
 * When conditions end. Shared by the core (which removes them at turn edges) and the GM
 * window (which forecasts what will have ended before each combatant acts), so the two
 * can never disagree.
 */

/** A combatant's place in the order, as the clock needs it. */
export interface OrderSlot {
  readonly id: CombatantId
  readonly orderKey: number | null
}

/**
 * Whether a condition ends as `starting`'s turn begins in `round`. Round counts end at the
 * anchor's turn (or the first turn at or after its slot, when the anchor is gone or skipped);
 * "until the start of X's turn" ends when X's turn starts.
 */
export function endsAtTurnStart(d: ConditionDuration, starting: OrderSlot, round: number, anchorKey: number | null): boolean {
  switch (d.kind) {
    case 'indefinite':
    case 'turnEnd':
      return false
    case 'turnStart':
      return d.of === starting.id
    case 'rounds':
      if (round > d.endsRound) return true
      if (round < d.endsRound) return false
      if (d.at === null || d.at === starting.id) return true
      return anchorKey === null || (starting.orderKey !== null && starting.orderKey >= anchorKey)
  }
}

/** Whether a condition ends as `ending`'s turn ends ("until the end of X's turn"). */
export const endsAtTurnEnd = (d: ConditionDuration, ending: CombatantId): boolean => d.kind === 'turnEnd' && d.of === ending

/** Whether a condition only makes sense inside a fight (it ends when the encounter does). */
export const isCombatTimed = (d: ConditionDuration): boolean => d.kind !== 'indefinite'

/** "2 rounds (to Vex's turn, round 4)", "until the start of Raider 2's turn"… */
export function describeDuration(d: ConditionDuration, nameOf: (id: CombatantId) => string): string {
  switch (d.kind) {
    case 'indefinite':
      return 'until removed'
    case 'turnStart':
      return `until the start of ${nameOf(d.of)}'s turn`
    case 'turnEnd':
      return `until the end of ${nameOf(d.of)}'s turn`
    case 'rounds':
      return `${d.rounds} round${d.rounds === 1 ? '' : 's'} (ends round ${d.endsRound}${d.at ? `, ${nameOf(d.at)}'s turn` : ''})`
  }
}

/** The anchor's sort key for a round-count duration, read from the current order. */
export function anchorKeyOf(d: ConditionDuration, order: readonly OrderSlot[]): number | null {
  if (d.kind !== 'rounds' || d.at === null) return null
  return order.find((s) => s.id === d.at)?.orderKey ?? null
}

/** Conditions that end as `starting`'s turn begins. */
export function endingAtTurnStart(
  conditions: readonly ConditionInstance[],
  starting: OrderSlot,
  round: number,
  order: readonly OrderSlot[],
): ConditionInstance[] {
  return conditions.filter((c) => endsAtTurnStart(c.duration, starting, round, anchorKeyOf(c.duration, order)))
}
