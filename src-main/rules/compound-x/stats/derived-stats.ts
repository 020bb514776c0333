import type { StatName } from '../content/pack-schema'
import type { StatBlock } from './stat-block'

/** CX23: max health = 50 + 10 × FORT. */
export const maxHealth = (s: StatBlock): number => 50 + 10 * s.fort

/** CX23 saves: Will 2(CHA+INT−6), Shock 2(FORT+INT−6), Reflex 2(PER+DEX−6). */
export const willSave = (s: StatBlock): number => 2 * (s.cha + s.int - 6)
export const shockSave = (s: StatBlock): number => 2 * (s.fort + s.int - 6)
export const reflexSave = (s: StatBlock): number => 2 * (s.per + s.dex - 6)

/**
 * CX22: nanite maximum = class primary attribute × 10, plus what feats add (`001` Nanites: "Some
 * class feats and other abilities can increase the number of Nanites you can hold"; SR-CX-82).
 */
export const naniteMaximum = (s: StatBlock, primary: StatName, featBonus = 0): number => s[primary] * 10 + featBonus

/** CX22: nanites regenerate 3 at the start of each own turn. */
export const NANITE_REGEN_PER_TURN = 3

/**
 * `001` secondary stats: movement speed comes from the larger of STR and DEX, carry ability
 * from the larger of STR and FORT, and STR can feed only one of them; we give STR to whichever
 * yields the larger total, preferring movement on a tie (the document's own advice).
 */
export function secondaryStats(s: StatBlock): { movementSpeed: number; carryAbility: number } {
  const strToMove = { movementSpeed: Math.max(s.str, s.dex), carryAbility: s.fort }
  const strToCarry = { movementSpeed: s.dex, carryAbility: Math.max(s.str, s.fort) }
  const total = (x: { movementSpeed: number; carryAbility: number }) => x.movementSpeed + x.carryAbility
  return total(strToCarry) > total(strToMove) ? strToCarry : strToMove
}

/** `000` Movement: metres per 2 actions = speed − (penalties − carry ability, rounded up, not below 0). */
export function metresPerTwoActions(s: StatBlock, movementPenalty: number): number {
  const { movementSpeed, carryAbility } = secondaryStats(s)
  const penalty = Math.max(0, Math.ceil(movementPenalty) - carryAbility)
  return Math.max(0, movementSpeed - penalty)
}

/** CX10: the natural accuracy rolls that open the critical band, by Luck; none under Black Cat 3–4 (CX30, SR-CX-86). */
export function criticalBand(luck: number, blocked = false): readonly number[] {
  if (blocked) return []
  if (luck >= 11) return [8, 9, 10]
  if (luck >= 7) return [9, 10]
  return [10]
}

export type CriticalKind = 'normal' | 'critical' | 'extra-critical'

/** CX10: the second d10 decides the critical; Luck 1–3 has no extra-critical, and 1–5 is a plain hit. */
export function criticalFromSecondRoll(luck: number, roll: number): CriticalKind {
  if (luck <= 3) return roll >= 6 ? 'critical' : 'normal'
  return roll >= 6 ? 'extra-critical' : 'critical'
}

export const CRITICAL_DAMAGE: Readonly<Record<CriticalKind, number>> = { normal: 0, critical: 20, 'extra-critical': 30 }
