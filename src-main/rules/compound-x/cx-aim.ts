import type { ActionDefinition, ActionRequest } from '../../../src-shared/attack'
import type { CombatantId } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { ActionResolution, RulesCombatant } from '../ruleset'
import { priced } from './cx-costs'
import { cxStanding } from './cx-standing'
import type { AimMode } from './ranged/ranged-setup'
import { cxSheets, type CxCombatant, type CxLive } from './sheet/cx-sheet'

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
      options: [],
      cost: AIM.text,
      unavailable: !guns
        ? 'No ranged weapon to aim.'
        : c.live.stance === 'hunkering'
          ? 'Hunkered: un-hunker first (free); hunkering ends aim (000 Aiming).'
          : null,
    },
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

const resolution = (actor: RulesCombatant, c: CxCombatant, summary: string, rest: Partial<ActionResolution>): ActionResolution => ({
  actorRules: cxSheets.store(c),
  actorHp: actor.hp,
  targetRules: null,
  targetHp: null,
  summary,
  detail: [],
  rolls: [],
  ...rest,
})

/** `000` Aiming: one action marks the target; the shooter's shots at it follow the normal (not hip fire) rules. */
export function performAim(
  request: ActionRequest,
  actor: RulesCombatant,
  c: CxCombatant,
  target: RulesCombatant | null,
): Result<ActionResolution> {
  if (request.action === 'stop-aiming') {
    const was = c.live.aim
    if (!was) return fail('aim/none', `${actor.name} is not aiming at anyone.`)
    return ok(
      resolution(actor, { ...c, live: { ...c.live, aim: null } }, `${actor.name} stops aiming at ${was.name} (free, 000 Aiming)`, {
        cost: STOP_AIMING.cost,
        outOfTurn: 'free',
      }),
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
  const live = { ...c.live, aim: { targetId: target.id, name: target.name } }
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
