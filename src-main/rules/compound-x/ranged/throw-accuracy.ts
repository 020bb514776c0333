import { modifier, sumModifiers, type Modifier } from '../../kit/modifier'
import { truncate, type Step } from '../statistic'
import { combatModifierOf, type StatBlock } from '../stats/stat-block'
import type { ThrowProfile } from './throw-profile'

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

/**
 * The throw's miss chance on the d10 (hit iff the natural roll is above it, CX7). `000` Thrown
 * Weapons: "attackers add their combat PER mod to their accuracy", taken as a gun's PER is
 * (CX5: lowers the miss chance, truncated toward zero); the item's accuracy and the close-throw
 * +2 lower it likewise (SR-CX-21: accuracy and miss chance are one scale, as for guns).
 */
export function throwMissChance(a: ThrowAim): Step {
  const per = combatModifierOf(a.stats, 'per', -1, '000 Thrown Weapons')
  const modifiers: Modifier[] = [
    modifier('Item miss chance', a.profile.missChance, 'item list'),
    modifier(`${per.label} ${per.value}, truncated`, truncate(per.value), 'CX5'),
  ]
  if (a.accuracyModifier !== 0) modifiers.push(modifier('Item accuracy', -a.accuracyModifier, 'item list'))
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
