import type { ConditionDurationInput } from '../../../src-shared/commands'
import { tokenInPlay } from '../state/scene-in-play'
import type {
  CombatantId,
  CombatantRecord,
  ConditionArea,
  ConditionDuration,
  ConditionInstance,
  EncounterRecord,
} from '../../../src-shared/records'
import type { JsonValue } from '../../../src-shared/json'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { ConditionDefinition } from '../../rules/ruleset'
import type { DecideContext } from './decide-context'
import { activeEncounter } from './decide-context'

/**
 * Round counts are anchored to whose turn it is when the condition goes on: "2 rounds" put on
 * during Vex's turn in round 3 ends as Vex's turn starts in round 5. Outside turns they run
 * from round 1.
 */
export function anchorDuration(input: ConditionDurationInput, encounter: EncounterRecord | undefined): ConditionDuration {
  if (input.kind !== 'rounds') return input
  const running = encounter && encounter.round >= 1
  return running
    ? { kind: 'rounds', rounds: input.rounds, endsRound: encounter.round + input.rounds, at: encounter.currentCombatantId }
    : { kind: 'rounds', rounds: input.rounds, endsRound: 1 + input.rounds, at: null }
}

/** " (from Vex)" for a per-source condition, so the log tells the instances apart; otherwise nothing. */
function from(ctx: DecideContext, def: ConditionDefinition, sourceId: CombatantId | null): string {
  if (!def.perSource || sourceId === null) return ''
  const source = ctx.state.get(sourceId)
  return source?.typeName === 'combatant' ? ` (from ${source.name})` : ''
}

export interface Grant {
  readonly conditionId: string
  readonly stacks: number
  readonly duration: ConditionDurationInput
  readonly sourceId: CombatantId | null
  readonly data: JsonValue | null
  readonly note: string
  readonly areaRadius?: number
  readonly areaAround?: CombatantId
  readonly areaTo?: CombatantId
}

/**
 * Where the zone stands on the scene in play, for a condition that brings one: centred on the
 * bearer or whom it names, and stretched into a lane to `to`'s token when that is on the scene.
 */
function areaFor(
  ctx: DecideContext,
  c: CombatantRecord,
  g: Pick<Grant, 'areaRadius' | 'areaAround' | 'areaTo'>,
): ConditionArea | undefined {
  if (g.areaRadius === undefined) return undefined
  const token = tokenInPlay(ctx.state, g.areaAround ?? c.id)
  if (!token) return undefined
  const far = g.areaTo ? tokenInPlay(ctx.state, g.areaTo) : undefined
  return { sceneId: token.sceneId, x: token.x, y: token.y, radius: g.areaRadius, ...(far ? { to: { x: far.x, y: far.y } } : {}) }
}

/**
 * The instance a grant lands on: the one of that id, or for a per-source condition the one that
 * source put there (SR-CORE-1: a second suppressor's condition stands beside the first's).
 */
const sameInstance = (def: ConditionDefinition, sourceId: CombatantId | null) => (x: ConditionInstance) =>
  x.conditionId === def.id && (!def.perSource || x.sourceId === sourceId)

/**
 * Puts a condition from the ruleset's list on a combatant. A stacking condition adds stacks
 * and restarts its clock; a non-stacking one already present just restarts its clock. A
 * per-source condition counts as present only when the same source put it there.
 */
export function withCondition(
  ctx: DecideContext,
  c: CombatantRecord,
  g: Grant,
): Result<{ conditions: ConditionInstance[]; instance: ConditionInstance; text: string }> {
  const def = ctx.ruleset.conditions.find((d) => d.id === g.conditionId)
  if (!def) {
    const known = ctx.ruleset.conditions.map((d) => d.id).join(', ')
    return fail('condition/unknown', `${ctx.ruleset.name} has no condition "${g.conditionId}"${known ? ` (it has: ${known})` : ''}.`)
  }
  for (const id of [g.sourceId, g.duration.kind === 'turnStart' || g.duration.kind === 'turnEnd' ? g.duration.of : null]) {
    if (id !== null && ctx.state.get(id)?.typeName !== 'combatant')
      return fail('combatant/notFound', `No combatant ${id} in this campaign.`)
  }
  const duration = anchorDuration(g.duration, activeEncounter(ctx.state))
  const area = areaFor(ctx, c, g)
  const existing = c.conditions.find(sameInstance(def, g.sourceId))
  if (existing) {
    const stacks = def.stacks ? existing.stacks + g.stacks : existing.stacks
    const updated: ConditionInstance = {
      ...existing,
      stacks,
      duration,
      sourceId: g.sourceId ?? existing.sourceId,
      data: g.data ?? existing.data,
      note: g.note || existing.note,
      ...(area ? { area } : {}),
    }
    const text = def.stacks
      ? `${def.label}${from(ctx, def, g.sourceId)} on ${c.name} rises to ×${stacks}`
      : `${def.label}${from(ctx, def, g.sourceId)} on ${c.name} restarts`
    return ok({ conditions: c.conditions.map((x) => (x === existing ? updated : x)), instance: updated, text })
  }
  const instance: ConditionInstance = {
    // An opaque key: one built from the journal position would tell the table how many commands the GM gave.
    key: ctx.newId('condition'),
    conditionId: def.id,
    label: def.label,
    stacks: def.stacks ? g.stacks : 1,
    duration,
    sourceId: g.sourceId,
    data: g.data,
    note: g.note,
    ...(area ? { area } : {}),
  }
  return ok({
    conditions: [...c.conditions, instance],
    instance,
    text: `${c.name} is ${def.label.toLowerCase()}${instance.stacks > 1 ? ` ×${instance.stacks}` : ''}${from(ctx, def, g.sourceId)}`,
  })
}
