import type { ActionDefinition } from '../../../../src-shared/attack'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { ActionResolution, RulesCombatant } from '../../ruleset'
import type { Sheet } from '../sheet/sheet-schema'
import { acted, offer } from './resolution'

/** T5: aim builds at most +6. */
export const MAX_AIM = 6

export const aimDefinition = (actor: RulesCombatant, s: Sheet): ActionDefinition =>
  offer(
    actor,
    'minor',
    { key: 'aim', label: 'Aim at a target (+1 DM on the next attack at it, up to +6)', target: 'any', options: [], aimsAt: 'foe' },
    s.live.aim?.dm === MAX_AIM ? `already aimed +${MAX_AIM} at ${s.live.aim.name} (T5)` : null,
  )

/**
 * T5: each minor action spent aiming adds +1 DM to the next attack at that target, to +6,
 * across rounds. Aiming at someone else starts over at +1.
 */
export function performAim(actor: RulesCombatant, s: Sheet, target: RulesCombatant | null): Result<ActionResolution> {
  if (!target) return fail('action/noTarget', 'Pick the combatant to aim at.')
  if (target.id === actor.id) return fail('aim/self', `${actor.name} cannot aim at itself.`)
  const same = s.live.aim?.targetId === target.id
  const was = s.live.aim
  if (same && was!.dm >= MAX_AIM)
    return fail('aim/max', `${actor.name} already aims +${MAX_AIM} at ${target.name}, the most aiming gives (T5).`)
  const next = same ? was!.dm + 1 : 1
  const switched = was && !same ? ` (its +${was.dm} at ${was.name} is lost)` : ''
  const live = { ...s.live, aim: { targetId: target.id, name: target.name, dm: next } }
  return ok(
    acted(
      actor,
      { ...s, live },
      'minor',
      `${actor.name} aims at ${target.name}: +${next} DM on its next attack at ${target.name} (T5)${switched}`,
    ),
  )
}
