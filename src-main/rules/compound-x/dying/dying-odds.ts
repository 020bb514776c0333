import { beatsDc, naturalDistribution, successChance, type RollMode } from '../checks/d100-check'
import { DEATH_SAVE_DC } from './death-save'
import type { DownedRecord } from './dying-state'
import { SHOCK_WAKE_DC, shockWakeModifiers } from './shock-wake'
import { STABILISE_DC, stabiliseBand, stabiliseBonus, type StabiliseAttempt } from './stabilise'

/** CX27: P(a DST passes), by counting the d100 faces above 50 (= 0.5). */
export function deathSaveChance(): number {
  let passing = 0
  for (let n = 1; n <= 100; n++) if (n > DEATH_SAVE_DC) passing++
  return passing / 100
}

/**
 * CX27/CX28: P(the downed combatant dies within its next `turns` DSTs, with no one helping):
 * at least (capacity − failures) failures among `turns` independent fair throws.
 */
export function deathWithinTurns(record: DownedRecord, turns: number): number {
  const needed = record.capacity - record.condition.failures
  if (needed <= 0) return 1
  const q = 1 - deathSaveChance()
  // P(the `needed`-th failure lands on throw t) summed over t ≤ turns (negative binomial).
  let p = 0
  for (let t = needed; t <= turns; t++) p += binomial(t - 1, needed - 1) * q ** needed * (1 - q) ** (t - needed)
  return p
}

function binomial(n: number, k: number): number {
  let c = 1
  for (let i = 1; i <= k; i++) c = (c * (n - k + i)) / i
  return c
}

/** CX15: P(one wake roll, d100 + Shock save, beats DC 70). */
export const shockWakeChance = (shockSave: number, mode: RollMode = 'normal'): number =>
  successChance({ modifiers: shockWakeModifiers(shockSave), mode }, SHOCK_WAKE_DC)

/**
 * CX15: P(one of the wake rolls left wakes the combatant, rather than it coming to after its
 * window); a fresh knockout has (15 − FORT) of them (`shockWakeWindow`).
 */
export const wakesByRollChance = (shockSave: number, rollsLeft: number, mode: RollMode = 'normal'): number =>
  1 - (1 - shockWakeChance(shockSave, mode)) ** Math.max(0, rollsLeft)

export interface StabiliseOdds {
  /** Stabilised by this attempt, by any route (a critical, a plain success, or after a survived fumble). */
  readonly stabilised: number
  /** The part of `stabilised` that is a critical success. */
  readonly critical: number
  /** The natural fell in the 1–5 band, forcing an extra DST. */
  readonly criticalFailure: number
  /** The extra DST killed the target. */
  readonly died: number
  /** Still downed afterwards: 1 − stabilised − died. */
  readonly stillDowned: number
}

/**
 * CX29 exact odds of one stabilisation attempt, enumerating the kept natural under the roll
 * mode (CX3) with the same bands and rules as `attemptStabilise`.
 */
export function stabiliseOdds(a: Omit<StabiliseAttempt, 'criticalCountsRevival'>): StabiliseOdds {
  const mode = a.mode ?? 'normal'
  const bonus = stabiliseBonus(a)
  const canCrit = mode !== 'average'
  const { failures } = a.patient.record.condition
  const fumbleKills = failures + 1 >= a.patient.record.capacity
  const pFail = 1 - deathSaveChance()
  let stabilised = 0
  let critical = 0
  let criticalFailure = 0
  let died = 0
  naturalDistribution(mode).forEach((p, i) => {
    const natural = i + 1
    const succeeds = beatsDc(natural + bonus, STABILISE_DC)
    const band = stabiliseBand(natural, canCrit, a.healer.critsBlocked === true)
    if (band === 'fumble') {
      criticalFailure += p
      const pDies = fumbleKills ? pFail : 0
      died += p * pDies
      if (succeeds) stabilised += p * (1 - pDies)
      return
    }
    if (!succeeds) return
    stabilised += p
    if (band === 'critical') critical += p
  })
  return { stabilised, critical, criticalFailure, died, stillDowned: 1 - stabilised - died }
}
