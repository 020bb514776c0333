import { ownResolution } from './cx-act'
import type { ActionDefinition, ActionRequest } from '../../../src-shared/attack'
import type { CombatantId } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { ActionResolution, RulesCombatant } from '../ruleset'
import { priced } from './cx-costs'
import { cxStanding } from './cx-standing'
import type { AimMode } from './ranged/ranged-setup'
import type { CxCombatant, CxLive } from './sheet/cx-sheet'

/** `000` Actions: "Aiming Down Gun Sights: 1 Action"; ceasing to aim is free (`000` Aiming). */
const AIM = priced({ kind: 'aim' })
const STOP_AIMING = priced({ kind: 'stop-aiming' })

export const aimedAt = (c: CxCombatant, targetId: CombatantId): boolean => c.live.aim?.targetId === targetId

/**
 * `000` Ranged Combat: a shot without aiming is hip fire, and aim holds for its one target
 * only; so a shot defaults to aimed exactly when the shooter holds aim on that target.
 */
export const defaultAim = (c: CxCombatant, targetId: CombatantId): AimMode => (aimedAt(c, targetId) ? 'aimed' : 'hip')

/** `000` Aiming: aim ceases when the aiming character hunkers. */
export function withStance(live: CxLive, stance: CxLive['stance']): { live: CxLive; note: string | null } {
  if (stance !== 'hunkering' || !live.aim) return { live: { ...live, stance }, note: null }
  return { live: { ...live, stance, aim: null }, note: `stops aiming at ${live.aim.name} (hunkering ends aim, 000 Aiming)` }
}

export function aimDefinitions(c: CxCombatant): ActionDefinition[] {
  const guns = c.weapons.some((w) => w.kind === 'ranged')
  return [
    {
      key: 'aim',
      label: 'Aim at a target (000 Aiming)',
      target: 'any',
      aimsAt: 'foe',
      options: [],
      cost: AIM.text,
      unavailable: !guns
        ? 'No ranged weapon to aim.'
        : c.live.stance === 'hunkering'
          ? 'Hunkered: un-hunker first (free); hunkering ends aim (000 Aiming).'
          : null,
    },
    shiftDefinition(c),
    {
      key: 'stop-aiming',
      label: c.live.aim ? `Stop aiming at ${c.live.aim.name}` : 'Stop aiming',
      target: 'none',
      options: [],
      cost: STOP_AIMING.text,
      unavailable: c.live.aim ? null : 'Not aiming at anyone.',
    },
  ]
}

const resolution = ownResolution

/** SR-CX-73: how far from where the aim target fell the new target may stand (`000` Aiming, optional rule). */
export const SHIFT_AIM_METRES = 5

/**
 * `000` Aiming, optional rule: "if a character's aim target dies, and the death was not
 * unexpected, then the character may shift aim to another target within 5m of the first as a
 * Free Action." SR-CX-73: offered while the fall is fresh (until the aimer's next turn start);
 * whether the death was expected is the GM's call, made by taking the action or not.
 */
function shiftDefinition(c: CxCombatant): ActionDefinition {
  const from = c.live.aimShift
  return {
    key: 'shift-aim',
    label: from ? `Shift aim from ${from.name} (optional rule, within 5 m)` : 'Shift aim (optional rule)',
    target: 'any',
    options: [],
    cost: 'free',
    unavailable: from ? null : 'Only just after an aim target falls (000 Aiming, optional rule).',
  }
}

function performShift(actor: RulesCombatant, c: CxCombatant, target: RulesCombatant | null): Result<ActionResolution> {
  const from = c.live.aimShift
  if (!from) return fail('aim/noShift', `${actor.name} has no fallen aim target to shift from (000 Aiming, optional rule).`)
  if (!target) return fail('action/noTarget', 'Pick the combatant to shift aim to.')
  if (target.id === actor.id || target.id === from.targetId)
    return fail('aim/shiftTarget', `Shift aim to someone other than ${actor.name} and ${from.name}.`)
  if (cxStanding(target).state === 'dead') return fail('aim/dead', `${target.name} is dead.`)
  const metres = from.at && target.position ? Math.hypot(target.position.x - from.at.x, target.position.y - from.at.y) : null
  if (metres !== null && metres > SHIFT_AIM_METRES + 1e-9)
    return fail(
      'aim/shiftTooFar',
      `${target.name} is ${metres.toFixed(1)} m from where ${from.name} fell; the shift reaches ${SHIFT_AIM_METRES} m (000 Aiming, SR-CX-73).`,
    )
  const where = metres === null ? 'the GM judges the 5 m (off the map)' : `${metres.toFixed(1)} m from ${from.name}`
  const live = { ...c.live, aim: { targetId: target.id, name: target.name }, aimShift: null }
  return ok(
    resolution(
      actor,
      { ...c, live },
      `${actor.name} shifts aim from the fallen ${from.name} to ${target.name}, ${where} (free, 000 Aiming optional rule, SR-CX-73)`,
      {
        cost: [],
        outOfTurn: 'free',
      },
    ),
  )
}

/** `000` Aiming: one action marks the target; the shooter's shots at it follow the normal (not hip fire) rules. */
export function performAim(
  request: ActionRequest,
  actor: RulesCombatant,
  c: CxCombatant,
  target: RulesCombatant | null,
): Result<ActionResolution> {
  if (request.action === 'shift-aim') return performShift(actor, c, target)
  if (request.action === 'stop-aiming') {
    const was = c.live.aim
    if (!was) return fail('aim/none', `${actor.name} is not aiming at anyone.`)
    return ok(
      resolution(
        actor,
        { ...c, live: { ...c.live, aim: null, aimShift: null } },
        `${actor.name} stops aiming at ${was.name} (free, 000 Aiming)`,
        {
          cost: STOP_AIMING.cost,
          outOfTurn: 'free',
        },
      ),
    )
  }
  if (!target) return fail('action/noTarget', 'Pick the combatant to aim at.')
  if (target.id === actor.id) return fail('aim/self', `${actor.name} cannot aim at itself.`)
  if (cxStanding(target).state === 'dead') return fail('aim/dead', `${target.name} is dead: aim ceases when the target dies (000 Aiming).`)
  if (aimedAt(c, target.id))
    return fail(
      'aim/already',
      `${actor.name} already aims at ${target.name}: aim lasts until it stops, aims elsewhere or hunkers (000 Aiming).`,
    )
  const switched = c.live.aim ? ` (no longer at ${c.live.aim.name})` : ''
  const live = { ...c.live, aim: { targetId: target.id, name: target.name }, aimShift: null }
  return ok(
    resolution(
      actor,
      { ...c, live },
      `${actor.name} aims at ${target.name}${switched}: its shots at ${target.name} are aimed, at anyone else hip fire (000 Aiming)`,
      {
        cost: AIM.cost,
      },
    ),
  )
}
