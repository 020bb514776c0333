import type { AttackPreview, AttackRequest } from '../../../../src-shared/attack'
import type { Result } from '../../../../src-shared/result'
import { fail, ok } from '../../../../src-shared/result'
import type { Dice } from '../../dice'
import type { AttackResolution, RulesCombatant } from '../../ruleset'
import { notDrawnRefusal } from '../turns/d10-draw'
import { blockedPreview, sidesOf, surprisedRefusal, type Sides } from './attack-shared'
import { previewMelee, resolveMelee } from './melee-attack'
import { previewRanged, resolveRanged } from './ranged-attack'

/** `002 Drawing`: a stowed weapon must be drawn before it attacks (SR-D10-10); a surprised attacker is refused first. */
const drawRefusal = (s: Sides): string | null => (surprisedRefusal(s.a) ? null : notDrawnRefusal(s.a.name, s.weapon, s.slot, s.attacker))

/** Exact odds of a d10 attack: ranged (D4, D5, D7) or melee (D6, D7). */
export function previewD10Attack(request: AttackRequest, a: RulesCombatant, t: RulesCombatant): Result<AttackPreview> {
  const sides = sidesOf(request, a, t)
  if (!sides.ok) return sides
  const p = sides.value.weapon.kind === 'melee' ? previewMelee(sides.value) : previewRanged(sides.value)
  const stowed = drawRefusal(sides.value)
  return ok(stowed ? blockedPreview(p, p.explanation, stowed) : p)
}

export function resolveD10Attack(request: AttackRequest, a: RulesCombatant, t: RulesCombatant, dice: Dice): Result<AttackResolution> {
  const sides = sidesOf(request, a, t)
  if (!sides.ok) return sides
  const stowed = drawRefusal(sides.value)
  if (stowed) return fail('attack/notDrawn', stowed)
  return sides.value.weapon.kind === 'melee' ? resolveMelee(sides.value, dice) : resolveRanged(sides.value, dice)
}
