import type { RollRecord } from '../../../../src-shared/dice'
import type { Dice } from '../../dice'
import { DOC } from '../d20-terms'
import type { D20Sheet, DamageType } from '../sheet/d20-sheet'

/**
 * `003 Damage Types`: what a critical hit of each type may add after its damage. Slashing and
 * piercing bleed on a d20 of 16+, rending on 14+; concussive dents worn armour on 16+; aether
 * stuns unless the target's Willpower test reaches 16. Fire has no critical effect.
 */
export type CritEffect =
  | { readonly kind: 'bleed'; readonly from: number }
  | { readonly kind: 'dent'; readonly from: number }
  | { readonly kind: 'stun'; readonly resistAt: number }

export function critEffectOf(type: DamageType): CritEffect | null {
  switch (type) {
    case 'slashing':
    case 'piercing':
      return { kind: 'bleed', from: 16 }
    case 'rending':
      return { kind: 'bleed', from: 14 }
    case 'concussive':
      return { kind: 'dent', from: 16 }
    case 'aether':
      return { kind: 'stun', resistAt: 16 }
    case 'fire':
      return null
  }
}

/** P(d20 ≥ n). */
const atLeast = (n: number): number => Math.min(20, Math.max(0, 21 - n)) / 20

/** The chance the effect follows a critical that lands (a dent needs armour worn). */
export function critEffectChance(effect: CritEffect, target: D20Sheet): number {
  switch (effect.kind) {
    case 'bleed':
      return atLeast(effect.from)
    case 'dent':
      return target.armour !== null ? atLeast(effect.from) : 0
    case 'stun':
      return 1 - atLeast(effect.resistAt - target.attributes.wil)
  }
}

export const critEffectWords = (effect: CritEffect): string =>
  effect.kind === 'bleed' ? 'Bleeding' : effect.kind === 'dent' ? 'Armour dented (−1)' : 'Stunned'

export interface CritEffectRoll {
  readonly happened: boolean
  readonly roll: RollRecord
  readonly line: string
}

/** The attacker's d20 for bleeding or a dent: the effect follows when it reaches `from`. */
function attackerCheck(
  from: number,
  dice: Dice,
  words: { readonly rolled: string; readonly check: string; readonly yes: string; readonly no: string },
): CritEffectRoll {
  const roll = dice.roll({ count: 1, sides: 20, modifier: 0 }, `critical: ${words.rolled} on ${from}+ (${DOC.damageTypes})`)
  const happened = roll.total >= from
  return {
    happened,
    roll,
    line: `${words.check} check d20 ${roll.total} (${from}+): ${happened ? words.yes : words.no} (${DOC.damageTypes})`,
  }
}

/** Rolls the effect's d20 (the attacker's for bleeding and dents, the target's Willpower test for aether). */
export function rollCritEffect(effect: CritEffect, target: D20Sheet, targetName: string, dice: Dice): CritEffectRoll | null {
  switch (effect.kind) {
    case 'bleed':
      return attackerCheck(effect.from, dice, { rolled: 'bleeding', check: 'bleeding', yes: 'bleeds', no: 'no bleeding' })
    case 'dent':
      if (target.armour === null) return null
      return attackerCheck(effect.from, dice, { rolled: 'armour dent', check: 'armour', yes: 'armour rating −1', no: 'armour holds' })
    case 'stun': {
      const roll = dice.roll(
        { count: 1, sides: 20, modifier: target.attributes.wil },
        `${targetName}: Willpower test against stunning (${DOC.damageTypes})`,
      )
      const happened = roll.total < effect.resistAt
      return {
        happened,
        roll,
        line: `${targetName}'s Willpower test ${roll.total} (below ${effect.resistAt} stuns): ${happened ? 'stunned' : 'resists'} (${DOC.damageTypes})`,
      }
    }
  }
}
