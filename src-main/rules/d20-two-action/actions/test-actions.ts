import type { ActionDefinition, ActionRequest } from '../../../../src-shared/attack'
import { ok, type Result } from '../../../../src-shared/result'
import type { Dice } from '../../dice'
import type { ActionResolution, RulesCombatant } from '../../ruleset'
import { d20CheckList, rollD20Check } from '../d20-checks'
import { DOC } from '../d20-terms'
import { resolution } from './resolution'
import { optionNumber } from '../../kit/options'

/** The tests a combatant takes as an action. (The stunned one's Vitality test is its end-of-turn edge, SR-D20-1.) */
export function testActionList(): ActionDefinition[] {
  return [
    {
      key: 'attribute-test',
      label: 'Attribute test',
      target: 'none',
      options: [
        {
          key: 'check',
          label: 'Attribute',
          kind: 'choice',
          value: 'attr:dex',
          choices: d20CheckList().map((x) => ({ value: x.key, label: x.label })),
        },
        { key: 'dc', label: 'Needs', kind: 'number', value: 12, min: 1, max: 40 },
      ],
      cost: '1 action',
      unavailable: null,
    },
  ]
}

export function performTestAction(request: ActionRequest, c: RulesCombatant, dice: Dice): Result<ActionResolution> | null {
  if (request.action === 'attribute-test') {
    const dc = optionNumber(request.options, 'dc') ?? 12
    const check = String(request.options['check'] ?? 'attr:dex')
    const r = rollD20Check({ check, dc, mode: 'normal', bonus: 0 }, c, dice)
    if (!r.ok) return r
    const label = d20CheckList().find((x) => x.key === check)?.label ?? 'Attribute test'
    return ok({
      ...resolution(c, `${r.value.summary} (1 action, ${DOC.actions})`, { actions: 1, detail: r.value.detail, rolls: r.value.rolls }),
      // The table reads "Foe 2's Dexterity test fails", not the menu's "Attribute test".
      outcome: { who: 'actor', words: `${label} ${r.value.success ? 'succeeds' : 'fails'}`, possessive: true },
    })
  }
  return null
}
