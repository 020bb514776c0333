import type { ExplanationLine, ExplanationSection } from '../../../src-shared/attack'
import { signed } from './format'

/**
 * One labelled number that goes into a total, with the rule it comes from. Totals are summed
 * from these lists, never rebuilt afterwards, so the breakdown the GM reads is the arithmetic
 * that ran. A disabled modifier stays in the list (the GM sees what was left out) but adds nothing.
 */
export interface Modifier {
  readonly label: string
  readonly value: number
  /** The rule it comes from: a RULINGS id or a document section. */
  readonly source: string
  readonly enabled: boolean
}

export const modifier = (label: string, value: number, source: string, enabled = true): Modifier => ({
  label,
  value,
  source,
  enabled,
})

/** The sum of the enabled modifiers. */
export const sumModifiers = (modifiers: readonly Modifier[]): number => modifiers.reduce((t, m) => (m.enabled ? t + m.value : t), 0)

/** A modifier as a breakdown line; a disabled one is shown as not applied. */
export const modifierLine = (m: Modifier): ExplanationLine => ({
  label: m.label,
  value: signed(m.value),
  source: m.source,
  enabled: m.enabled,
})

/** A breakdown: each modifier, then any notes, then the total (by default the signed sum). */
export function modifierSection(
  title: string,
  modifiers: readonly Modifier[],
  notes: readonly ExplanationLine[] = [],
  total: string = signed(sumModifiers(modifiers)),
): ExplanationSection {
  return { title, lines: [...modifiers.map(modifierLine), ...notes], total }
}

/** A plain line of a breakdown that is not a number added in (a rule applied, a note). */
export const note = (label: string, value: string, source?: string): ExplanationLine =>
  source === undefined ? { label, value } : { label, value, source }
