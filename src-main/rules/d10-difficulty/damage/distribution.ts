import type { DamageDice } from '../sheet/d10-sheet'

/** A discrete distribution: value → probability (the probabilities sum to 1). */
export type Distribution = ReadonlyMap<number, number>

export const certain = (v: number): Distribution => new Map([[v, 1]])

/** The distribution of the sum of two independent draws. */
export function convolve(a: Distribution, b: Distribution): Distribution {
  const out = new Map<number, number>()
  for (const [x, p] of a) for (const [y, q] of b) out.set(x + y, (out.get(x + y) ?? 0) + p * q)
  return out
}

/** Maps each value through f, merging the values that land together. */
export function mapDistribution(d: Distribution, f: (v: number) => number): Distribution {
  const out = new Map<number, number>()
  for (const [v, p] of d) {
    const w = f(v)
    out.set(w, (out.get(w) ?? 0) + p)
  }
  return out
}

/** A weighted mixture of distributions (the weights sum to 1). */
export function mix(parts: readonly { readonly weight: number; readonly dist: Distribution }[]): Distribution {
  const out = new Map<number, number>()
  for (const { weight, dist } of parts) for (const [v, p] of dist) out.set(v, (out.get(v) ?? 0) + weight * p)
  return out
}

/** The sum of n independent draws of d (n = 0 is a certain 0). */
export function sumOf(d: Distribution, n: number): Distribution {
  let out = certain(0)
  for (let i = 0; i < n; i++) out = convolve(out, d)
  return out
}

/** R0.1: NdS+B exactly; a total below 0 deals 0. */
export function diceDistribution(dice: DamageDice): Distribution {
  const face = new Map(Array.from({ length: dice.sides }, (_, i) => [i + 1, 1 / dice.sides] as const))
  return mapDistribution(sumOf(face, dice.count), (v) => Math.max(0, v + dice.bonus))
}

/** 2d6 for the hit zone (D7). */
export const TWO_D6: Distribution = diceDistribution({ count: 2, sides: 6, bonus: 0 })

export const expectation = (d: Distribution): number => [...d].reduce((t, [v, p]) => t + v * p, 0)

/** As a list sorted by value, for the preview's damage table. */
export const asRows = (d: Distribution) =>
  [...d]
    .filter(([, p]) => p > 0)
    .sort((a, b) => a[0] - b[0])
    .map(([amount, probability]) => ({ amount, probability }))
