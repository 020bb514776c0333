import type { RollRecord } from '../../../src-shared/dice'
import type { Dice } from '../dice'
import { probabilityThat } from '../kit/distribution'
import { keepTwo, twoD6, type KeepMode } from './keep-two'
import { type Modifier, sumModifiers } from '../kit/modifier'

/** T1: every check is 2d6 + skill + DMs against 8. */
export const TARGET = 8

/** T1: a check succeeds iff its total is at least 8. */
export const succeeds = (total: number): boolean => total >= TARGET

/** T1: how far past (or short of) 8 the total landed. */
export const effectOf = (total: number): number => total - TARGET

export interface CheckRoll {
  /** The two kept dice. */
  readonly dice: number
  readonly total: number
  readonly success: boolean
  readonly effect: number
  readonly rolls: readonly RollRecord[]
}

/** Rolls 2d6 (3d6 keeping two for a boon or bane) plus the DMs: T1. Every die comes through the Dice, seeded or typed (R0.2). */
export function rollCheck(dms: readonly Modifier[], mode: KeepMode, purpose: string, dice: Dice): CheckRoll {
  const modifier = sumModifiers(dms)
  // A boon or bane throws three dice and keeps two, so its record carries no DM (its total would mislead).
  const rolled =
    mode === 'normal'
      ? dice.roll({ count: 2, sides: 6, modifier }, purpose)
      : dice.roll(
          { count: 3, sides: 6, modifier: 0 },
          `${purpose} (${mode}: keep the ${mode === 'boon' ? 'best' : 'worst'} two, then DM ${modifier})`,
        )
  const kept = mode === 'normal' ? rolled.total - modifier : keepTwo(rolled.faces, mode)
  const total = kept + modifier
  return { dice: kept, total, success: succeeds(total), effect: effectOf(total), rolls: [rolled] }
}

/** T1: the exact chance that 2d6 + DMs reaches 8. */
export const checkChance = (dms: readonly Modifier[], mode: KeepMode = 'normal'): number => {
  const modifier = sumModifiers(dms)
  return probabilityThat(twoD6(mode), (s) => succeeds(s + modifier))
}
