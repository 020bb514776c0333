import type { ActionDefinition, ActionRequest } from '../../../../src-shared/attack'
import { fail, type Result } from '../../../../src-shared/result'
import type { Dice } from '../../dice'
import type { ActionResolution, RulesCombatant } from '../../ruleset'
import { REBOUND_SPELL, RIPOSTE_STRIKE } from '../combat/counter-prompts'
import { DOC, RULESET_NAME } from '../d20-terms'
import { has } from '../statuses/conditions'
import { isReaction } from '../turns/economy'
import { performCounterStrike } from './counter-strikes'
import { performDisengage } from './disengage-actions'
import { performTestAction, testActionList } from './test-actions'
import { performTurnAction, turnActionList } from './turn-actions'
import { d20Sheets } from '../sheet/d20-sheets'

const sheetOf = (c: RulesCombatant) => d20Sheets.of(c)

export function d20ActionList(c: RulesCombatant): ActionDefinition[] {
  const sheet = sheetOf(c)
  if (!sheet) return []
  const stunned = has(c.conditions, 'stunned') ? `${c.name} is stunned and can take no action (${DOC.statuses}).` : null
  const list = [...turnActionList(c, sheet), ...testActionList()]
  return list.map((d) => (stunned ? { ...d, unavailable: stunned } : d))
}

/**
 * Everything but attacks. Out of its turn a combatant only reacts (`003 Reactions`), so the
 * ordinary actions are refused then, unless held actions were released for it (the core pays
 * those); a stunned one can do nothing (its Vitality test comes at the end of its turn, SR-D20-1).
 */
export function performD20Action(
  request: ActionRequest,
  actor: RulesCombatant,
  target: RulesCombatant | null,
  dice: Dice,
  onScene: readonly RulesCombatant[] = [],
): Result<ActionResolution> {
  const sheet = sheetOf(actor)
  if (!sheet) return fail('action/noSheet', `${actor.name} has no ${RULESET_NAME} sheet yet.`)
  const counter = performCounterStrike(request, actor, sheet, target, dice)
  if (counter) return counter
  if (has(actor.conditions, 'stunned')) return fail('action/stunned', `${actor.name} is stunned and can take no action (${DOC.statuses}).`)
  if (isReaction(actor) && !actor.held?.released) {
    return fail('action/outOfTurn', `It is not ${actor.name}'s turn: out of turn it may only react (${DOC.reactions}).`)
  }
  const done =
    performDisengage(request, actor, sheet, target) ??
    performTurnAction(request, actor, sheet, onScene) ??
    performTestAction(request, actor, dice)
  return (
    done ??
    fail(
      'action/unknown',
      `The ${RULESET_NAME} has no action "${request.action}" (or it is only reached through its reaction, as ${RIPOSTE_STRIKE} and ${REBOUND_SPELL} are).`,
    )
  )
}
