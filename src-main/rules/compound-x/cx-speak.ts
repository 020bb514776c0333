import type { ActionDefinition } from '../../../src-shared/attack'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { ActionResolution, RulesCombatant } from '../ruleset'
import { actionsCost } from './cx-costs'
import type { CxCombatant } from './sheet/cx-sheet'
import { FLAW_SOURCE, speakActions } from './stats/stat-flaws'

/*
 * `001` CHA 1: "In combat, vocal communication to anything costs 1 Action." SR-CX-175: the
 * Action panel offers a CHA 1 sheet "Speak", which records that it spoke and spends the action;
 * anyone else speaks for free, so there is nothing to record and the act is not offered.
 */

export const SPEAK = 'speak'

const RULE = `${FLAW_SOURCE}, SR-CX-175`

export function speakDefinitions(c: CxCombatant): ActionDefinition[] {
  if (!speakActions(c.stats)) return []
  return [{ key: SPEAK, label: 'Speak (CHA 1: costs 1 action)', target: 'none', options: [], cost: '1 action', unavailable: null }]
}

export function performSpeak(actor: RulesCombatant, c: CxCombatant): Result<ActionResolution> {
  const n = speakActions(c.stats)
  if (!n) return fail('action/unknown', `${actor.name} speaks freely: only a CHA 1 speaker spends an action on it (${RULE}).`)
  return ok({
    actorRules: null,
    actorHp: actor.hp,
    targetRules: null,
    targetHp: null,
    summary: `${actor.name} speaks: 1 action (CHA 1 speech impediment, ${RULE})`,
    detail: [],
    rolls: [],
    cost: actionsCost(n),
  })
}
