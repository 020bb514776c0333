import type { ActionDefinition, ActionRequest } from '../../../../src-shared/attack'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { ActionResolution, RulesCombatant } from '../../ruleset'
import { disengagedAll, disengagedFrom } from '../combat/engagement'
import { DOC } from '../d20-terms'
import type { D20Sheet } from '../sheet/d20-sheet'
import { d20Sheets } from '../sheet/d20-sheets'
import { resolution } from './resolution'

/*
 * `003 Combat Actions` Miscellaneous: "Disengage — One Action — Remove yourself from melee combat
 * from a single target your engaged with. You can move away from them without them getting an
 * attack of opportunity"; "Total Disengage — Full Action — … from all combatants engaged with
 * you and move up to 5 feet away" (`003 Engaged`: Two Actions).
 */

export const DISENGAGE = 'disengage'
export const TOTAL_DISENGAGE = 'total-disengage'

const notEngaged = (c: RulesCombatant): string => `${c.name} is engaged with nobody (${DOC.engaged}).`

export function disengageDefinitions(c: RulesCombatant, sheet: D20Sheet): ActionDefinition[] {
  const none = sheet.live.engagedWith.length === 0 ? notEngaged(c) : null
  return [
    { key: DISENGAGE, label: 'Disengage from one foe', target: 'any', options: [], cost: '1 action', unavailable: none },
    { key: TOTAL_DISENGAGE, label: 'Disengage from every foe', target: 'none', options: [], cost: '2 actions', unavailable: none },
  ]
}

/**
 * Ends the engagement with the chosen foe on both sheets (SR-D20-32); a foe it is not engaged
 * with is refused. Total Disengage ends its own record of every foe: the foes' sheets are not at
 * hand, so their record of it stays until their own move or the encounter's end (SR-D20-32).
 */
export function performDisengage(
  request: ActionRequest,
  c: RulesCombatant,
  sheet: D20Sheet,
  target: RulesCombatant | null,
): Result<ActionResolution> | null {
  if (request.action === TOTAL_DISENGAGE) {
    if (sheet.live.engagedWith.length === 0) return fail('action/notEngaged', notEngaged(c))
    const foes = sheet.live.engagedWith.map((e) => e.name).join(' and ')
    return ok(
      resolution(c, `${c.name} disengages from ${foes} and steps up to 5 feet away (2 actions, ${DOC.actions})`, {
        actions: 2,
        actorRules: d20Sheets.store(disengagedAll(sheet)),
      }),
    )
  }
  if (request.action !== DISENGAGE) return null
  if (!target) return fail('action/noTarget', `Pick the foe ${c.name} disengages from (${DOC.actions}).`)
  if (!sheet.live.engagedWith.some((e) => e.id === target.id))
    return fail('action/notEngaged', `${c.name} is not engaged with ${target.name} (${DOC.engaged}).`)
  const foe = d20Sheets.of(target)
  return ok(
    resolution(
      c,
      `${c.name} disengages from ${target.name}: its next move draws no attack of opportunity from it (1 action, ${DOC.actions})`,
      {
        actions: 1,
        actorRules: d20Sheets.store(disengagedFrom(sheet, target.id)),
        target: { rules: foe ? d20Sheets.store(disengagedFrom(foe, c.id)) : null, hp: target.hp },
      },
    ),
  )
}
