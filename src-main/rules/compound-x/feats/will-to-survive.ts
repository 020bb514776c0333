import type { RollRecord } from '../../../../src-shared/dice'
import type { Dice } from '../../dice'

/**
 * 03_Feats "Will to Survive" (a CHA 6+ feat, `001` Charisma), its numbers by Charisma: uses per
 * encounter, and the most one wound heals on a d10 of 1–5 and of 6–10. At CHA 14 it also
 * purges one damage-over-time debuff.
 */
export interface WillToSurviveScale {
  readonly usesPerEncounter: number
  readonly healLow: number
  readonly healHigh: number
  readonly purgesDebuff: boolean
}

export function willToSurviveScale(cha: number): WillToSurviveScale {
  const usesPerEncounter = cha >= 8 ? 2 : 1
  const purgesDebuff = cha >= 14
  if (cha >= 12) return { usesPerEncounter, healLow: 25, healHigh: 40, purgesDebuff }
  if (cha >= 10) return { usesPerEncounter, healLow: 20, healHigh: 30, purgesDebuff }
  return { usesPerEncounter, healLow: 15, healHigh: 20, purgesDebuff }
}

export interface WillToSurviveState {
  /** Uses this encounter. */
  readonly used: number
  /** SR-CX-83: used since the holder's own turn last started ("once per turn"). */
  readonly sinceTurnStart: boolean
}

/**
 * Why the reaction is not open now, or null: it needs the feat's condition ("at or below half
 * health", not knocked out) and a use left this encounter and this turn (SR-CX-83).
 */
export function willToSurviveRefusal(hp: number, maxHp: number, up: boolean, cha: number, state: WillToSurviveState): string | null {
  if (!up || hp < 1) return 'Not while downed or knocked out (03_Feats Will to Survive).'
  if (hp * 2 > maxHp) return `Only at or below half health (${hp}/${maxHp}; 03_Feats Will to Survive).`
  const { usesPerEncounter } = willToSurviveScale(cha)
  if (state.used >= usesPerEncounter)
    return `Used ${state.used} of ${usesPerEncounter} time${usesPerEncounter === 1 ? '' : 's'} this encounter (CHA ${cha}).`
  if (state.sinceTurnStart) return 'Once per turn: already used since its own turn began (SR-CX-83).'
  return null
}

export interface WillToSurviveRoll {
  readonly face: number
  /** The most this one wound heals. */
  readonly cap: number
  readonly healed: number
  readonly roll: RollRecord
}

/**
 * The reaction's d10: 1–5 heals the wound up to the low figure, 6–10 up to the high one; never
 * more than the wound (the GM names it, as for Medicine, SR-CX-40) nor past the maximum health.
 */
export function rollWillToSurvive(cha: number, wound: number, hp: number, maxHp: number, dice: Dice): WillToSurviveRoll {
  const roll = dice.roll({ count: 1, sides: 10, modifier: 0 }, 'Will to Survive')
  const scale = willToSurviveScale(cha)
  const cap = roll.total <= 5 ? scale.healLow : scale.healHigh
  const healed = Math.max(0, Math.min(cap, wound, maxHp - hp))
  return { face: roll.total, cap, healed, roll }
}
