/** How numbers read on cards, breakdowns and the log, the same in every ruleset. */

/** "+3", "−2", "0": signs as the GM writes them (a true minus sign; zero unsigned). */
export const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0')

/** Always with a sign, zero too, for dice expressions ("d20+0"). */
export const withSign = (n: number): string => (n < 0 ? `−${-n}` : `+${n}`)

/** A probability as a percentage with one decimal, rounded half up ("37.5%"). */
export const percent = (p: number): string => `${(Math.round(p * 1000) / 10).toFixed(1)}%`

/** "1 hit", "3 hits". */
export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`

/**
 * A number added to a term as the documents write it: "2d6 + 2", "d20 − 3", "14 + 0". Never
 * "2d6 + +2" or "d20 + -3": the sign is the operator.
 */
export const plusTerm = (base: string, n: number): string => (n < 0 ? `${base} − ${-n}` : `${base} + ${n}`)
