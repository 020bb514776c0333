import type { RollRecord } from '../../../../src-shared/dice'
import type { Dice } from '../../dice'
import { modifier, type Modifier, sumModifiers } from '../../kit/modifier'
import { statBonus, type StatBlock } from '../stats/stat-block'
import type { RangedWeapon } from '../content/pack-schema'
import type { CriticalKind } from '../stats/derived-stats'
import type { AimMode } from './ranged-setup'

/** Whether a shot may reach someone other than the intended target, and why. */
export type StrayRisk = 'none' | 'into-melee' | 'grappled'

export interface StrayCheck {
  /** Reaches the intended target iff d100 + bonus beats `dc` (or, grappled, d100 ≤ 50 + LUCK). */
  readonly modifiers: readonly Modifier[]
  readonly rule: string
  readonly chance: number
}

/**
 * `000` Firing into Melee Combat: a DC 50 Luck check first (+10 aimed at the target); it can
 * neither crit nor fumble. `000` Grappling: a shot at a grappled character reaches it 50% + the
 * shooter's LUCK bonus of the time, otherwise the other grappler.
 */
export function strayCheck(risk: Exclude<StrayRisk, 'none'>, stats: StatBlock, aim: AimMode): StrayCheck {
  const luck = modifier('LUCK bonus', statBonus(stats.luck), 'CX2')
  if (risk === 'grappled') {
    const threshold = 50 + luck.value
    return {
      modifiers: [modifier('Base', 50, '000 Grappling'), luck],
      rule: `d100 ≤ ${threshold} reaches the target (000 Grappling)`,
      chance: Math.max(0, Math.min(100, threshold)) / 100,
    }
  }
  const modifiers = [luck, ...(aim === 'aimed' ? [modifier('Aimed at the target', 10, '000 Firing into Melee')] : [])]
  const bonus = sumModifiers(modifiers)
  let n = 0
  for (let r = 1; r <= 100; r++) if (r + bonus > 50) n++
  return { modifiers, rule: 'd100 + LUCK beats 50 (000 Firing into Melee)', chance: n / 100 }
}

export function rollStray(
  risk: Exclude<StrayRisk, 'none'>,
  stats: StatBlock,
  aim: AimMode,
  dice: Dice,
): { reaches: boolean; total: number; roll: RollRecord; check: StrayCheck } {
  const check = strayCheck(risk, stats, aim)
  const roll = dice.roll(
    { count: 1, sides: 100, modifier: 0 },
    risk === 'grappled' ? 'shot at a grapple: who is hit' : 'firing into melee: luck check',
  )
  if (risk === 'grappled') {
    const threshold = 50 + statBonus(stats.luck)
    return { reaches: roll.total <= threshold, total: roll.total, roll, check }
  }
  const total = roll.total + sumModifiers(check.modifiers)
  return { reaches: total > 50, total, roll, check }
}

/**
 * `000` Grappling: "With wide-effect weapons like flamethrowers or buckshot, the attack may be
 * made against either target but the damage is divided evenly among the grappled characters."
 * SR-CX-64: the pack has no field for it, so a gun is wide-effect when it throws fire (the
 * flamethrower) or is a shotgun whose listed load is buckshot (the item list's default load;
 * slugs are not tracked on the sheet).
 */
export const isWideEffect = (weapon: Pick<RangedWeapon, 'category' | 'damage' | 'note'>): boolean =>
  weapon.damage.type === 'fire' || (weapon.category === 'shotgun' && /buckshot/i.test(weapon.note ?? ''))

/** A grapple is two characters: each takes half of a wide-effect hit, rounded down (as SR-CX-27 divides a blast). */
export const GRAPPLE_WAYS = 2

/** One grappler's share of a wide-effect hit's damage (rounded down, as CX11's half damage). */
export const shareOf = (damage: number, ways: number | undefined): number =>
  ways === undefined || ways <= 1 ? damage : Math.floor(damage / ways)

/** The attack option that carries a wide-effect firing's hits to the partner's share (SR-CX-64). */
export const WIDE_SHARE = 'wideShare'

/**
 * The hits a wide-effect firing landed, as the partner's share of it carries them: the critical
 * kind of each hit, comma-separated ("normal,critical"). Null when the text is not such a list.
 */
const KINDS: readonly CriticalKind[] = ['normal', 'critical', 'extra-critical']
export function parseSharedHits(text: string | undefined): CriticalKind[] | null {
  if (text === undefined || text === '') return null
  const parts = text.split(',')
  if (parts.length > 20) return null
  const kinds = parts.map((p) => KINDS.find((k) => k === p.trim()))
  return kinds.every((k) => k !== undefined) ? (kinds as CriticalKind[]) : null
}
