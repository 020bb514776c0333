import type { ExplanationLine } from '../../../src-shared/attack'

/*
 * Which carried weapons are in hand, for rulesets that keep it on the live sheet as a list of
 * weapon slots. Unset (null) means nothing was ever drawn or put away on this sheet; what is in
 * hand then is the ruleset's reading: its first weapon that needs drawing (SR-D20-11), or every
 * weapon it carries (SR-2D6-10), so a sheet stored before drawing was tracked, or a fresh one
 * from the roster, fights as before.
 */

/** What is in hand on a sheet that never drew or put anything away. */
export type UnsetInHand = 'first' | 'all'

/** The slots in hand, in slot order; slots that no longer hold a weapon to draw are dropped. */
export function slotsInHand<W>(
  drawn: readonly number[] | null,
  weapons: readonly W[],
  needsDrawing: (w: W) => boolean = () => true,
  unset: UnsetInHand = 'first',
): number[] {
  const drawable = (i: number) => weapons[i] !== undefined && needsDrawing(weapons[i])
  if (drawn !== null) return [...new Set(drawn)].filter(drawable).sort((a, b) => a - b)
  if (unset === 'all') return weapons.map((_, i) => i).filter(drawable)
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
  unset: UnsetInHand = 'first',
): number[] {
  const rest = slotsInHand(drawn, weapons, needsDrawing, unset).filter((i) => !slots.includes(i))
  return inHand ? [...rest, ...slots].sort((a, b) => a - b) : rest
}

/** The card's "In hand" line: the weapons in these slots, or that none is drawn. */
export function inHandLine(weapons: readonly { readonly name: string }[], slots: readonly number[], source: string): ExplanationLine {
  return { label: 'In hand', value: slots.map((i) => weapons[i]!.name).join(', ') || 'no weapon drawn', source }
}
