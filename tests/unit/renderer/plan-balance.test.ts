import { describe, expect, it } from 'vitest'
import { planBalanceProblem, planCounts, planLines } from '../../../src-renderer/lib/roster/plan-balance'
import type { PlanRecord, TemplateId } from '../../../src-shared/records'
import type { TemplateView } from '../../../src-shared/views'

const raider = 'template:raider' as TemplateId
const sniper = 'template:sniper' as TemplateId
const plan = (entries: PlanRecord['entries']): PlanRecord => ({
  typeName: 'plan',
  id: 'plan:p',
  name: 'Ambush',
  entries,
  groupInitiative: false,
})
const templates = [
  { id: raider, name: 'Raider' },
  { id: sniper, name: 'Sniper' },
] as unknown as TemplateView[]

describe('Balance on a saved encounter', () => {
  it('offers its entries as lines, named from the roster', () => {
    const lines = planLines(
      plan([
        { templateId: raider, count: 2, hidden: false },
        { templateId: sniper, count: 1, hidden: true },
      ]),
      templates,
    )
    expect(lines.map((l) => [l.source.name, l.count])).toEqual([
      ['Raider', 2],
      ['Sniper', 1],
    ])
  })

  it('turns a used line-up into counts in the entries’ order, a line missing from it at 0', () => {
    const p = plan([
      { templateId: raider, count: 2, hidden: false },
      { templateId: sniper, count: 1, hidden: false },
    ])
    const used = [{ source: { kind: 'template' as const, templateId: sniper, name: 'Sniper', detail: '' }, count: 3 }]
    expect(planCounts(p, used)).toEqual([0, 3])
  })

  it('says why an encounter with one roster entry twice cannot be balanced', () => {
    const twice = plan([
      { templateId: raider, count: 2, hidden: false },
      { templateId: raider, count: 1, hidden: true },
    ])
    expect(planBalanceProblem(twice)).toMatch(/twice/)
    expect(planBalanceProblem(plan([{ templateId: raider, count: 2, hidden: false }]))).toBeNull()
  })
})
