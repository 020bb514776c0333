/**
 * D5: one check for the whole burst; the i-th round (0-based) hits iff the check's total reaches
 * the difficulty plus i × recoil. The total is the D1 check total (d10 + modifiers + ranks), as
 * the chapter's worked example compares 8 + 1 + 1 + 3 = 13 against 13.
 */
export function burstRoundHits(total: number, difficulty: number, recoil: number, rounds: number): boolean[] {
  return Array.from({ length: rounds }, (_, i) => total >= difficulty + i * recoil)
}

export const burstHits = (total: number, difficulty: number, recoil: number, rounds: number): number =>
  burstRoundHits(total, difficulty, recoil, rounds).filter(Boolean).length
