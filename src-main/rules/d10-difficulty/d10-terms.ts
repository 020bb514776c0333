import type { ExplanationSection } from '../../../src-shared/attack'
import { modifierSection, note, sumModifiers, type Modifier } from '../kit/modifier'

/**
 * A d10 check's working: each modifier, then the rule the total meets. The total is the plain
 * number added to the d10 ("d10 plus 5"), not a signed modifier, so it is given unsigned.
 */
export function termsSection(title: string, terms: readonly Modifier[], rule?: { label: string; source: string }): ExplanationSection {
  return modifierSection(title, terms, rule ? [note(rule.label, '', rule.source)] : [], String(sumModifiers(terms)))
}
