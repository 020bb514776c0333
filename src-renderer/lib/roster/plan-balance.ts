import { BALANCE } from '../../../src-shared/limits'
import type { PlanRecord } from '../../../src-shared/records'
import type { TemplateView } from '../../../src-shared/views'
import type { SquadLine } from './squad-view'

/*
 * Issue 35: Balance on a saved encounter's row. The panel works on squad lines; a saved
 * encounter's entries become lines, and the line-up the GM uses becomes the entries' new counts.
 */

/** Why this saved encounter cannot be balanced, or null when it can. */
export function planBalanceProblem(plan: PlanRecord): string | null {
  if (plan.entries.length > BALANCE.lines)
    return `Balance works on at most ${BALANCE.lines} lines; this encounter has ${plan.entries.length}.`
  const ids = plan.entries.map((e) => e.templateId)
  if (new Set(ids).size !== ids.length)
    return 'One roster entry is in this encounter twice (hidden and not): Balance cannot tell its lines apart.'
  return null
}

/** The saved encounter's entries as the panel's lines (no ready-made swaps: a saved line is a roster entry). */
export function planLines(plan: PlanRecord, templates: readonly TemplateView[]): SquadLine[] {
  return plan.entries.map((e) => {
    const name = templates.find((t) => t.id === e.templateId)?.name ?? e.templateId
    return { source: { kind: 'template', templateId: e.templateId, name, detail: '' }, count: e.count }
  })
}

/** A used line-up as the plan's counts in its entries' order: an entry missing from it drops to 0. */
export function planCounts(plan: PlanRecord, lines: readonly SquadLine[]): number[] {
  return plan.entries.map((e) => lines.find((l) => l.source.kind === 'template' && l.source.templateId === e.templateId)?.count ?? 0)
}
