import type { ActionDefinition } from '../../../src-shared/attack'
import type { CheckMode } from '../../../src-shared/command-fields'
import type { AreaMarkId, CombatantId } from '../../../src-shared/records'
import type { PlannedAct } from '../../../src-shared/dice-plan'
import type { CampaignView } from '../state/campaign-view.svelte'
import { secretFlag, secretRollSent } from './secret-roll.svelte'

/** The console's skill-check entry (see src-main/core/app/check-action.ts): sent as check/roll. */
export const CHECK_ACTION = 'check'

/** An action's options as the ruleset offers them, with the GM's changes over the defaults. */
export function actionValues(
  action: ActionDefinition,
  changed: Readonly<Record<string, string | number | boolean>>,
): Record<string, string | number | boolean> {
  return { ...Object.fromEntries(action.options.map((o) => [o.key, o.value])), ...changed }
}

/** What an action is aimed at: a combatant, and for an area action a template on the scene in play. */
export interface ActionAim {
  readonly targetId: CombatantId | null
  readonly areaId?: AreaMarkId | null
}

/**
 * Does one of the ruleset's actions through the core (the action panel and the map's token menu
 * share it): a skill check goes as check/roll, anything else as action/perform. The GM's "next
 * roll secret" switch goes with it and is off again once the core took it.
 */
export function performAction(
  campaign: Pick<CampaignView, 'send'>,
  actorId: CombatantId,
  action: ActionDefinition,
  values: Readonly<Record<string, string | number | boolean>>,
  aim: ActionAim,
  dice?: number[],
  rollMissing = false,
) {
  const act = actionCommand(actorId, action, values, aim, secretFlag())
  const sent =
    act.type === 'check/roll'
      ? campaign.send(act.type, act.payload, dice, rollMissing)
      : campaign.send(act.type, act.payload, dice, rollMissing)
  void sent.then(secretRollSent)
  return sent
}

/** The command an action goes as (the dice plan asks about the same one before it is sent). */
export function actionCommand(
  actorId: CombatantId,
  action: ActionDefinition,
  values: Readonly<Record<string, string | number | boolean>>,
  aim: ActionAim,
  secret: { secret?: true } = {},
): Extract<PlannedAct, { type: 'check/roll' | 'action/perform' }> {
  if (action.key === CHECK_ACTION) {
    return {
      type: 'check/roll',
      payload: {
        combatantId: actorId,
        check: String(values['check']),
        dc: Number(values['dc']),
        mode: values['mode'] as CheckMode,
        bonus: Number(values['bonus']),
        ...(values['free'] === true ? { free: true } : {}),
        ...secret,
      },
    }
  }
  // Only an area action carries a template: the core refuses one on any other.
  const areaId = action.target === 'area' && aim.areaId ? { areaId: aim.areaId } : {}
  return {
    type: 'action/perform',
    payload: {
      request: { actorId, action: action.key, targetId: action.target === 'none' ? null : aim.targetId, ...areaId, options: { ...values } },
      ...secret,
    },
  }
}
