import type { StatName } from '../content/pack-schema'
import { modifier, type Modifier } from '../../kit/modifier'

/** A character's seven stats (1–20). */
export type StatBlock = Readonly<Record<StatName, number>>

/** CX2: stat bonus on the d100 scale = (stat − 5) × 4 (stat 8 → +12). */
export function statBonus(stat: number): number {
  return (stat - 5) * 4
}

const COMBAT_TABLE: readonly [maxStat: number, bonus: number][] = [
  [1, -1.5],
  [2, -1],
  [4, -0.5],
  [5, 0],
  [7, 0.5],
  [9, 1],
  [11, 1.5],
  [13, 2],
  [14, 2.5],
  [15, 3],
]

/** CX4: combat stat modifier on the d10 scale, from the `000` table; above 15, +0.5 per point. */
export function combatModifier(stat: number): number {
  if (stat > 15) return 3 + 0.5 * (stat - 15)
  for (const [max, bonus] of COMBAT_TABLE) if (stat <= max) return bonus
  return 3
}

export const STAT_LABELS: Readonly<Record<StatName, string>> = {
  str: 'STR',
  per: 'PER',
  fort: 'FORT',
  cha: 'CHA',
  int: 'INT',
  dex: 'DEX',
  luck: 'LUCK',
}

/** A stat's combat modifier as a labelled modifier (negated where it lowers a miss chance). */
export function combatModifierOf(stats: StatBlock, stat: StatName, sign: 1 | -1, source = 'CX4'): Modifier {
  return modifier(`${STAT_LABELS[stat]} ${stats[stat]} combat modifier`, sign * combatModifier(stats[stat]), source)
}
