import type { Damage, StatName } from '../content/pack-schema'
import { modifier, type Modifier, sumModifiers } from '../../kit/modifier'
import type { Step } from '../statistic'
import { STAT_LABELS, statBonus, type StatBlock } from './stat-block'

export interface DamageOptions {
  /**
   * A two-handed strike (a two-handed weapon, or a hybrid swung two-handed): a positive STR
   * bonus counts 1.5× (`000` Melee Weapons; e.g. 40 + 2×STR at −4 → 32, at +12 → 76).
   */
  readonly twoHanded: boolean
}

/** A weapon's damage for this character: base + each stat term, floored at the weapon's minimum. */
export function weaponDamage(damage: Damage, stats: StatBlock, options: DamageOptions = { twoHanded: false }): Step {
  const modifiers: Modifier[] = [modifier('Base damage', damage.base, 'item list')]
  for (const [stat, multiplier] of Object.entries(damage.perStatBonus ?? {}) as [StatName, number][]) {
    const bonus = statBonus(stats[stat])
    const scaled = stat === 'str' && options.twoHanded && bonus > 0 ? bonus * 1.5 : bonus
    const label = `${multiplier === 1 ? '' : `${multiplier} × `}${STAT_LABELS[stat]} bonus ${scaled}${scaled !== bonus ? ' (two-handed ×1.5)' : ''}`
    modifiers.push(modifier(label, Math.floor(multiplier * scaled), stat === 'str' && options.twoHanded ? '000 Melee Weapons' : 'CX2'))
  }
  const raw = sumModifiers(modifiers)
  const total = Math.max(damage.minimum ?? 0, raw)
  return { title: 'Damage', modifiers, rule: damage.minimum !== undefined ? `at least ${damage.minimum}` : undefined, total }
}
