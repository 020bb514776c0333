import type { CommandPayload } from '../../../src-shared/commands'
import type { DomainEvent } from '../../../src-shared/events'
import type { JsonValue } from '../../../src-shared/json'
import type { CombatantRecord, PlanRecord, Side, TemplateRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { Decider, DecideContext } from './decide-context'
import { findTemplate, freshRules } from './roster-lookup'
import { groupName } from './roster-names'
import { joinRunningFight, spawnCombatants } from './spawn'

type SquadPayload = CommandPayload<'squad/add'>
type SquadEntry = SquadPayload['entries'][number]

/** An undo label names the squad while it is short; a long one is summed up. */
const MAX_LABEL = 120

/** "Entry 2 (Thug)": errors name the line the GM picked, by its place and what it was. */
const entryRef = (i: number, what: string) => `Entry ${i + 1} of the squad (${what})`

/**
 * The roster entry a squad line spawns from. A ready-made NPC joins the roster the first time
 * (so the squad can be saved and started again like any line-up); after that, the roster entry
 * of the same name is used, with whatever the GM has changed in it since.
 */
function entryTemplate(
  ctx: DecideContext,
  entry: SquadEntry,
  i: number,
  side: Side,
  madeHere: Map<string, TemplateRecord>,
): Result<{ template: TemplateRecord; isNew: boolean }> {
  if (entry.kind === 'template') {
    const found = findTemplate(ctx.state, entry.templateId)
    if (!found.ok) return fail('squad/missingEntry', `${entryRef(i, entry.templateId)}: that roster entry is gone. Pick another.`)
    return ok({ template: found.value, isNew: false })
  }
  const known = madeHere.get(entry.name) ?? ctx.state.ofType('template').find((t) => t.name === entry.name)
  if (known) return ok({ template: known, isNew: false })
  const npc = ctx.ruleset.quickNpcs?.find((n) => n.name === entry.name)
  if (!npc) {
    return fail('squad/unknownQuickNpc', `${entryRef(i, entry.name)}: the ${ctx.ruleset.name} ruleset has no ready-made NPC of that name.`)
  }
  let rules: JsonValue | null = null
  let maxHp = npc.maxHp
  if (npc.rules !== null && ctx.ruleset.combatantRules) {
    const parsed = freshRules(ctx, npc.rules)
    if (!parsed.ok) return fail(parsed.error.code, `${entryRef(i, npc.name)}: ${parsed.error.message}`)
    rules = parsed.value.data
    maxHp = parsed.value.maxHp ?? maxHp
  }
  const template: TemplateRecord = {
    typeName: 'template',
    id: ctx.newId('template'),
    name: npc.name,
    side,
    kind: 'npc',
    maxHp,
    initiativeModifier: npc.initiativeModifier,
    rules,
    faction: '',
    tags: [...npc.tags],
  }
  madeHere.set(npc.name, template)
  return ok({ template, isNew: true })
}

/** "Raider 1–3, Sniper 1": each line's copies as one run. */
export function squadSummary(made: readonly (readonly CombatantRecord[])[]): string {
  return made.map((copies) => groupName(copies.map((c) => c.name))).join(', ')
}

/** The saved encounter's lines: one per roster entry, counts added up when an entry was picked twice. */
function planEntries(lines: readonly { template: TemplateRecord; count: number }[], hidden: boolean): PlanRecord['entries'] {
  const counts = new Map<TemplateRecord['id'], number>()
  for (const l of lines) counts.set(l.template.id, (counts.get(l.template.id) ?? 0) + l.count)
  return [...counts].map(([templateId, count]) => ({ templateId, count, hidden }))
}

/**
 * A whole squad in one command, so it is one undo step and all or nothing: a line that names a
 * gone roster entry or an unknown ready-made NPC refuses the command before anything changes.
 * Numbering is spawn's: each line continues after the highest number in use, lines included.
 */
export const addSquad: Decider<'squad/add'> = (ctx, p) => {
  const names = ctx.state.ofType('combatant').map((c) => c.name)
  const madeHere = new Map<string, TemplateRecord>()
  const events: DomainEvent[] = []
  const lines: { template: TemplateRecord; count: number }[] = []
  const made: CombatantRecord[][] = []
  for (const [i, entry] of p.entries.entries()) {
    const found = entryTemplate(ctx, entry, i, p.side, madeHere)
    if (!found.ok) return found
    const { template, isNew } = found.value
    if (isNew) {
      events.push({ type: 'template/put', record: template }, ctx.log(`Roster: added ${template.name} (ready-made)`, { visibility: 'gm' }))
    }
    const copies = spawnCombatants(ctx, { template, count: entry.count, hidden: p.hidden, side: p.side }, names)
    if (!copies.ok) return fail(copies.error.code, `${entryRef(i, template.name)}: ${copies.error.message}`)
    lines.push({ template, count: entry.count })
    made.push(copies.value)
  }
  const all = made.flat()
  const summary = squadSummary(made)
  events.push(...all.map((record): DomainEvent => ({ type: 'combatant/added', record })))
  const label = lines.length === 1 ? lines[0]!.template.name : 'Squad'
  const joined = joinRunningFight(ctx, all, label, p.oneInitiativeRoll)
  if (joined.length) events.push(...joined)
  else events.push(ctx.log(`Added squad: ${summary}${p.hidden ? ' (hidden)' : ''}`, { visibility: 'gm', subjects: all.map((c) => c.id) }))
  if (p.saveAs !== undefined) {
    const plan: PlanRecord = {
      typeName: 'plan',
      id: ctx.newId('plan'),
      name: p.saveAs,
      entries: planEntries(lines, p.hidden),
      groupInitiative: p.oneInitiativeRoll,
    }
    events.push({ type: 'plan/put', record: plan }, ctx.log(`Saved encounter "${p.saveAs}": ${summary}`, { visibility: 'gm' }))
  }
  const named = `Add squad ${summary}`
  return ok({ label: named.length <= MAX_LABEL ? named : `Add a squad of ${all.length}`, events })
}
