import { dice, type Distribution } from '../kit/distribution'

/**
 * How the two kept dice of a check fall. 'boon' and 'bane' roll three and keep the best or
 * worst two (the classic 2d6 answer to advantage and disadvantage; our reading where the
 * document is silent), enumerated over all 216 throws.
 */
export type KeepMode = 'normal' | 'boon' | 'bane'

export function twoD6(mode: KeepMode = 'normal'): Distribution {
  if (mode === 'normal') return dice(2, 6)
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
