import { D10_FACES } from '../checks/d10-check'
import { mix, probabilityThat, sumOf, type Distribution } from '../../kit/distribution'
import { burstHits } from './burst'

export interface Volley {
  /** The check's bonus over the d10 (D1). */
  readonly bonus: number
  readonly difficulty: number
  readonly recoil: number
  readonly rounds: number
}

/** D5 exactly: the chance of each number of hits, 0..rounds, over the ten faces of the one check. */
export function hitCountChances(v: Volley): number[] {
  const counts = Array.from({ length: v.rounds + 1 }, () => 0)
  for (const f of D10_FACES) counts[burstHits(f + v.bonus, v.difficulty, v.recoil, v.rounds)]!++
  return counts.map((n) => n / D10_FACES.length)
}

/** The volley's total damage: the hit-count chances mixed over sums of independent hits. */
export function volleyDamage(hits: readonly number[], perHit: Distribution): Distribution {
  return mix(hits.map((weight, k) => ({ weight, dist: sumOf(perHit, k) })))
}

/** The chance the target drops below 1 health (the core's "down"). */
export function downChance(damage: Distribution, hp: number): number {
  return probabilityThat(damage, (d) => hp - d < 1)
}
