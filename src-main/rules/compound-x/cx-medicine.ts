import type { ActionDefinition, ActionRequest } from '../../../src-shared/attack'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { Dice } from '../dice'
import { optionBool, optionNumber } from '../kit/options'
import type { ActionResolution, RulesCombatant } from '../ruleset'
import { actionsCost } from './cx-costs'
import { handsOnReach } from './cx-reach'
import { isDowned } from './dying/dying-state'
import { healWound, type Healer } from './dying/medicine-healing'
import { explainSteps } from './explain'
import { cxSheets, type CxCombatant } from './sheet/cx-sheet'

export const HEAL_WOUND = 'heal-wound'

/** The largest wound the form takes: more than any health bar, less than anything absurd. */
const MAX_WOUND = 1000

/**
 * `001` Medicine Saving Throws: one wound at a time, DC = its damage, healing Medicine skill +
 * the surplus (a medkit adds 30 in a medic's hands, or lets a non-medic work as skill 30; no bag
 * +20 DC). SR-CX-40: the sheet keeps no list of wounds, so the GM names the wound being treated
 * (its damage); a roll is a skill check, 1 action (`000` Actions); a downed patient is stabilised
 * first (CX29), and no wound heals past the patient's maximum health.
 */
export function healDefinition(c: CxCombatant): ActionDefinition {
  const medicine = c.skills['Medicine'] ?? 0
  return {
    key: HEAL_WOUND,
    label: 'Heal a wound (Medicine vs its damage)',
    target: 'any',
    aimsAt: 'friend',
    options: [
      { key: 'wound', label: 'The wound’s damage', kind: 'number', value: 20, min: 1, max: MAX_WOUND },
      { key: 'medic', label: `Treated as a medic (Medicine ${medicine})`, kind: 'toggle', value: medicine > 0 },
      { key: 'bag', label: 'Medicine bag at hand (else +20 DC)', kind: 'toggle', value: true },
      { key: 'medkit', label: 'Uses a medkit', kind: 'toggle', value: false },
    ],
    cost: '1 action',
    unavailable: null,
  }
}

export function performHeal(
  request: ActionRequest,
  actor: RulesCombatant,
  c: CxCombatant,
  target: RulesCombatant | null,
  dice: Dice,
): Result<ActionResolution> {
  const patient = target ? cxSheets.of(target) : null
  if (!target || !patient) return fail('action/noTarget', 'Pick the wounded combatant to treat.')
  if (isDowned(patient.live.dying)) return fail('action/unavailable', `${target.name} is downed: stabilise it first (CX29).`)
  // SR-CX-114: the wound is treated by hand, as a stabilise is: within 1 m base to base on the map.
  const near = handsOnReach(actor, target, `Treating ${target.name}'s wound (SR-CX-114)`)
  if (!near.ok) return near
  const wound = optionNumber(request.options, 'wound')
  if (wound === undefined || !Number.isInteger(wound) || wound < 1 || wound > MAX_WOUND)
    return fail('action/badOption', `The wound's damage must be a whole number from 1 to ${MAX_WOUND}.`)
  const room = target.maxHp - target.hp
  if (room <= 0) return fail('action/unavailable', `${target.name} is at full health: there is no wound to heal.`)
  const medkit = optionBool(request.options, 'medkit') ?? false
  const asMedic = optionBool(request.options, 'medic') ?? (c.skills['Medicine'] ?? 0) > 0
  if (!asMedic && !medkit)
    return fail('action/unavailable', `${actor.name} is no medic: without a medkit it cannot heal (001 Medicine Saving Throws).`)
  const healer: Healer = asMedic
    ? { kind: 'medic', medicineSkill: c.skills['Medicine'] ?? 0, hasBag: optionBool(request.options, 'bag') ?? true, medkit }
    : { kind: 'non-medic-with-medkit' }
  const r = healWound([wound], 0, healer, dice)
  const healed = Math.min(r.healed, room)
  const what = r.success ? `heals ${healed}${healed < r.healed ? ` (up to its maximum health)` : ''}` : 'heals nothing'
  return ok({
    actorRules: null,
    actorHp: actor.hp,
    targetRules: null,
    targetHp: target.hp + healed,
    summary: `${actor.name} treats ${target.name}'s ${wound}-damage wound: ${r.total} vs DC ${r.dc}, ${what} (001 Medicine Saving Throws)`,
    detail: explainSteps(r.steps),
    rolls: r.rolls,
    cost: actionsCost(1),
  })
}
