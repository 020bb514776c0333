import type { ActionOdds, ActionRequest } from '../../../../src-shared/attack'
import { ok, type Result } from '../../../../src-shared/result'
import type { RulesCombatant } from '../../ruleset'
import { actOdds, passFail } from '../../kit/act-odds'
import { optionNumber } from '../../kit/options'
import { d20CheckChance } from '../d20-checks'
import { DOC } from '../d20-terms'

/*
 * The odds of the d20 two-action acts before they are rolled. Only the attribute test rolls
 * among the acts the panel offers (the counter-strikes come from their prompts); the rest the
 * core reports as rolling no dice.
 */

/** `003 Actions`: d20 + the attribute reaches the number, as the test itself is rolled. */
function attributeTestOdds(request: ActionRequest, actor: RulesCombatant): Result<ActionOdds> {
  const dc = optionNumber(request.options, 'dc') ?? 12
  const check = String(request.options['check'] ?? 'attr:dex')
  const p = d20CheckChance({ check, dc, mode: 'normal', bonus: 0 }, actor)
  if (!p.ok) return p
  return ok(
    actOdds(passFail(p.value), [{ title: `d20 test against ${dc}`, lines: [{ label: 'Attribute', value: check, source: DOC.actions }] }]),
  )
}

export function d20ActionOdds(request: ActionRequest, actor: RulesCombatant): Result<ActionOdds> | null {
  return request.action === 'attribute-test' ? attributeTestOdds(request, actor) : null
}
