import { modifier } from '../../kit/modifier'
import type { StatName, ThrownWeapon } from '../content/pack-schema'
import type { Step } from '../statistic'
import { withStealthDoubling, type StealthDoubling } from '../melee/stealth-attack'
import { STAT_LABELS, type StatBlock } from '../stats/stat-block'
import { weaponDamage } from '../stats/weapon-damage'

/** What a single-target thrown weapon asks of its thrower and deals (`000` Thrown Weapons). */

/** `000` Thrown Weapons: "If you have Weapons - Thrown skill >=20 then all DEX or STR requirements … are reduced by 1." */
export const THROWN_SKILL = 'Weapons - Thrown'
export const THROWN_SKILL_EASES_AT = 20

/**
 * Why this thrower cannot throw the item, or null. SR-CX-54: a DEX or STR requirement the
 * thrower does not meet refuses the throw; Weapons - Thrown ≥ 20 lowers each by 1.
 */
export function requirementProblem(
  item: Pick<ThrownWeapon, 'name' | 'requirements'>,
  stats: StatBlock,
  skills: Readonly<Record<string, number>>,
): string | null {
  const eased = (skills[THROWN_SKILL] ?? 0) >= THROWN_SKILL_EASES_AT ? 1 : 0
  for (const [stat, needed] of Object.entries(item.requirements ?? {}) as [StatName, number][]) {
    const lowered = stat === 'dex' || stat === 'str' ? needed - eased : needed
    if (stats[stat] < lowered) {
      const why = lowered < needed ? ` (${needed} − 1 for ${THROWN_SKILL} ${THROWN_SKILL_EASES_AT}+, 000 Thrown Weapons)` : ''
      return `The ${item.name} needs ${STAT_LABELS[stat]} ${lowered}${why}; the thrower has ${stats[stat]} (SR-CX-54).`
    }
  }
  return null
}

/**
 * `000` Thrown Weapons: "Thrown weapons benefit from half the base damage bonuses from Unarmed
 * Combat feats." The four feats of the reference feat list each raise Unarmed Strike's base by
 * 20 (SR-CX-55), so each adds 10 to a throw's base. Matched by name whatever the capitals (SR-CX-13).
 */
export const UNARMED_COMBAT_FEATS = [
  'Unarmed Combat Training',
  'Unarmed Combat Expertise',
  'Unarmed Combat Mastery',
  'Unarmed Combat Grand Mastery',
] as const
const UNARMED_FEAT_BASE_BONUS = 20

/** Half the Unarmed Combat feats' base-damage bonus, for a thrown weapon. */
export function thrownFeatBonus(feats: readonly string[]): number {
  const have = UNARMED_COMBAT_FEATS.filter((f) => feats.some((x) => x.toLowerCase() === f.toLowerCase())).length
  return (have * UNARMED_FEAT_BASE_BONUS) / 2
}

/**
 * The throw's damage before any critical: the item's base raised by half the Unarmed Combat
 * feats (a base-damage bonus, so a stealth attack doubles it too, `001` "Base Damage can be
 * increased by certain classes and abilities"), the stat terms, then the stealth doubling.
 */
export function thrownDamage(item: ThrownWeapon, stats: StatBlock, feats: readonly string[], doubling: StealthDoubling | null): Step {
  const bonus = thrownFeatBonus(feats)
  const raised = weaponDamage({ ...item.damage, base: item.damage.base + bonus }, stats)
  const shown: Step = bonus
    ? {
        ...raised,
        modifiers: [
          modifier('Base damage', item.damage.base, 'item list'),
          modifier('Half the Unarmed Combat feats’ base bonus', bonus, '000 Thrown Weapons, SR-CX-55'),
          ...raised.modifiers.slice(1),
        ],
      }
    : raised
  return withStealthDoubling(shown, item.damage.base + bonus, doubling)
}

/**
 * `000` Thrown Weapons: "Thrown weapons use the same size categories as Melee weapons for
 * determining proficiency": proficient iff the class lists the item's size among its melee
 * proficiencies. SR-CX-56: the documents give an unproficient throw no penalty, so the preview
 * and the log name it and the throw is made as normal.
 */
export function thrownProficient(item: Pick<ThrownWeapon, 'size'>, meleeSizes: readonly string[]): boolean {
  return meleeSizes.includes(item.size ?? 'light')
}
