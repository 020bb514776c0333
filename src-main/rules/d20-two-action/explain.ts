import type { ExplanationLine, ExplanationSection } from '../../../src-shared/attack'
import { signed } from './d20-terms'

/**
 * One labelled number that goes into a total, with the rule it comes from. Totals are summed
 * from these lists, so the working the GM reads is the arithmetic that ran.
 */
export interface Bonus {
  readonly label: string
  readonly value: number
  /** The document section ("003 Attack Modifiers") or RULINGS id (W3). */
  readonly source: string
}

export const bonus = (label: string, value: number, source: string): Bonus => ({ label, value, source })

export const total = (bonuses: readonly Bonus[]): number => bonuses.reduce((t, b) => t + b.value, 0)

/** A section listing each bonus, then any plain notes, with the total. */
export function bonusSection(
  title: string,
  bonuses: readonly Bonus[],
  notes: readonly ExplanationLine[] = [],
  shownTotal?: string,
): ExplanationSection {
  return {
    title,
    lines: [...bonuses.map((b) => ({ label: b.label, value: signed(b.value), source: b.source })), ...notes],
    total: shownTotal ?? signed(total(bonuses)),
  }
}

export const note = (label: string, value: string, source: string): ExplanationLine => ({ label, value, source })
