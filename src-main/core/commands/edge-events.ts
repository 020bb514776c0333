import type { DomainEvent } from '../../../src-shared/events'
import type { CombatantRecord } from '../../../src-shared/records'
import type { EdgeEffects } from '../../rules/ruleset'
import { asRulesCombatant } from '../state/rules-combatants'
import { visibilityOf, type DecideContext } from './decide-context'

type Edge = 'startOfTurn' | 'startOfEncounter' | 'endOfEncounter'

/** Turns what a ruleset did at a turn or encounter edge into events, with one log entry. */
export function edgeToEvents(ctx: DecideContext, c: CombatantRecord, e: EdgeEffects, round: number): DomainEvent[] {
  const events: DomainEvent[] = []
  if (e.rules !== null) events.push({ type: 'combatant/rulesChanged', combatantId: c.id, rules: e.rules, maxHp: null })
  if (e.hp !== c.hp) events.push({ type: 'combatant/hpChanged', combatantId: c.id, hp: e.hp })
  // An NPC's numbers (armour, shield, nanites) are the GM's; a visible PC's are the table's.
  const visibility = c.kind === 'pc' ? visibilityOf(c) : 'gm'
  if (e.lines.length) events.push(ctx.log(`${c.name}: ${e.lines.join('; ')}`, { rolls: e.rolls, visibility, round, subjects: [c.id] }))
  return events
}

/**
 * Runs the ruleset's edge hook for the given combatants, in order. `collect` sees each result,
 * for callers that must combine the conditions it returns with their own changes.
 */
export function edgeEvents(
  ctx: DecideContext,
  edge: Edge,
  combatants: readonly CombatantRecord[],
  round: number,
  collect?: (c: CombatantRecord, e: EdgeEffects) => void,
): DomainEvent[] {
  const edges = ctx.ruleset.edges
  if (!edges) return []
  return combatants.flatMap((c) => {
    const rc = asRulesCombatant(c)
    const e =
      edge === 'startOfTurn'
        ? edges.startOfTurn(rc, ctx.dice)
        : edge === 'startOfEncounter'
          ? edges.startOfEncounter(rc, ctx.dice)
          : edges.endOfEncounter(rc)
    if (e) collect?.(c, e)
    return e ? edgeToEvents(ctx, c, e, round) : []
  })
}
