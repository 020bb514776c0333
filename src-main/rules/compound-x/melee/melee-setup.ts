import type { MeleeWeapon } from '../content/pack-schema'
import type { Modifier } from '../../kit/modifier'
import type { StatBlock } from '../stats/stat-block'
import { frailUnarmed } from '../stats/stat-flaws'
import type { GuardWeapon } from './guard-weapon'
import type { StealthDoubling } from './stealth-attack'

/** What the attacker strikes with. Everyone is proficient with Unarmed Strike (`000`). */
export type MeleeStrikeWith =
  /** The item list's Unarmed Strike entry (its damage and accuracy modifier). */
  | { readonly kind: 'unarmed'; readonly strike: MeleeWeapon }
  | {
      readonly kind: 'weapon'
      readonly weapon: MeleeWeapon
      readonly proficient: boolean
      /**
       * A hybrid weapon declared two-handed before the roll (needs Two-handed proficiency,
       * which the caller checks). Ignored for weapons that are not hybrid.
       */
      readonly twoHandedGrip: boolean
    }

export interface MeleeAttacker {
  readonly stats: StatBlock
  readonly strikeWith: MeleeStrikeWith
  /** Behind the target (`000` Flanking). */
  readonly flanking: boolean
  /** Undetected when the attack starts (`000` Stealth Attacks): the target's Guard is 0. */
  readonly stealth: boolean
  /** `001` Stealth Attacks: 2 × base damage with Weapons - Melee ≥ 10 (SR-CX-53); absent or null otherwise. */
  readonly stealthDoubling?: StealthDoubling | null
  /** Declared before the roll (`000` Nonlethal Damage). */
  readonly nonlethal: boolean
  /** Feats, skills, abilities: added before truncation (CX16). */
  readonly otherModifiers: readonly Modifier[]
  /** Black Cat 3–4 (CX30, SR-CX-86): no critical hits this encounter. */
  readonly criticalsBlocked?: boolean
}

/** `001` FORT 1 (SR-CX-174): bare hands strike for half, and never lethally. */
export const frailStrike = (a: Pick<MeleeAttacker, 'stats' | 'strikeWith'>): boolean =>
  frailUnarmed(a.stats, a.strikeWith.kind === 'unarmed')

export interface MeleeTarget {
  readonly stats: StatBlock
  readonly guardWeapon: GuardWeapon
  readonly prone: boolean
}

export interface MeleeSetup {
  readonly attacker: MeleeAttacker
  readonly target: MeleeTarget
}

export const strikeWeapon = (w: MeleeStrikeWith): MeleeWeapon => (w.kind === 'unarmed' ? w.strike : w.weapon)

/** `000` Melee Weapons: two-handed weapons always strike two-handed; hybrids only when declared. */
export function isTwoHandedStrike(w: MeleeStrikeWith): boolean {
  if (w.kind === 'unarmed') return false
  return w.weapon.size === 'two-handed' || (w.weapon.hybrid && w.twoHandedGrip)
}

/** `000` Nonlethal Damage: only unarmed or with a melee weapon the attacker is proficient with. */
export const nonlethalAllowed = (w: MeleeStrikeWith): boolean => w.kind === 'unarmed' || w.proficient
