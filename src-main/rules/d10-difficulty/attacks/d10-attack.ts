import type { AttackPreview, AttackRequest } from '../../../../src-shared/attack'
import type { Result } from '../../../../src-shared/result'
import { ok } from '../../../../src-shared/result'
import type { Dice } from '../../dice'
import type { AttackResolution, RulesCombatant } from '../../ruleset'
import { sidesOf } from './attack-shared'
import { previewMelee, resolveMelee } from './melee-attack'
import { previewRanged, resolveRanged } from './ranged-attack'

/** Exact odds of a d10 attack: ranged (D4, D5, D7) or melee (D6, D7). */
export function previewD10Attack(request: AttackRequest, a: RulesCombatant, t: RulesCombatant): Result<AttackPreview> {
  const sides = sidesOf(request, a, t)
  if (!sides.ok) return sides
  return ok(sides.value.weapon.kind === 'melee' ? previewMelee(sides.value) : previewRanged(sides.value))
}

export function resolveD10Attack(request: AttackRequest, a: RulesCombatant, t: RulesCombatant, dice: Dice): Result<AttackResolution> {
  const sides = sidesOf(request, a, t)
  if (!sides.ok) return sides
  return sides.value.weapon.kind === 'melee' ? resolveMelee(sides.value, dice) : resolveRanged(sides.value, dice)
}
