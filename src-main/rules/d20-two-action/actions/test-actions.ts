import type { ActionDefinition, ActionRequest } from '../../../../src-shared/attack'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { Dice } from '../../dice'
import type { ActionResolution, RulesCombatant } from '../../ruleset'
import { d20CheckList, rollD20Check } from '../d20-checks'
import { DOC } from '../d20-terms'
import type { D20Sheet } from '../sheet/d20-sheet'
import { has } from '../statuses/conditions'
import { resolution } from './resolution'
import { optionNumber } from '../../kit/options'

/** `003 Statuses` Stunned: a Vitality test above this at the end of its turn lifts it. */
export const SHAKE_STUN_ABOVE = 13

export function testActionList(c: RulesCombatant): ActionDefinition[] {
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
    {
      key: 'shake-stun',
      label: 'Shake off the stun (end of turn)',
      target: 'none',
      options: [],
      cost: 'free',
      unavailable: has(c.conditions, 'stunned') ? null : 'Not stunned.',
    },
  ]
}

export function performTestAction(request: ActionRequest, c: RulesCombatant, sheet: D20Sheet, dice: Dice): Result<ActionResolution> | null {
  if (request.action === 'attribute-test') {
    const dc = optionNumber(request.options, 'dc') ?? 12
    const r = rollD20Check({ check: String(request.options['check'] ?? 'attr:dex'), dc, mode: 'normal', bonus: 0 }, c, dice)
    if (!r.ok) return r
    return ok(resolution(c, `${r.value.summary} (1 action, ${DOC.actions})`, { actions: 1, detail: r.value.detail, rolls: r.value.rolls }))
  }
  if (request.action === 'shake-stun') {
    if (!has(c.conditions, 'stunned')) return fail('action/notStunned', `${c.name} is not stunned.`)
    // There is no end-of-turn edge: the GM takes this as the stunned turn ends.
    const roll = dice.roll({ count: 1, sides: 20, modifier: sheet.attributes.vit }, `${c.name}: Vitality test against the stun`)
    const lifted = roll.total > SHAKE_STUN_ABOVE
    return ok(
      resolution(
        c,
        `${c.name}'s Vitality test ${roll.total} (above ${SHAKE_STUN_ABOVE} lifts it): ${lifted ? 'the stun is lifted' : 'still stunned'} (${DOC.statuses})`,
        {
          free: true,
          rolls: [roll],
          ...(lifted ? { conditions: [{ combatantId: c.id, remove: ['stunned'] }] } : {}),
        },
      ),
    )
  }
  return null
}
