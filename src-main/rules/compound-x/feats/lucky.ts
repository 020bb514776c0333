import type { RollMode } from '../checks/d100-check'

/**
 * 03_Feats "Lucky" (a LUCK 6+ feat, `001` Luck), by Luck: how many times per long rest, and
 * whether a use is a reroll (the second result kept at 6–7; at 10+ the best of them may be
 * kept) or a roll with advantage (8–9). From 12 a reroll may carry ±10, from 15 ±20.
 */
export interface LuckyScale {
  readonly usesPerLongRest: number
  readonly kind: 'reroll' | 'advantage'
  /** At 10+: "You may reroll an action multiple times and choose which roll to keep." */
  readonly keepEither: boolean
  /** The largest bonus or malus (a d100 point per %) a reroll may carry. */
  readonly maxShift: number
}

export function luckyScale(luck: number): LuckyScale | null {
  if (luck < 6) return null
  if (luck >= 10) return { usesPerLongRest: 4, kind: 'reroll', keepEither: true, maxShift: luck >= 15 ? 20 : luck >= 12 ? 10 : 0 }
  if (luck >= 8) return { usesPerLongRest: luck >= 9 ? 3 : 2, kind: 'advantage', keepEither: false, maxShift: 0 }
  return { usesPerLongRest: luck >= 7 ? 2 : 1, kind: 'reroll', keepEither: false, maxShift: 0 }
}

/** SR-CX-84: a Lucky use rolls the d100 this way: a reroll is one fresh die, advantage the better of two. */
export const luckyRollMode = (s: LuckyScale): RollMode => (s.kind === 'advantage' ? 'advantage' : 'normal')

/** The shifts a reroll may take at this Luck: 0, and ±10 or ±20 from Luck 12 / 15. */
export const luckyShifts = (s: LuckyScale): number[] => (s.maxShift ? [0, s.maxShift, -s.maxShift] : [0])
