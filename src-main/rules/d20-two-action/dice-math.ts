/**
 * Exact discrete distributions for the odds: every outcome is enumerated or convolved, never
 * sampled. A distribution is a map from a value to its probability.
 */
export type Dist = ReadonlyMap<number, number>

export const point = (v: number): Dist => new Map([[v, 1]])

/** A fair die: 1..sides, each 1/sides (R0.1). */
export function die(sides: number): Dist {
  const m = new Map<number, number>()
  for (let f = 1; f <= sides; f++) m.set(f, 1 / sides)
  return m
}

function add(m: Map<number, number>, v: number, p: number): void {
  if (p > 0) m.set(v, (m.get(v) ?? 0) + p)
}

/** The sum of two independent values. */
export function convolve(a: Dist, b: Dist): Dist {
  const m = new Map<number, number>()
  for (const [x, p] of a) for (const [y, q] of b) add(m, x + y, p * q)
  return m
}

/** The sum of `count` dice of `sides`. */
export function dice(count: number, sides: number): Dist {
  let d: Dist = point(0)
  for (let i = 0; i < count; i++) d = convolve(d, die(sides))
  return d
}

/** The distribution of f(value). */
export function mapDist(d: Dist, f: (v: number) => number): Dist {
  const m = new Map<number, number>()
  for (const [v, p] of d) add(m, f(v), p)
  return m
}

/** Adds `weight` × d into an accumulating map (a mixture built branch by branch). */
export function mixInto(acc: Map<number, number>, d: Dist, weight: number): void {
  for (const [v, p] of d) add(acc, v, p * weight)
}

export const expectation = (d: Dist): number => [...d].reduce((t, [v, p]) => t + v * p, 0)

export const probability = (d: Dist, test: (v: number) => boolean): number => [...d].reduce((t, [v, p]) => (test(v) ? t + p : t), 0)

/** Sorted [value, probability] pairs, for the preview's damage table. */
export const sortedPairs = (d: Dist): [number, number][] => [...d].sort((a, b) => a[0] - b[0])
