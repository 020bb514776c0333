import type { DomainEvent } from '../../../src-shared/events'
import { FRESH_TURN_STATE, type CombatantRecord, type Side, type TemplateRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import { activeEncounter, turnOrder, type DecideContext } from './decide-context'
import { alone, initiativeLog, placementsOf, rollForGroups, slotKeys } from './group-initiative'
import { freshRules } from './roster-lookup'
import { groupName, MAX_NAME, numberedNames, plural } from './roster-names'

export interface SpawnRequest {
  readonly template: TemplateRecord
  readonly count: number
  readonly hidden: boolean
  /** The side the copies take; the entry's own when absent (a squad sets one side for all). */
  readonly side?: Side
}

/**
 * Numbered copies of a roster entry, as records. `names` holds every combatant name already
 * taken, including copies made earlier in the same command; the new names are added to it.
 */
export function spawnCombatants(ctx: DecideContext, req: SpawnRequest, names: string[]): Result<CombatantRecord[]> {
  const { template, count } = req
  const newNames = numberedNames(template.name, count, names)
  const tooLong = newNames.find((n) => n.length > MAX_NAME)
  if (tooLong) {
    return fail(
      'template/nameTooLong',
      `Spawning ${count} ${plural(template.name, count)} would need names longer than ${MAX_NAME} characters ("${tooLong}"). Shorten the roster entry's name.`,
    )
  }
  let rules = template.rules
  let maxHp = template.maxHp
  if (rules !== null) {
    // Content may have changed since the entry was saved: the ruleset re-derives from today's items.
    const parsed = freshRules(ctx, rules)
    if (!parsed.ok) return fail(parsed.error.code, `Roster entry "${template.name}" no longer fits the rules: ${parsed.error.message}`)
    rules = parsed.value.data
    maxHp = parsed.value.maxHp ?? maxHp
  }
  names.push(...newNames)
  return ok(
    newNames.map((name) => ({
      typeName: 'combatant',
      id: ctx.newId('combatant'),
      name,
      side: req.side ?? template.side,
      kind: template.kind,
      hp: maxHp,
      maxHp,
      initiativeModifier: template.initiativeModifier,
      hidden: req.hidden,
      initiative: null,
      orderKey: null,
      rules,
      ...FRESH_TURN_STATE,
      templateId: template.id,
    })),
  )
}

/**
 * Newcomers joining a fight whose turns are running: each rolls (or the group rolls once) and
 * slots into the order by the roll, without disturbing anyone already placed.
 */
export function joinRunningFight(
  ctx: DecideContext,
  newcomers: readonly CombatantRecord[],
  label: string,
  oneRoll: boolean,
): DomainEvent[] {
  const encounter = activeEncounter(ctx.state)
  if (!encounter || encounter.round === 0 || newcomers.length === 0) return []
  const groups = oneRoll ? [{ label, members: newcomers }] : newcomers.map(alone)
  const rolled = rollForGroups(ctx, groups)
  const placements = placementsOf(rolled)
  const keys = slotKeys(
    turnOrder(ctx.state),
    placements.map((p) => p.initiative.total),
  )
  return [
    { type: 'initiative/rolled', encounterId: encounter.id, results: placements.map((p, i) => ({ ...p, orderKey: keys[i]! })) },
    ...rolled.map((g) => initiativeLog(ctx, g, { one: 'joins the fight, initiative', many: 'join the fight, initiative' })),
  ]
}

/** The GM's log line for copies that were added without rolling (no turns running yet). */
export function spawnedLog(ctx: DecideContext, made: readonly CombatantRecord[]): DomainEvent {
  const hidden = made.every((c) => c.hidden) ? ' (hidden)' : ''
  return ctx.log(`Added ${groupName(made.map((c) => c.name))}${hidden}`, { visibility: 'gm', subjects: made.map((c) => c.id) })
}
