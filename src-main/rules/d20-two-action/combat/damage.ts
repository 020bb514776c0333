import { dice, type Distribution, mapDistribution } from '../../kit/distribution'
import { DOC } from '../d20-terms'
import { note } from '../../kit/modifier'
import type { ExplanationLine } from '../../../../src-shared/attack'
import type { D20Sheet, DamageType } from '../sheet/d20-sheet'

export type Affinity = 'resistant' | 'weak' | null

/** How one hit's damage is worked out from its dice. */
export interface DamageSpec {
  readonly count: number
  readonly sides: number
  /** W3: a critical doubles the weapon's damage roll; a berserk attack doubles it too (each applies). */
  readonly rollFactor: number
  /** A flea's bare hands: half the roll, rounded down (`003 Unarmed Combat`). */
  readonly halveRoll: boolean
  /** Attribute and other modifiers, added after the roll is doubled. */
  readonly flat: number
  readonly affinity: Affinity
}

export const affinityOf = (target: D20Sheet, type: DamageType): Affinity => target.affinities[type] ?? null

/** W5: resistance halves (rounded down), weakness doubles. */
export function applyAffinity(amount: number, affinity: Affinity): number {
  if (affinity === 'resistant') return Math.floor(amount / 2)
  if (affinity === 'weak') return amount * 2
  return amount
}

/**
 * W3 / `003 Critical Hits`: (the weapon roll × its factor) + modifiers, never below 0, then the
 * target's resistance or weakness (W5). The worked check: a natural 20 with a d8 showing 6 and
 * Str s deals 2×6 + s.
 */
export function damageOf(rollSum: number, spec: DamageSpec): number {
  const rolled = rollSum * spec.rollFactor
  const weaponPart = spec.halveRoll ? Math.floor(rolled / 2) : rolled
  return applyAffinity(Math.max(0, weaponPart + spec.flat), spec.affinity)
}

/** The exact distribution of one hit's damage. */
export const damageDist = (spec: DamageSpec): Distribution => mapDistribution(dice(spec.count, spec.sides), (sum) => damageOf(sum, spec))

/** The damage formula in words, for the working. */
export function damageLines(spec: DamageSpec, type: DamageType): ExplanationLine[] {
  const roll = `${spec.count}d${spec.sides}`
  return [
    note(
      'Weapon roll',
      spec.rollFactor > 1 ? `${spec.rollFactor}× ${roll}` : roll,
      spec.rollFactor > 1 ? `${DOC.critical}, W3` : DOC.damage,
    ),
    ...(spec.halveRoll ? [note('Bare hands, flea-sized', 'half the roll, rounded down', DOC.unarmed)] : []),
    note('Modifiers', spec.flat >= 0 ? `+${spec.flat}` : `−${-spec.flat}`, DOC.damage),
    ...(spec.affinity
      ? [
          note(
            `${spec.affinity === 'resistant' ? 'Resistant' : 'Weak'} to ${type}`,
            spec.affinity === 'resistant' ? '÷2, rounded down' : '×2',
            'W5',
          ),
        ]
      : []),
  ]
}
