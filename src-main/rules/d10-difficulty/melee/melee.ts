import { D10_FACES, meetsDifficulty } from '../checks/d10-check'

/**
 * D6: how the defender meets a melee attack. Dodge needs an action left this round; Block is what
 * is left without one; a surprise attack allows neither; 'none' is an aware defender taking it.
 */
export const DEFENCES = ['dodge', 'block', 'none', 'surprise'] as const
export type Defence = (typeof DEFENCES)[number]

export type MeleeOutcome = 'miss' | 'dodged' | 'blocked' | 'hit'

/**
 * D6: the attack must first reach the GM's difficulty (D1; the chapter sets none, so 0 by
 * default); then a Dodge total that exceeds the attack total avoids all damage, and a Block total
 * (d10 + STR + CON) that exceeds it halves the damage. A tie goes to the attacker ("must exceed").
 */
export function meleeOutcome(attackTotal: number, difficulty: number, defence: Defence, defenceTotal: number | null): MeleeOutcome {
  if (!meetsDifficulty(attackTotal, difficulty)) return 'miss'
  if (defenceTotal === null || defenceTotal <= attackTotal) return 'hit'
  if (defence === 'dodge') return 'dodged'
  if (defence === 'block') return 'blocked'
  return 'hit'
}

/** The defence rolls a die only for a dodge or a block. */
export const defenceRolls = (d: Defence): boolean => d === 'dodge' || d === 'block'

export interface MeleeSetup {
  readonly attackBonus: number
  readonly difficulty: number
  readonly defence: Defence
  /** The dodge or block bonus (unused for 'none' and 'surprise'). */
  readonly defenceBonus: number
}

/** Exact outcome chances over both d10s (D6). */
export function meleeOdds(s: MeleeSetup): Record<MeleeOutcome, number> {
  const counts: Record<MeleeOutcome, number> = { miss: 0, dodged: 0, blocked: 0, hit: 0 }
  const defenceFaces = defenceRolls(s.defence) ? D10_FACES : [null]
  for (const a of D10_FACES) {
    for (const d of defenceFaces) counts[meleeOutcome(a + s.attackBonus, s.difficulty, s.defence, d === null ? null : d + s.defenceBonus)]++
  }
  // Counted, then divided once: a certain outcome reads exactly 1.
  const n = D10_FACES.length * defenceFaces.length
  return { miss: counts.miss / n, dodged: counts.dodged / n, blocked: counts.blocked / n, hit: counts.hit / n }
}

/** D6: a successful block halves the damage taken (rounded down). */
export const blockedDamage = (damage: number): number => Math.floor(damage / 2)
