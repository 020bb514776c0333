import type { RollRecord } from '../../../../src-shared/dice'
import type { Dice } from '../../dice'
import { type Modifier, sumModifiers } from '../../kit/modifier'

/** CX3: advantage and disadvantage never stack, and one of each cancels. */
export type RollMode = 'normal' | 'advantage' | 'disadvantage' | 'average'

export function combineRollModes(advantages: number, disadvantages: number, average = false): RollMode {
  if (average) return 'average'
  if (advantages > 0 && disadvantages === 0) return 'advantage'
  if (disadvantages > 0 && advantages === 0) return 'disadvantage'
  return 'normal'
}

export interface D100Check {
  /** The labelled modifiers (stat bonus, skill ranks, kit…) added to the die. */
  readonly modifiers: readonly Modifier[]
  readonly mode: RollMode
  readonly purpose: string
}

export interface D100Result {
  /** The kept die (for 'average', floor((a + b) / 2); CX3). */
  readonly natural: number
  readonly total: number
  readonly rolls: readonly RollRecord[]
  /** Rolling the average can neither crit nor fumble (CX3). */
  readonly canCrit: boolean
}

const D100 = { count: 1, sides: 100, modifier: 0 }

/** Rolls a CX1 d100 check: the die per CX3, plus every enabled modifier. */
export function rollD100(check: D100Check, dice: Dice): D100Result {
  const rolls: RollRecord[] = [dice.roll(D100, check.purpose)]
  let natural = rolls[0]!.total
  if (check.mode !== 'normal') {
    rolls.push(dice.roll(D100, `${check.purpose} (${check.mode})`))
    const [a, b] = [rolls[0]!.total, rolls[1]!.total]
    natural = check.mode === 'advantage' ? Math.max(a, b) : check.mode === 'disadvantage' ? Math.min(a, b) : Math.floor((a + b) / 2)
  }
  return { natural, total: natural + sumModifiers(check.modifiers), rolls, canCrit: check.mode !== 'average' }
}

/** CX1: a check succeeds iff its total beats the DC; a tie fails. */
export const beatsDc = (total: number, dc: number): boolean => total > dc

/** CX1: in an opposed check the higher total wins and the defender wins ties. */
export const attackerWinsOpposed = (attackerTotal: number, defenderTotal: number): boolean => attackerTotal > defenderTotal

/** Distribution of the kept d100 face under a roll mode: P(natural = n) for n = 1..100 (index n−1). */
export function naturalDistribution(mode: RollMode): number[] {
  const p = Array.from({ length: 100 }, () => 0)
  if (mode === 'normal') return p.map(() => 0.01)
  for (let a = 1; a <= 100; a++) {
    for (let b = 1; b <= 100; b++) {
      const n = mode === 'advantage' ? Math.max(a, b) : mode === 'disadvantage' ? Math.min(a, b) : Math.floor((a + b) / 2)
      p[n - 1]! += 1e-4
    }
  }
  return p
}

/** Exact P(success) of a check against a DC (CX1), for odds previews. */
export function successChance(check: Pick<D100Check, 'modifiers' | 'mode'>, dc: number): number {
  const bonus = sumModifiers(check.modifiers)
  return naturalDistribution(check.mode).reduce((t, p, i) => (beatsDc(i + 1 + bonus, dc) ? t + p : t), 0)
}
