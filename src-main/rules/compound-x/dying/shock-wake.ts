import type { RollRecord } from '../../../../src-shared/dice'
import type { Dice } from '../../dice'
import { beatsDc, rollD100, type RollMode } from '../checks/d100-check'
import { modifier, type Modifier } from '../../kit/modifier'
import type { DyingRecord } from './dying-state'

/** CX15: the DC of each roll to wake from a shock knockout. */
export const SHOCK_WAKE_DC = 70

/**
 * CX15: how many turns a knocked-out combatant rolls to wake, (15 − FORT). FORT 15 or more
 * leaves no rolls at all: the combatant simply comes to at its next turn start.
 */
export const shockWakeWindow = (fort: number): number => Math.max(0, 15 - fort)

export type ShockRecord = DyingRecord & {
  readonly condition: { readonly kind: 'unconscious'; readonly cause: 'shock'; readonly wakeRollsLeft: number }
}

export const isShockUnconscious = (r: DyingRecord): r is ShockRecord => r.condition.kind === 'unconscious' && r.condition.cause === 'shock'

/**
 * CX15: a failed Shock save knocks the combatant out. A combatant already out, downed or dead
 * is unchanged (a downing outranks a knockout; CX27).
 */
export function onShockFailed(record: DyingRecord, fort: number): DyingRecord {
  if (record.condition.kind !== 'up') return record
  return { ...record, condition: { kind: 'unconscious', cause: 'shock', wakeRollsLeft: shockWakeWindow(fort) } }
}

export const shockWakeModifiers = (shockSave: number): readonly Modifier[] => [modifier('Shock save', shockSave, 'CX23')]

export interface ShockWakeResult {
  /**
   * 'woke' — passed the DC 70 roll; 'still-out' — failed with rolls left or this was the last;
   * 'came-to' — the (15 − FORT) window ran out earlier, so it wakes without rolling.
   */
  readonly outcome: 'woke' | 'still-out' | 'came-to'
  readonly check: { readonly natural: number; readonly total: number; readonly dc: number; readonly modifiers: readonly Modifier[] } | null
  readonly record: DyingRecord
  readonly notes: readonly string[]
  readonly rolls: readonly RollRecord[]
}

/**
 * CX15: at each of its turn starts a knocked-out combatant rolls d100 + Shock save against
 * DC 70 to wake, "for (15 − FORT) turns, or until they pass".
 *
 * Interpretation (the text and RULINGS are silent on the end): the window bounds how long the
 * knockout lasts, it is not a sentence to stay out. After the last failed roll the combatant
 * stays out for that turn and comes to at its next turn start without rolling. Reading it the
 * other way would make a high-FORT character (fewer rolls) stay out longer, which contradicts
 * FORT's role in resisting shock.
 */
export function shockWakeAtTurnStart(record: ShockRecord, shockSave: number, dice: Dice, mode: RollMode = 'normal'): ShockWakeResult {
  const left = record.condition.wakeRollsLeft
  if (left <= 0) {
    return {
      outcome: 'came-to',
      check: null,
      record: { ...record, condition: { kind: 'up' } },
      notes: ['the (15 − FORT) wake rolls are spent: comes to without rolling (CX15)'],
      rolls: [],
    }
  }
  const modifiers = shockWakeModifiers(shockSave)
  const r = rollD100({ modifiers, mode, purpose: 'shock: wake up' }, dice)
  const woke = beatsDc(r.total, SHOCK_WAKE_DC)
  const check = { natural: r.natural, total: r.total, dc: SHOCK_WAKE_DC, modifiers }
  const head = `wake roll ${r.total} vs DC ${SHOCK_WAKE_DC}`
  if (woke) {
    return { outcome: 'woke', check, record: { ...record, condition: { kind: 'up' } }, notes: [`${head}: awake (CX15)`], rolls: r.rolls }
  }
  const remaining = left - 1
  return {
    outcome: 'still-out',
    check,
    record: { ...record, condition: { kind: 'unconscious', cause: 'shock', wakeRollsLeft: remaining } },
    notes: [
      `${head}: still out, ${remaining === 0 ? 'comes to at the next turn start' : `${remaining} roll${remaining === 1 ? '' : 's'} left`} (CX15)`,
    ],
    rolls: r.rolls,
  }
}
