/**
 * Explainable numbers (Foundry pf2e style): every derived value is a list of labelled
 * modifiers, each citing the rule it came from, and the total is computed from that list —
 * never rebuilt afterwards — so the breakdown the GM sees is the arithmetic that ran.
 */
export interface Modifier {
  readonly label: string
  readonly value: number
  /** The rule: a RULINGS id (CX5) or document and section ("000 Cover/Stances"). */
  readonly source: string
  /** Disabled modifiers stay in the list (so the GM can toggle them) but add nothing. */
  readonly enabled: boolean
}

export const mod = (label: string, value: number, source: string, enabled = true): Modifier => ({
  label,
  value,
  source,
  enabled,
})

export function sumOf(modifiers: readonly Modifier[]): number {
  return modifiers.reduce((t, m) => (m.enabled ? t + m.value : t), 0)
}

/** Drops the decimal toward zero (CX5: −0.5 → 0, −1.0 → −1, +1.5 → +1). */
export function truncate(x: number): number {
  const t = Math.trunc(x)
  return t === 0 ? 0 : t // no −0 in explanations
}

/** One step of a calculation: a group of modifiers, how they combine, and the running total after it. */
export interface Step {
  readonly title: string
  readonly modifiers: readonly Modifier[]
  /** e.g. "truncated toward zero (CX5)", "at least +1 (CX6)". */
  readonly rule?: string
  readonly total: number
}

export function describeStep(s: Step): string {
  const parts = s.modifiers.map(
    (m) => `${m.enabled ? '' : '[off] '}${m.label} ${m.value >= 0 ? '+' : '−'}${Math.abs(m.value)} (${m.source})`,
  )
  return `${s.title}: ${parts.join(', ') || 'none'}${s.rule ? `; ${s.rule}` : ''} → ${s.total}`
}
