import type { DomainEvent } from '../../../src-shared/events'
import type { JsonValue } from '../../../src-shared/json'
import type { TemplateRecord } from '../../../src-shared/records'
import { fail, ok } from '../../../src-shared/result'
import { findCombatant, type Decider } from './decide-context'
import { findTemplate, freshRules } from './roster-lookup'
import { copyName, plural, withoutNumber } from './roster-names'
import { joinRunningFight, spawnCombatants, spawnedLog } from './spawn'

// Saved encounters live beside the roster; the decider table imports both from here.
export { badgePlan, countPlan, removePlan, savePlan, startPlan } from './plan-deciders'

/** The roster is the GM's own: nothing about it is written where the players could read it. */
const GM = { visibility: 'gm' } as const

/** Tags as a set: trimmed by the schema, here without repeats (case-insensitively). */
function distinctTags(tags: readonly string[]): string[] {
  const seen = new Set<string>()
  return tags.filter((t) => {
    const key = t.toLowerCase()
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

function sameEntry(a: TemplateRecord, b: TemplateRecord): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

export const saveTemplate: Decider<'template/save'> = (ctx, p) => {
  let existing: TemplateRecord | null = null
  if (p.templateId !== undefined) {
    const found = findTemplate(ctx.state, p.templateId)
    if (!found.ok) return found
    existing = found.value
  }
  const rulesInput: JsonValue | null = p.rules === undefined ? (existing?.rules ?? null) : (p.rules as JsonValue | null)
  let rules: JsonValue | null = null
  let maxHp = p.maxHp
  if (rulesInput !== null) {
    const parsed = freshRules(ctx, rulesInput)
    if (!parsed.ok) return parsed
    rules = parsed.value.data
    maxHp = parsed.value.maxHp ?? maxHp
  }
  const record: TemplateRecord = {
    typeName: 'template',
    id: existing?.id ?? ctx.newId('template'),
    name: p.name,
    side: p.side,
    kind: p.kind,
    maxHp,
    initiativeModifier: p.initiativeModifier,
    rules,
    faction: p.faction,
    tags: distinctTags(p.tags),
  }
  if (existing && sameEntry(existing, record)) return fail('template/noChange', `Nothing to change in "${existing.name}".`)
  const renamed = existing && existing.name !== record.name ? ` (was ${existing.name})` : ''
  return ok({
    label: existing ? `Edit roster entry ${record.name}` : `Add ${record.name} to the roster`,
    events: [
      { type: 'template/put', record },
      ctx.log(existing ? `Roster: edited ${record.name}${renamed}` : `Roster: added ${record.name}`, GM),
    ],
  })
}

export const templateFromCombatant: Decider<'template/fromCombatant'> = (ctx, p) => {
  const found = findCombatant(ctx.state, p.combatantId)
  if (!found.ok) return found
  const c = found.value
  let rules: JsonValue | null = null
  let maxHp = c.maxHp
  if (c.rules !== null) {
    const parsed = freshRules(ctx, c.rules)
    if (!parsed.ok) return fail(parsed.error.code, `${c.name}'s sheet cannot be saved to the roster: ${parsed.error.message}`)
    rules = parsed.value.data
    maxHp = parsed.value.maxHp ?? maxHp
  }
  const name = withoutNumber(c.name)
  const record: TemplateRecord = {
    typeName: 'template',
    id: ctx.newId('template'),
    name,
    side: c.side,
    kind: c.kind,
    maxHp,
    initiativeModifier: c.initiativeModifier,
    rules,
    faction: p.faction,
    tags: [],
  }
  return ok({
    label: `Save ${c.name} to the roster`,
    events: [{ type: 'template/put', record }, ctx.log(`Roster: added ${name} (from ${c.name})`, { ...GM, subjects: [c.id] })],
  })
}

export const duplicateTemplate: Decider<'template/duplicate'> = (ctx, p) => {
  const found = findTemplate(ctx.state, p.templateId)
  if (!found.ok) return found
  const t = found.value
  const name = copyName(
    t.name,
    ctx.state.ofType('template').map((x) => x.name),
  )
  const record: TemplateRecord = { ...t, id: ctx.newId('template'), name }
  return ok({
    label: `Duplicate ${t.name}`,
    events: [{ type: 'template/put', record }, ctx.log(`Roster: added ${name}`, GM)],
  })
}

export const removeTemplate: Decider<'template/remove'> = (ctx, p) => {
  const found = findTemplate(ctx.state, p.templateId)
  if (!found.ok) return found
  const t = found.value
  // Saved encounters drop the entry rather than keep a line they could never start; undo restores both.
  const events: DomainEvent[] = [{ type: 'template/removed', id: t.id }]
  const touched: string[] = []
  for (const plan of ctx.state.ofType('plan')) {
    if (!plan.entries.some((e) => e.templateId === t.id)) continue
    const entries = plan.entries.filter((e) => e.templateId !== t.id)
    events.push(entries.length ? { type: 'plan/put', record: { ...plan, entries } } : { type: 'plan/removed', id: plan.id })
    touched.push(entries.length ? `"${plan.name}"` : `"${plan.name}" (now empty, deleted)`)
  }
  const also = touched.length ? `; also taken out of ${touched.join(', ')}` : ''
  return ok({
    label: `Delete roster entry ${t.name}`,
    events: [...events, ctx.log(`Roster: deleted ${t.name}${also}`, GM)],
  })
}

export const spawnTemplate: Decider<'template/spawn'> = (ctx, p) => {
  const found = findTemplate(ctx.state, p.templateId)
  if (!found.ok) return found
  const t = found.value
  const names = ctx.state.ofType('combatant').map((c) => c.name)
  const made = spawnCombatants(ctx, { template: t, count: p.count, hidden: p.hidden }, names)
  if (!made.ok) return made
  const added = made.value.map((record): DomainEvent => ({ type: 'combatant/added', record }))
  const joined = joinRunningFight(ctx, made.value, t.name, p.groupInitiative)
  return ok({
    label: `Spawn ${p.count === 1 ? made.value[0]!.name : `${p.count} ${plural(t.name, p.count)}`}`,
    events: [...added, ...(joined.length ? joined : [spawnedLog(ctx, made.value)])],
  })
}
