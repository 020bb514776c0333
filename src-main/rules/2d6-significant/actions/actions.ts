import type { ActionDefinition, ActionRequest } from '../../../../src-shared/attack'
import { fail, type Result } from '../../../../src-shared/result'
import type { Dice } from '../../dice'
import type { ActionResolution, RulesCombatant } from '../../ruleset'
import { twoD6Sheets } from '../sheet/sheet-access'
import { aimDefinition, performAim } from './aim'
import { basicDefinitions, performBasic } from './basic'
import { extendedDefinitions, performExtended } from './extended'
import { performSkillAct, SKILL_ACT, skillActDefinition } from './skill-act'
import { performTactics, tacticsDefinition } from './tactics'

/** What this combatant can do besides attacking, each priced in T3's terms, with why not. */
export function actionList(actor: RulesCombatant): ActionDefinition[] {
  const s = twoD6Sheets.of(actor)
  if (!s) return []
  return [
    aimDefinition(actor, s),
    tacticsDefinition(actor, s),
    ...basicDefinitions(actor, s),
    skillActDefinition(actor),
    ...extendedDefinitions(actor, s),
  ]
}

export function performAction(
  request: ActionRequest,
  actor: RulesCombatant,
  target: RulesCombatant | null,
  dice: Dice,
): Result<ActionResolution> {
  const s = twoD6Sheets.of(actor)
  if (!s) return fail('action/noSheet', `${actor.name} has no character sheet yet.`)
  const offered = actionList(actor).find((a) => a.key === request.action)
  if (!offered) return fail('action/unknown', `"${request.action}" is not an action of this ruleset.`)
  if (offered.unavailable) return fail('action/unavailable', `${actor.name} cannot ${offered.label.toLowerCase()}: ${offered.unavailable}.`)
  switch (request.action) {
    case 'aim':
      return performAim(actor, s, target)
    case 'tactics':
      return performTactics(actor, s, target, dice)
    case SKILL_ACT:
      return performSkillAct(actor, target, request.options, dice)
    case 'task-start':
    case 'task-work':
    case 'task-drop':
      return performExtended(request.action, actor, s, request.options, dice)
    default:
      return performBasic(request.action, actor, s, request.options)
  }
}
