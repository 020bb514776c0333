import type { ExplanationSection } from '../../../src-shared/attack'
import type { Step } from './statistic'

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : '0')

/** Renders calculation steps as the explanation sections the UI and the log show. */
export function explainSteps(steps: readonly Step[]): ExplanationSection[] {
  return steps.map((s) => ({
    title: s.title,
    lines: [
      ...s.modifiers.map((m) => ({ label: m.label, value: signed(m.value), source: m.source, enabled: m.enabled })),
      ...(s.rule ? [{ label: s.rule, value: '' }] : []),
    ],
    total: String(s.total),
  }))
}

export { signed }
