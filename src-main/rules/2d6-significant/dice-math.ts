/**
 * Exact distributions of the 2d6 system's rolls, by enumeration and convolution (never by
 * sampling): the odds the GM reads must be the odds the dice give.
 */

/** Value → probability; the probabilities sum to 1. */
export type Dist = ReadonlyMap<number, number>

export const point = (value: number): Dist => new Map([[value, 1]])

/** Every way `count` d6 can fall, each face uniform on 1..6 (R0.1): sum → probability (count 0 is a certain 0). */
export function sumOfD6(count: number): Dist {
  let dist: Dist = point(0)
  const die = new Map([1, 2, 3, 4, 5, 6].map((f) => [f, 1 / 6]))
  for (let i = 0; i < count; i++) dist = convolve(dist, die)
  return dist
}

/** The distribution of X + Y for independent X and Y. */
export function convolve(a: Dist, b: Dist): Dist {
  const out = new Map<number, number>()
  for (const [x, px] of a) for (const [y, py] of b) out.set(x + y, (out.get(x + y) ?? 0) + px * py)
  return out
}

/** The distribution of f(X). */
export function mapDist(a: Dist, f: (x: number) => number): Dist {
  const out = new Map<number, number>()
  for (const [x, p] of a) out.set(f(x), (out.get(f(x)) ?? 0) + p)
  return out
}

/** A weighted mixture: Σ weight · dist (the weights are probabilities that sum to 1). */
export function mix(parts: readonly { readonly weight: number; readonly dist: Dist }[]): Dist {
  const out = new Map<number, number>()
  for (const { weight, dist } of parts) {
    if (weight === 0) continue
    for (const [x, p] of dist) out.set(x, (out.get(x) ?? 0) + weight * p)
  }
  return out
}

export const probabilityThat = (a: Dist, test: (x: number) => boolean): number => [...a].reduce((t, [x, p]) => (test(x) ? t + p : t), 0)

export const mean = (a: Dist): number => [...a].reduce((t, [x, p]) => t + x * p, 0)

/** Sorted by value, for previews and tests. */
export const entries = (a: Dist): [number, number][] => [...a].sort((x, y) => x[0] - y[0])

/**
 * How the two kept dice of a check fall. 'boon' and 'bane' roll three and keep the best or
 * worst two (the classic 2d6 answer to advantage and disadvantage; our reading where the
 * document is silent), enumerated over all 216 throws.
 */
export type KeepMode = 'normal' | 'boon' | 'bane'

export function twoD6(mode: KeepMode = 'normal'): Dist {
  if (mode === 'normal') return sumOfD6(2)
  const out = new Map<number, number>()
  for (let a = 1; a <= 6; a++) {
    for (let b = 1; b <= 6; b++) {
      for (let c = 1; c <= 6; c++) {
        const kept = keepTwo([a, b, c], mode)
        out.set(kept, (out.get(kept) ?? 0) + 1 / 216)
      }
    }
  }
  return out
}

/** The sum of the two best (boon) or two worst (bane) of three faces. */
export function keepTwo(faces: readonly number[], mode: 'boon' | 'bane'): number {
  const sorted = [...faces].sort((x, y) => x - y)
  return mode === 'boon' ? sorted[sorted.length - 1]! + sorted[sorted.length - 2]! : sorted[0]! + sorted[1]!
}
