import { slotsInHand, withSlots } from '../../kit/drawn-weapons'
import type { Sheet } from './sheet-schema'

/*
 * `004 Drawing and Reloading`: which carried weapons are in hand. Every carried weapon must be
 * drawn before it attacks; bare hands (the slot after them) are always ready.
 */

/**
 * The slots in hand. Nothing drawn or put away yet: every weapon it carries (SR-2D6-10), as a
 * combatant from the roster starts afresh and the GM's NPCs come armed.
 */
export const drawnSlots = (s: Sheet): number[] => slotsInHand(s.live.drawn, s.weapons, () => true, 'all')

/** Whether the armament in this slot can attack now: a carried weapon in hand, or bare hands. */
export const isReady = (s: Sheet, slot: number): boolean => slot >= s.weapons.length || drawnSlots(s).includes(slot)

/** The sheet with this slot drawn (`true`) or put away (`false`). */
export const withDrawn = (s: Sheet, slot: number, inHand: boolean): Sheet => ({
  ...s,
  live: { ...s.live, drawn: withSlots(s.live.drawn, s.weapons, [slot], inHand, () => true, 'all') },
})
