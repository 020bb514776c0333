import type { RollRecord } from '../../../../src-shared/dice'
import type { Dice } from '../../dice'
import { modifier, type Modifier, sumModifiers } from '../../kit/modifier'
import { statBonus, type StatBlock } from '../stats/stat-block'
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
