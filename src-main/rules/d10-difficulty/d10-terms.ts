import type { ExplanationLine, ExplanationSection } from '../../../src-shared/attack'

/**
 * One labelled part of a d10 number (a modifier, a table entry, the base five), with the rule it
 * comes from. Totals are summed from these lists, so the breakdown the GM reads is the sum that ran.
 */
export interface Term {
  readonly label: string
  readonly value: number
  /** Document section ("002 Size") or RULINGS id ("D4"). */
  readonly source: string
}

export const term = (label: string, value: number, source: string): Term => ({ label, value, source })

export const sumTerms = (terms: readonly Term[]): number => terms.reduce((t, x) => t + x.value, 0)

/** "+3", "−2", "0": signs as the GM writes them. */
export const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : '0')

export const percent = (p: number): string => `${(p * 100).toFixed(1)}%`

/** A list of terms as an explanation section, with a closing rule line when given. */
export function termsSection(title: string, terms: readonly Term[], rule?: { label: string; source: string }): ExplanationSection {
  const lines: ExplanationLine[] = terms.map((t) => ({ label: t.label, value: signed(t.value), source: t.source }))
  return { title, lines: rule ? [...lines, { label: rule.label, value: '', source: rule.source }] : lines, total: String(sumTerms(terms)) }
}
