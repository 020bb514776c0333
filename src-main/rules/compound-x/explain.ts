import type { ExplanationSection } from '../../../src-shared/attack'
import { modifierSection, note } from '../kit/modifier'
import type { Step } from './statistic'

/** Renders calculation steps as the explanation sections the UI and the log show: the rule as a note, the carried total unsigned. */
export const explainSteps = (steps: readonly Step[]): ExplanationSection[] =>
  steps.map((s) => modifierSection(s.title, s.modifiers, s.rule ? [note(s.rule, '')] : [], String(s.total)))
