import { modifier, type Modifier } from '../../kit/modifier'
import type { Step } from '../statistic'

/**
 * `001` Stealth Attacks: "If you have at least 10 skill in melee combat and you attack from
 * stealth, Thrown and Melee (non-explosive/non-grenade) weapons deal 2x BASE Damage*, up to 150
 * maximum damage** (critical/BONUS damage is not doubled, but added on to the 2x Base Damage)."
 * "**Increases to 200 max damage at level 10."
 */

/** SR-CX-53: "skill in melee combat" is the sheet's Weapons - Melee ranks. */
export const MELEE_SKILL = 'Weapons - Melee'
export const STEALTH_MIN_MELEE_SKILL = 10
const CAP = 150
const CAP_AT_LEVEL_10 = 200

/** A stealth attack that doubles the base damage, and the most the doubled base may reach. */
export interface StealthDoubling {
  readonly cap: number
}

/**
 * Whether this stealth attack doubles the base damage: declared unseen (SR-CX-52), the attacker
 * has Weapons - Melee ≥ 10, and it strikes or throws a weapon (Unarmed Strike "is not a weapon",
 * `000` Melee Weapons; grenades are excluded by the text).
 */
export function stealthDoubling(
  attacker: { readonly skills: Readonly<Record<string, number>>; readonly level: number },
  stealth: boolean,
  withWeapon: boolean,
): StealthDoubling | null {
  if (!stealth || !withWeapon || (attacker.skills[MELEE_SKILL] ?? 0) < STEALTH_MIN_MELEE_SKILL) return null
  return { cap: attacker.level >= 10 ? CAP_AT_LEVEL_10 : CAP }
}

/**
 * SR-CX-53: the doubled base is capped at 150 (200 from level 10); the stat terms and critical
 * damage are then added on, undoubled, as the parenthesis says. The modifier is the extra the
 * doubling adds over the base already counted.
 */
function stealthBaseModifier(base: number, d: StealthDoubling): Modifier {
  const doubled = Math.min(2 * base, d.cap)
  return modifier(`Stealth attack: 2 × base ${base}, at most ${d.cap}`, doubled - base, '001 Stealth Attacks')
}

/** The weapon's damage step with the stealth doubling added on (unchanged when there is none). */
export function withStealthDoubling(damage: Step, base: number, d: StealthDoubling | null | undefined): Step {
  if (!d) return damage
  const m = stealthBaseModifier(base, d)
  return { ...damage, modifiers: [...damage.modifiers, m], total: damage.total + m.value }
}
