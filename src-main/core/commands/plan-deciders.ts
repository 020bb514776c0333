import type { DomainEvent } from '../../../src-shared/events'
import type { CombatantRecord, EncounterRecord, PlanRecord, TemplateId, TemplateRecord } from '../../../src-shared/records'
import { SQUAD } from '../../../src-shared/limits'
import { fail, ok } from '../../../src-shared/result'
import { activeEncounter, type Decider } from './decide-context'
import { findPlan, findTemplate } from './roster-lookup'
import { byNaturalName, groupName, plural } from './roster-names'
import { spawnCombatants, spawnedLog } from './spawn'

type PlanEntry = PlanRecord['entries'][number]

/** "3 Raiders, 1 Sniper (hidden)". */
function describeEntries(entries: readonly PlanEntry[], templates: ReadonlyMap<TemplateId, TemplateRecord>): string {
  return entries
    .map((e) => `${e.count} ${plural(templates.get(e.templateId)?.name ?? e.templateId, e.count)}${e.hidden ? ' (hidden)' : ''}`)
    .join(', ')
}

/**
 * The line-up as it stands: combatants spawned from roster entries that still exist, counted
 * per entry and per hidden flag (a hidden sniper stays hidden when the encounter is restarted).
 */
function lineUp(combatants: readonly CombatantRecord[], templates: ReadonlyMap<TemplateId, TemplateRecord>): PlanEntry[] {
  const entries = new Map<string, { templateId: TemplateId; count: number; hidden: boolean }>()
  for (const c of [...combatants].sort(byNaturalName)) {
    if (c.templateId === null || !templates.has(c.templateId)) continue
    const key = `${c.templateId}|${c.hidden}`
    const entry = entries.get(key) ?? { templateId: c.templateId, count: 0, hidden: c.hidden }
    entry.count++
    entries.set(key, entry)
  }
  return [...entries.values()]
}

export const savePlan: Decider<'plan/save'> = (ctx, p) => {
  const templates = new Map(ctx.state.ofType('template').map((t) => [t.id, t]))
  const entries = lineUp(ctx.state.ofType('combatant'), templates)
  if (entries.length === 0) {
    return fail('plan/empty', 'No combatant here was spawned from the roster. Spawn some from a roster entry, then save the line-up.')
  }
  const record: PlanRecord = { typeName: 'plan', id: ctx.newId('plan'), name: p.name, entries, groupInitiative: p.groupInitiative }
  return ok({
    label: `Save encounter ${p.name}`,
    events: [
      { type: 'plan/put', record },
      ctx.log(`Saved encounter "${p.name}": ${describeEntries(entries, templates)}`, { visibility: 'gm' }),
    ],
  })
}

export const removePlan: Decider<'plan/remove'> = (ctx, p) => {
  const found = findPlan(ctx.state, p.planId)
  if (!found.ok) return found
  return ok({
    label: `Delete saved encounter ${found.value.name}`,
    events: [{ type: 'plan/removed', id: found.value.id }, ctx.log(`Deleted saved encounter "${found.value.name}"`, { visibility: 'gm' })],
  })
}

/**
 * A new encounter named after the plan, with every entry's copies spawned into it, numbered from
 * where a fresh fight would number them: one undo step.
 */
export const startPlan: Decider<'plan/start'> = (ctx, p) => {
  const running = activeEncounter(ctx.state)
  if (running) return fail('encounter/alreadyRunning', `"${running.name}" is still running. End it before starting a saved encounter.`)
  const found = findPlan(ctx.state, p.planId)
  if (!found.ok) return found
  const plan = found.value
  // Copies of the line-up's entries left from the last fight go: the fight starts again as it
  // was saved (Raider 1–3 at full health), not beside a first batch as Raider 4–6. Undo brings them back.
  const entryIds = new Set(plan.entries.map((e) => e.templateId))
  const leftover = ctx.state
    .ofType('combatant')
    .filter((c) => c.templateId !== null && entryIds.has(c.templateId))
    .sort(byNaturalName)
  const gone = new Set(leftover.map((c) => c.id))
  const names = ctx.state
    .ofType('combatant')
    .filter((c) => !gone.has(c.id))
    .map((c) => c.name)
  const made: CombatantRecord[][] = []
  for (const entry of plan.entries) {
    const template = findTemplate(ctx.state, entry.templateId)
    if (!template.ok)
      return fail('plan/missingEntry', `Saved encounter "${plan.name}" needs roster entry ${entry.templateId}, which is gone.`)
    const copies = spawnCombatants(ctx, { template: template.value, count: entry.count, hidden: entry.hidden }, names)
    if (!copies.ok) return copies
    made.push(copies.value)
  }
  const encounter: EncounterRecord = {
    typeName: 'encounter',
    id: ctx.newId('encounter'),
    name: plan.name,
    status: 'active',
    round: 0,
    currentCombatantId: null,
    turnAnchor: null,
  }
  const events: DomainEvent[] = [
    ...leftover.map((c): DomainEvent => ({ type: 'combatant/removed', combatantId: c.id })),
    ...(leftover.length ? [ctx.log(`Cleared ${groupName(leftover.map((c) => c.name))} from the last fight`, { visibility: 'gm' })] : []),
    { type: 'encounter/started', record: encounter },
    ctx.log(`Encounter "${plan.name}" started`),
    ...made.flat().map((record): DomainEvent => ({ type: 'combatant/added', record })),
    ...made.map((copies) => spawnedLog(ctx, copies)),
  ]
  return ok({ label: `Start ${plan.name}`, events })
}

/** Issue 35: the badge of a forecast that ended; a plan deleted meanwhile is simply gone. */
export const badgePlan: Decider<'plan/badge'> = (ctx, p) => {
  const found = findPlan(ctx.state, p.planId)
  if (!found.ok) return found
  return ok({ label: `Difficulty of ${found.value.name}`, events: [{ type: 'plan/put', record: { ...found.value, badge: p.badge } }] })
}

/**
 * Issue 35: Balance's line-up for a saved encounter, its counts in the entries' order. A line at
 * 0 leaves the encounter; the badge goes, as it measured another line-up. One undo step.
 */
export const countPlan: Decider<'plan/counts'> = (ctx, p) => {
  const found = findPlan(ctx.state, p.planId)
  if (!found.ok) return found
  const plan = found.value
  if (p.counts.length !== plan.entries.length)
    return fail(
      'plan/countsMismatch',
      `Saved encounter "${plan.name}" has ${plan.entries.length} ${plural('line', plan.entries.length)}; ${p.counts.length} ${plural('count', p.counts.length)} were given.`,
    )
  const entries = plan.entries.flatMap((e, i) => (p.counts[i]! > 0 ? [{ ...e, count: p.counts[i]! }] : []))
  if (entries.length === 0) return fail('plan/empty', `Saved encounter "${plan.name}" would have no one left in it; nothing changed.`)
  const total = entries.reduce((n, e) => n + e.count, 0)
  if (total > SQUAD.size)
    return fail('plan/tooMany', `At most ${SQUAD.size} combatants in a saved encounter (${total} given); nothing changed.`)
  const templates = new Map(ctx.state.ofType('template').map((t) => [t.id, t]))
  return ok({
    label: `Balance ${plan.name}`,
    events: [
      { type: 'plan/put', record: { ...plan, entries, badge: null } },
      ctx.log(`Balanced saved encounter "${plan.name}": ${describeEntries(entries, templates)}`, { visibility: 'gm' }),
    ],
  })
}
