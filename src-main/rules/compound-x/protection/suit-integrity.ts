import type { SuitState } from './defender'

/**
 * `000` EVA Suits: "If the suit is hit more times than its "Suit Integrity" rating, it will no
 * longer be able to maintain air pressure (player health has to be damaged in order for "Suit
 * Integrity" to count a hit)." SR-CX-103: one hit that puts damage on health counts once; the
 * hit that takes the count past the integrity is the one that breaks the seal, and says so.
 */
export function suitAfterHit(suit: SuitState | null | undefined, toHealth: number, notes: string[]): SuitState | null | undefined {
  if (!suit || toHealth <= 0) return suit
  const hits = suit.hits + 1
  if (hits === suit.integrity + 1)
    notes.push(`the EVA suit is hit ${hits} times, past its integrity ${suit.integrity}: it loses air pressure (000 EVA Suits)`)
  return { ...suit, hits }
}

/** Past its integrity the suit holds no air pressure (`000` EVA Suits). */
export const losesAirPressure = (suit: SuitState): boolean => suit.hits > suit.integrity
