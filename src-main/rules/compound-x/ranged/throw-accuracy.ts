import { modifier, sumModifiers, type Modifier } from '../../kit/modifier'
import { truncate, type Step } from '../statistic'
import { combatModifierOf, type StatBlock } from '../stats/stat-block'
import type { ThrowProfile, ThrownBracket } from './throw-profile'

/** `000` Grenades: "Gain +2 Accuracy if you are throwing under half of your grenade's max throwing distance." */
export const CLOSE_THROW_BONUS = 2

export interface ThrowAim {
  readonly profile: ThrowProfile
  readonly stats: StatBlock
  /** The item's own accuracy modifier, if its list gives one. */
  readonly accuracyModifier: number
  readonly distance: number
  readonly maxDistance: number
}

/** `000` Thrown Weapons: the thrower's PER, as CX5 takes a gun's (lowers the miss chance, truncated toward zero). */
function perAndItem(stats: StatBlock, accuracyModifier: number): Modifier[] {
  const per = combatModifierOf(stats, 'per', -1, '000 Thrown Weapons')
  const modifiers = [modifier(`${per.label} ${per.value}, truncated`, truncate(per.value), 'CX5')]
  if (accuracyModifier !== 0) modifiers.push(modifier('Item accuracy', -accuracyModifier, 'item list'))
  return modifiers
}

/**
 * The throw's miss chance on the d10 (hit iff the natural roll is above it, CX7). `000` Thrown
 * Weapons: "attackers add their combat PER mod to their accuracy", taken as a gun's PER is
 * (CX5: lowers the miss chance, truncated toward zero); the item's accuracy and the close-throw
 * +2 lower it likewise (SR-CX-21: accuracy and miss chance are one scale, as for guns).
 */
export function throwMissChance(a: ThrowAim): Step {
  const modifiers: Modifier[] = [
    modifier('Item miss chance', a.profile.missChance, 'item list'),
    ...perAndItem(a.stats, a.accuracyModifier),
  ]
  modifiers.push(
    modifier(
      `Under half the max throw (${a.distance.toFixed(1)} of ${a.maxDistance} m)`,
      -CLOSE_THROW_BONUS,
      '000 Grenades',
      a.distance < a.maxDistance / 2,
    ),
  )
  return { title: 'Throw miss chance', modifiers, rule: 'hit on a d10 above it (CX7)', total: sumModifiers(modifiers) }
}

export interface ThrownAim {
  readonly brackets: readonly ThrownBracket[]
  readonly stats: StatBlock
  readonly accuracyModifier: number
  readonly distance: number
}

/**
 * A knife's or axe's miss chance at this distance (SR-CX-51): the item's bracket (CX7: the first
 * whose range covers it), lowered by PER (CX5) and the item's accuracy as a grenade's is; beyond
 * the last bracket it cannot hit. No close-throw +2: `000` gives it to grenades only.
 */
export function thrownWeaponMissChance(a: ThrownAim): { step: Step; canHit: true } | { canHit: false; reason: string } {
  const bracket = a.brackets.find((b) => a.distance <= b.maxRange)
  const last = a.brackets.at(-1)
  if (!bracket) return { canHit: false, reason: `${a.distance} m is beyond the throw's longest range (${last?.maxRange ?? 0} m) (CX7)` }
  const modifiers = [
    modifier(`Bracket ≤ ${bracket.maxRange} m`, bracket.missChance, 'item list'),
    ...perAndItem(a.stats, a.accuracyModifier),
  ]
  return {
    canHit: true,
    step: { title: 'Throw miss chance', modifiers, rule: 'hit on a d10 above it (CX7)', total: sumModifiers(modifiers) },
  }
}
