import type { RollRecord } from '../../../../src-shared/dice'
import type { Dice } from '../../dice'
import { onDeathSave, type DownedRecord, type DyingRecord } from './dying-state'

/** CX27: a DST succeeds iff the natural d100 beats this. */
export const DEATH_SAVE_DC = 50

const D100 = { count: 1, sides: 100, modifier: 0 }

export interface DeathSaveResult {
  readonly natural: number
  readonly success: boolean
  readonly died: boolean
  readonly record: DyingRecord
  readonly notes: readonly string[]
  readonly rolls: readonly RollRecord[]
}

/**
 * CX27: a downed combatant's Death Saving Throw at the start of its turn (and the extra one a
 * fumbled stabilisation forces, CX29). The die is unmodified: no stat, skill or roll mode
 * applies, so it goes straight to the dice rather than through a d100 check.
 */
export function rollDeathSave(record: DownedRecord, dice: Dice, purpose = 'death saving throw'): DeathSaveResult {
  const roll = dice.roll(D100, purpose)
  const natural = roll.total
  // CX27: success iff > 50; a 50 fails like any tied DC (CX1).
  const success = natural > DEATH_SAVE_DC
  const t = onDeathSave(record, success)
  return {
    natural,
    success,
    died: t.died,
    record: t.record,
    notes: [`DST d100 ${natural} vs DC ${DEATH_SAVE_DC}: ${success ? 'pass' : 'fail'} (CX27)`, ...t.notes],
    rolls: [roll],
  }
}
