import { slotsInHand, withSlots } from '../../kit/drawn-weapons'
import type { D20Sheet, Weapon } from './d20-sheet'

/*
 * `003 Combat Actions` Draw/Sheath weapon: which weapons are in hand. Spells are no weapons to
 * draw, and bare hands are always ready; everything else must be drawn before it attacks.
 */

/** A weapon that has to be in hand to attack with (not a spell). */
export const needsDrawing = (w: Weapon): boolean => w.attack !== 'spell'

/** The slots in hand. Never drawn or sheathed yet: the first weapon that is not a spell (SR-D20-11). */
export const drawnSlots = (sheet: D20Sheet): number[] => slotsInHand(sheet.live.drawn, sheet.weapons, needsDrawing)

/** Whether the weapon in this slot can attack now: in hand, or one that needs no drawing. */
export function isReady(sheet: D20Sheet, slot: number): boolean {
  const w = sheet.weapons[slot]
  return !w || !needsDrawing(w) || drawnSlots(sheet).includes(slot)
}

/** The sheet with these slots drawn (`true`) or sheathed (`false`). */
export const withDrawn = (sheet: D20Sheet, slots: readonly number[], drawn: boolean): D20Sheet => ({
  ...sheet,
  live: { ...sheet.live, drawn: withSlots(sheet.live.drawn, sheet.weapons, slots, drawn, needsDrawing) },
})
