import type { Modifier } from '../kit/modifier'

/**
 * Explainable numbers (Foundry pf2e style): every derived value is a list of labelled
 * modifiers (the kit's), each citing the rule it came from, and the total is computed from
 * that list — never rebuilt afterwards — so the breakdown the GM sees is the arithmetic that ran.
 */

/** Drops the decimal toward zero (CX5: −0.5 → 0, −1.0 → −1, +1.5 → +1). */
export function truncate(x: number): number {
  const t = Math.trunc(x)
  return t === 0 ? 0 : t // no −0 in explanations
}

/**
 * One step of a calculation: a group of modifiers, how they combine, and the running total
 * after it. Unlike a plain modifier sum the total may be truncated (CX5) or floored (CX6), so
 * it is carried rather than recomputed.
 */
export interface Step {
  readonly title: string
  readonly modifiers: readonly Modifier[]
  /** e.g. "truncated toward zero (CX5)", "at least +1 (CX6)". */
  readonly rule?: string
  readonly total: number
}
