/*
 * Which carried weapons are in hand, for rulesets that keep it on the live sheet as a list of
 * weapon slots. Unset (null) means nothing was ever drawn or put away on this sheet: its first
 * weapon that needs drawing counts as in hand, so a sheet stored before drawing was tracked, or
 * a fresh one, fights with its main weapon as before (SR-D20-11, SR-2D6-10).
 */

/** The slots in hand, in slot order; slots that no longer hold a weapon to draw are dropped. */
export function slotsInHand<W>(
  drawn: readonly number[] | null,
  weapons: readonly W[],
  needsDrawing: (w: W) => boolean = () => true,
): number[] {
  const drawable = (i: number) => weapons[i] !== undefined && needsDrawing(weapons[i])
  if (drawn !== null) return [...new Set(drawn)].filter(drawable).sort((a, b) => a - b)
  const first = weapons.findIndex(needsDrawing)
  return first < 0 ? [] : [first]
}

/** The slots in hand after these are drawn (`inHand` true) or put away (false). */
export function withSlots<W>(
  drawn: readonly number[] | null,
  weapons: readonly W[],
  slots: readonly number[],
  inHand: boolean,
  needsDrawing: (w: W) => boolean = () => true,
): number[] {
  const rest = slotsInHand(drawn, weapons, needsDrawing).filter((i) => !slots.includes(i))
  return inHand ? [...rest, ...slots].sort((a, b) => a - b) : rest
}
