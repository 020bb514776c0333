import type { ActionDefinition } from '../../../src-shared/attack'
import type { ConditionInstance } from '../../../src-shared/records'
import { ok } from '../../../src-shared/result'
import { modifier } from '../kit/modifier'
import type { RulesCombatant } from '../ruleset'
import type { ActPerformer } from './cx-act'
import { beatsDc, rollD100 } from './checks/d100-check'
import { actionsCost } from './cx-costs'
import { explainSteps } from './explain'
import { cxSheets } from './sheet/cx-sheet'
import { willSave } from './stats/derived-stats'

/**
 * 01_05 Conditions "Fear": no actions but running away from the source of fear or rolling to
 * defeat it, a DC 50 Will save. SR-CX-87: on the desk the afraid combatant keeps Move (the
 * running away: which way is the GM's to see) and this shake-off roll; every other action and
 * every attack is refused. The roll is its act, 1 action; a pass ends the condition.
 */
export const FEAR = 'fear'
export const SHAKE_OFF_FEAR = 'shake-off-fear'
const FEAR_DC = 50
/** What an afraid combatant may still do. */
// A fall happens to the afraid too (SR-CX-101), and letting an aim go is no act against anyone.
export const OPEN_WHILE_AFRAID: readonly string[] = ['move', SHAKE_OFF_FEAR, 'fall', 'stop-aiming']

export const isAfraid = (rc: RulesCombatant): boolean => rc.conditions.some((x) => x.conditionId === FEAR)

export const fearRefusal = (rc: RulesCombatant): string | null =>
  isAfraid(rc) ? `${rc.name} is afraid: it may only run from its enemies or roll to shake the fear off (01_05 Fear).` : null

/** The Fear the Black Cat table gives: it lasts the encounter, as the table's other marks (SR-CX-86). */
export const BLACK_CAT_FEAR = 'fear-black-cat'

/** CX30 Black Cat 7–8 (SR-CX-87): a failed nerve puts Fear of its enemies on the combatant, until it shakes it off. */
export function fearOfEnemies(existing: readonly ConditionInstance[]): ConditionInstance[] {
  if (existing.some((x) => x.conditionId === FEAR)) return [...existing]
  const fear: ConditionInstance = {
    key: BLACK_CAT_FEAR,
    conditionId: FEAR,
    label: 'Fear (of its enemies)',
    stacks: 1,
    duration: { kind: 'indefinite' },
    sourceId: null,
    data: null,
    note: 'CX30 Black Cat 7–8: failed the DC 75 Will save',
  }
  return [...existing, fear]
}

export function shakeOffDefinition(actor: RulesCombatant): ActionDefinition[] {
  if (!isAfraid(actor)) return []
  return [
    {
      key: SHAKE_OFF_FEAR,
      label: `Shake off fear (Will save, DC ${FEAR_DC})`,
      target: 'none',
      options: [],
      cost: '1 action',
      unavailable: null,
    },
  ]
}

export const performShakeOff: ActPerformer = (_request, actor, c, _target, _library, dice) => {
  const modifiers = [modifier('Will save', willSave(c.stats), 'CX23')]
  const r = rollD100({ modifiers, mode: 'normal', purpose: `${actor.name}: shake off fear (DC ${FEAR_DC})` }, dice)
  const passed = beatsDc(r.total, FEAR_DC)
  return ok({
    actorRules: cxSheets.store(c),
    actorHp: actor.hp,
    targetRules: null,
    targetHp: null,
    summary: `${actor.name} fights its fear: Will ${r.total} vs DC ${FEAR_DC}, ${passed ? 'shakes it off' : 'still afraid'} (01_05 Fear)`,
    detail: explainSteps([{ title: 'Will save against Fear', modifiers, rule: `beats DC ${FEAR_DC} (01_05 Fear)`, total: r.total }]),
    rolls: r.rolls,
    cost: actionsCost(1),
    ...(passed ? { conditions: [{ combatantId: actor.id, remove: [FEAR] }] } : {}),
  })
}
