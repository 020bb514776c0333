/**
 * Exact discrete distributions, the one implementation every ruleset's odds use: outcomes are
 * enumerated or convolved, never sampled, so the odds the GM reads are the odds the dice give.
 *
 * Zero policy: an entry is kept only while its probability is above zero. Every builder here
 * drops impossible values as it goes (an impossible branch of a mixture, a product that
 * underflows), so a preview table never lists a row the GM can never see, and two ways of
 * computing the same distribution compare equal entry for entry.
 */

/** Value → probability; the probabilities sum to 1. */
export type Distribution = ReadonlyMap<number, number>

function addTo(out: Map<number, number>, value: number, p: number): void {
  if (p > 0) out.set(value, (out.get(value) ?? 0) + p)
}

/** A value that is certain. */
export const point = (value: number): Distribution => new Map([[value, 1]])

/** A fair die: 1..sides, each 1/sides. */
export function die(sides: number): Distribution {
  const out = new Map<number, number>()
  for (let face = 1; face <= sides; face++) out.set(face, 1 / sides)
  return out
}

/** The distribution of X + Y for independent X and Y. */
export function convolve(a: Distribution, b: Distribution): Distribution {
  const out = new Map<number, number>()
  for (const [x, p] of a) for (const [y, q] of b) addTo(out, x + y, p * q)
  return out
}

/** The sum of `count` independent draws of d (count 0 is a certain 0). */
export function sumOf(d: Distribution, count: number): Distribution {
  let out: Distribution = point(0)
  for (let i = 0; i < count; i++) out = convolve(out, d)
  return out
}

/** The sum of `count` dice of `sides` faces. */
export const dice = (count: number, sides: number): Distribution => sumOf(die(sides), count)

/** The distribution of f(X), merging the values that land together. */
export function mapDistribution(d: Distribution, f: (value: number) => number): Distribution {
  const out = new Map<number, number>()
  for (const [v, p] of d) addTo(out, f(v), p)
  return out
}

/** One branch of a mixture: this distribution, taken with this probability. */
export interface Branch {
  readonly weight: number
  readonly dist: Distribution
}

/** A weighted mixture Σ weight · dist (the weights are probabilities that sum to 1). */
export function mix(branches: readonly Branch[]): Distribution {
  const out = new Map<number, number>()
  for (const b of branches) mixInto(out, b.dist, b.weight)
  return out
}

/** Adds weight · d into a mixture being built branch by branch. */
export function mixInto(acc: Map<number, number>, d: Distribution, weight: number): void {
  for (const [v, p] of d) addTo(acc, v, p * weight)
}

export const expectation = (d: Distribution): number => [...d].reduce((t, [v, p]) => t + v * p, 0)

export const probabilityThat = (d: Distribution, test: (value: number) => boolean): number =>
  [...d].reduce((t, [v, p]) => (test(v) ? t + p : t), 0)

/** [value, probability] pairs sorted by value, for preview tables and tests. */
export const sortedPairs = (d: Distribution): [number, number][] => [...d].sort((a, b) => a[0] - b[0])

/** Sorted rows of a damage table: what was dealt and how likely. */
export const amountRows = (d: Distribution): { amount: number; probability: number }[] =>
  sortedPairs(d).map(([amount, probability]) => ({ amount, probability }))
