import type { AttackPreview, AttackRequest } from '../../../src-shared/attack'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { Dice } from '../dice'
import type { AimAt, AttackResolution, RulesCombatant } from '../ruleset'
import type { ContentLibrary } from './content/content-library'
import { previewMelee, resolveMeleeAttack } from './cx-attack-melee'
import { resolveRangedAttack } from './cx-attack-ranged'
import { previewThrown, resolveThrownAttack } from './cx-attack-thrown'
import { previewRanged } from './cx-ranged-preview'
import { sidesOf, type Sides } from './cx-attack-shared'
import { cannotAct } from './cx-standing'
import { fearRefusal } from './cx-fear'

/** The ruleset's two attack entry points, as `attacks.preview` and `attacks.resolve` are called. */
export type AttackPreviewer = (
  request: AttackRequest,
  a: RulesCombatant,
  t: RulesCombatant,
  library: ContentLibrary,
  strayAim?: AimAt,
) => Result<AttackPreview>
export type AttackResolver = (
  request: AttackRequest,
  a: RulesCombatant,
  t: RulesCombatant,
  library: ContentLibrary,
  dice: Dice,
) => Result<AttackResolution>

/** Exact odds of an attack whose sheets and armament are already read, in the ruleset-agnostic shape the UI shows. */
export function previewArmed(
  request: AttackRequest,
  sides: Sides,
  a: RulesCombatant,
  t: RulesCombatant,
  library: ContentLibrary,
  strayAim?: AimAt,
): AttackPreview {
  const arm = sides.armament
  const preview =
    arm.kind === 'ranged'
      ? previewRanged({ request, sides, arm, a, t, library, ...(strayAim ? { strayAim } : {}) })
      : arm.kind === 'thrown'
        ? previewThrown(request, sides, arm, a, t, library)
        : previewMelee(request, sides, arm, t, library)
  // CX27/CX15: nobody downed or knocked out attacks (a suppressor downed since cannot answer either); nor the afraid (01_05 Fear, SR-CX-87).
  const blocked = cannotAct(a) ?? fearRefusal(a)
  return blocked ? { ...preview, blocked } : preview
}

/** Exact odds of a Compound X attack, ranged or melee, without the melee around it. */
export const previewCxAttack: AttackPreviewer = (request, a, t, library) => {
  const sides = sidesOf(request, a, t, library)
  return sides.ok ? ok(previewArmed(request, sides.value, a, t, library)) : sides
}

/** Resolves an attack whose sheets and armament are already read, returning both sides' new data and the story. */
export function resolveArmed(
  request: AttackRequest,
  sides: Sides,
  a: RulesCombatant,
  t: RulesCombatant,
  library: ContentLibrary,
  dice: Dice,
  strayAim?: AimAt,
): Result<AttackResolution> {
  const blocked = cannotAct(a) ?? fearRefusal(a)
  if (blocked) return fail('attack/cannotAct', blocked)
  const arm = sides.armament
  if (arm.kind === 'thrown') return resolveThrownAttack(request, sides, arm, a, t, library, dice)
  return arm.kind === 'ranged'
    ? resolveRangedAttack({ request, sides, arm, a, t, library, ...(strayAim ? { strayAim } : {}) }, dice)
    : resolveMeleeAttack(request, sides, arm, a, t, library, dice)
}
