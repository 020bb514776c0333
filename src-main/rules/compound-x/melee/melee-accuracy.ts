import { modifier, type Modifier, sumModifiers } from '../../kit/modifier'
import { truncate, type Step } from '../statistic'
import { combatModifierOf } from '../stats/stat-block'
import { guardWeaponModifier } from './guard-weapon'
import { strikeWeapon, type MeleeSetup } from './melee-setup'

/** CX16: the bonus added to the attacker's d10, truncated toward zero after summing. */
export function meleeAccuracy(setup: MeleeSetup): Step {
  const a = setup.attacker
  const weapon = strikeWeapon(a.strikeWith)
  // The accuracy modifier is the weapon's whether or not the attacker is proficient: `000`
  // ties proficiency to the Guard modifier and to nonlethal strikes only.
  const modifiers: Modifier[] = [
    combatModifierOf(a.stats, 'str', 1, 'CX16'),
    combatModifierOf(a.stats, 'dex', 1, 'CX16'),
    modifier(`${weapon.name} accuracy modifier`, weapon.accuracyModifier, 'CX16'),
    modifier('Flanking', 2, '000 Flanking', a.flanking),
    modifier('Nonlethal strike', -2, '000 Nonlethal Damage', a.nonlethal),
    ...a.otherModifiers,
  ]
  return { title: 'Accuracy bonus', modifiers, rule: 'truncated toward zero (CX16)', total: truncate(sumModifiers(modifiers)) }
}

/** The defender's Guard: a d10 plus a bonus, or a flat 0 against a stealth attack. */
export type MeleeGuard =
  { readonly kind: 'rolled'; readonly step: Step } | { readonly kind: 'fixed'; readonly step: Step; readonly value: 0 }

/** CX16: Guard bonus = trunc(FORT + DEX combat modifiers + weapon-type guard modifier), prone −2. */
export function meleeGuard(setup: MeleeSetup): MeleeGuard {
  if (setup.attacker.stealth) {
    const modifiers = [modifier('Stealth attack: Guard is 0 and not rolled', 0, '000 Stealth Attacks')]
    return { kind: 'fixed', value: 0, step: { title: 'Guard', modifiers, rule: 'CX16', total: 0 } }
  }
  const t = setup.target
  const modifiers: Modifier[] = [
    combatModifierOf(t.stats, 'fort', 1, 'CX16'),
    combatModifierOf(t.stats, 'dex', 1, 'CX16'),
    guardWeaponModifier(t.guardWeapon),
    modifier('Prone', -2, '000 Using Cover/Stances', t.prone),
  ]
  return {
    kind: 'rolled',
    step: { title: 'Guard bonus', modifiers, rule: 'truncated toward zero (CX16)', total: truncate(sumModifiers(modifiers)) },
  }
}

/** How a melee attack landed: a miss, a hit, or a hit 3+ over Guard that ignores armour. */
export type MeleeHitQuality = 'miss' | 'hit' | 'precise-hit'

/** CX16: hit iff accuracy > Guard (the defender wins ties); accuracy ≥ Guard + 3 ignores armour. */
export function meleeHitQuality(accuracy: number, guard: number): MeleeHitQuality {
  if (accuracy >= guard + 3) return 'precise-hit'
  return accuracy > guard ? 'hit' : 'miss'
}
