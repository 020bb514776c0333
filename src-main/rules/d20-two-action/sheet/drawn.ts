import type { D20Sheet, Weapon } from './d20-sheet'

/*
 * `003 Combat Actions` Draw/Sheath weapon: which weapons are in hand. Spells are no weapons to
 * draw, and bare hands are always ready; everything else must be drawn before it attacks.
 */

/** A weapon that has to be in hand to attack with (not a spell). */
export const needsDrawing = (w: Weapon): boolean => w.attack !== 'spell'

/** The slots in hand. Never drawn or sheathed yet: the first weapon that is not a spell (SR-D20-11). */
export function drawnSlots(sheet: D20Sheet): number[] {
  const exists = (i: number) => sheet.weapons[i] !== undefined && needsDrawing(sheet.weapons[i])
  if (sheet.live.drawn !== null) return sheet.live.drawn.filter(exists)
  const first = sheet.weapons.findIndex(needsDrawing)
  return first < 0 ? [] : [first]
}

/** Whether the weapon in this slot can attack now: in hand, or one that needs no drawing. */
export function isReady(sheet: D20Sheet, slot: number): boolean {
  const w = sheet.weapons[slot]
  return !w || !needsDrawing(w) || drawnSlots(sheet).includes(slot)
}

/** The sheet with these slots drawn (`true`) or sheathed (`false`). */
export function withDrawn(sheet: D20Sheet, slots: readonly number[], drawn: boolean): D20Sheet {
  const now = drawnSlots(sheet).filter((i) => !slots.includes(i))
  const next = drawn ? [...now, ...slots].sort((a, b) => a - b) : now
  return { ...sheet, live: { ...sheet.live, drawn: next } }
}
