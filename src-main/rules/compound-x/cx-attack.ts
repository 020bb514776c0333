import type { AttackPreview, AttackRequest } from '../../../src-shared/attack'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { Dice } from '../dice'
import type { AttackResolution, RulesCombatant } from '../ruleset'
import type { ContentLibrary } from './content/content-library'
import { previewMelee, resolveMeleeAttack } from './cx-attack-melee'
import { resolveRangedAttack } from './cx-attack-ranged'
import { previewRanged } from './cx-ranged-preview'
import { sidesOf } from './cx-attack-shared'
import { cannotAct } from './cx-standing'

/** Exact odds of a Compound X attack, ranged or melee, in the ruleset-agnostic shape the UI shows. */
export function previewCxAttack(
  request: AttackRequest,
  a: RulesCombatant,
  t: RulesCombatant,
  library: ContentLibrary,
): Result<AttackPreview> {
  const sides = sidesOf(request, a, t, library)
  if (!sides.ok) return sides
  const arm = sides.value.armament
  const preview =
    arm.kind === 'ranged' ? previewRanged(request, sides.value, arm, a, t, library) : previewMelee(request, sides.value, arm, t, library)
  // CX27/CX15: nobody downed or knocked out attacks (a suppressor downed since cannot answer either).
  const blocked = cannotAct(a)
  return ok(blocked ? { ...preview, blocked } : preview)
}

/** Resolves a Compound X attack with the dice, returning both sides' new data and the story. */
export function resolveCxAttack(
  request: AttackRequest,
  a: RulesCombatant,
  t: RulesCombatant,
  library: ContentLibrary,
  dice: Dice,
): Result<AttackResolution> {
  const blocked = cannotAct(a)
  if (blocked) return fail('attack/cannotAct', blocked)
  const sides = sidesOf(request, a, t, library)
  if (!sides.ok) return sides
  const arm = sides.value.armament
  return arm.kind === 'ranged'
    ? resolveRangedAttack(request, sides.value, arm, a, t, library, dice)
    : resolveMeleeAttack(request, sides.value, arm, a, t, library, dice)
}
