import type { MeleeWeapon, RangedWeapon } from '../content/pack-schema'
import { modifier, type Modifier } from '../../kit/modifier'

export type MeleeSize = MeleeWeapon['size']

/** What the defender guards with: the row of the `000` Guard table it falls in. */
export type GuardWeapon =
  | { readonly kind: 'unarmed' }
  | {
      readonly kind: 'melee'
      readonly weapon: Pick<MeleeWeapon, 'name' | 'size' | 'accuracyModifier' | 'guardModifier'>
      /** Without proficiency the weapon guards as an improvised one of its size (`000` Guard). */
      readonly proficient: boolean
    }
  /** A chair, a bottle, or any weapon the caller judges the defender cannot use properly. */
  | { readonly kind: 'improvised'; readonly name: string; readonly size: MeleeSize }
  | { readonly kind: 'thrown'; readonly name: string; readonly size: MeleeSize }
  | { readonly kind: 'cqb-gun'; readonly name: string }
  | { readonly kind: 'non-cqb-gun'; readonly name: string }
  /** Field applicators, extruders, hacker terminals and similar devices. */
  | { readonly kind: 'delicate-tool'; readonly name: string }

/**
 * Improvised melee weapons guard worse than bare hands, and big awkward objects worse than
 * small ones. The documents give no numbers, so these are our choice: light and one-handed −1
 * (as a non-CQB gun), two-handed and exotic −2 (as a delicate tool).
 */
export const IMPROVISED_GUARD: Readonly<Record<MeleeSize, number>> = {
  light: -1,
  'one-handed': -1,
  'two-handed': -2,
  exotic: -2,
}

const SOURCE = '000 Guard table'

const improvised = (name: string, size: MeleeSize, why?: string): Modifier =>
  modifier(`${name}${why ? ` (${why})` : ''}: as an improvised ${size} weapon`, IMPROVISED_GUARD[size], SOURCE)

/** CX16: the weapon-type guard modifier from the `000` Guard table. */
export function guardWeaponModifier(w: GuardWeapon): Modifier {
  switch (w.kind) {
    case 'unarmed':
      return modifier('Unarmed', 0, SOURCE)
    case 'melee':
      if (!w.proficient) return improvised(w.weapon.name, w.weapon.size, 'not proficient')
      // The item list's own guard modifier, where it gives one, overrides "equal to accuracy".
      return w.weapon.guardModifier !== undefined
        ? modifier(`${w.weapon.name} guard modifier`, w.weapon.guardModifier, 'item list')
        : modifier(`${w.weapon.name} (= its accuracy modifier)`, w.weapon.accuracyModifier, SOURCE)
    case 'improvised':
      return improvised(w.name, w.size)
    case 'thrown':
      return improvised(w.name, w.size, 'thrown')
    case 'cqb-gun':
      return modifier(`${w.name} (CQB gun)`, 1, SOURCE)
    case 'non-cqb-gun':
      return modifier(`${w.name} (non-CQB gun)`, -1, SOURCE)
    case 'delicate-tool':
      return modifier(`${w.name} (delicate tool)`, -2, SOURCE)
  }
}

/** A gun from the item list guards by whether it is a close-quarters weapon. */
export const guardWeaponOfGun = (gun: Pick<RangedWeapon, 'name' | 'cqb'>): GuardWeapon =>
  gun.cqb ? { kind: 'cqb-gun', name: gun.name } : { kind: 'non-cqb-gun', name: gun.name }
