import type { ExplanationSection } from '../../../../src-shared/attack'
import type { RollRecord } from '../../../../src-shared/dice'
import type { JsonValue } from '../../../../src-shared/json'
import type { ActionResolution, ConditionChange, RulesCombatant } from '../../ruleset'
import { ACTIONS, FREE } from '../d20-terms'

/** An action's result with nothing changed but what it names: the common shape of the simple ones. */
export function resolution(
  actor: RulesCombatant,
  summary: string,
  more: {
    actions?: number
    /** A free action of the turn (`003 Taking Action`), charged to the free pool (SR-D20-10). */
    freeAction?: boolean
    /** Costs nothing out of turn (the reaction that allowed it was already paid). */
    free?: boolean
    actorRules?: JsonValue | null
    target?: { readonly rules: JsonValue | null; readonly hp: number | null }
    conditions?: readonly ConditionChange[]
    detail?: readonly ExplanationSection[]
    rolls?: readonly RollRecord[]
  } = {},
): ActionResolution {
  const actions = more.actions ?? 0
  return {
    actorRules: more.actorRules ?? null,
    actorHp: actor.hp,
    targetRules: more.target?.rules ?? null,
    targetHp: more.target?.hp ?? null,
    summary,
    detail: more.detail ?? [],
    rolls: more.rolls ?? [],
    cost: [...(actions > 0 ? [{ pool: ACTIONS, amount: actions }] : []), ...(more.freeAction ? [{ pool: FREE, amount: 1 }] : [])],
    ...(more.free ? { outOfTurn: 'free' as const } : {}),
    ...(more.conditions?.length ? { conditions: more.conditions } : {}),
  }
}
