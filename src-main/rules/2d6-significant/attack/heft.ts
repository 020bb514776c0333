import { characteristicDm } from '../characteristics'
import type { Sheet, Weapon } from '../sheet/sheet-schema'

export interface Heft {
  /** The weapon's heft or recoil for this mode. */
  readonly rating: number
  readonly strDm: number
  /** Initiative it will lose when the next round begins. */
  readonly penalty: number
  readonly text: string
}

/**
 * T6: heft (melee) or recoil (guns), raised by 1 for a burst and by half the auto score
 * (rounded down) on full auto; when the STR DM is lower, the difference comes off the
 * attacker's initiative next round.
 */
export function heftPenalty(s: Sheet, w: Weapon, mode: 'single' | 'burst' | 'auto'): Heft {
  const extra = mode === 'burst' ? 1 : mode === 'auto' ? Math.floor(w.auto / 2) : 0
  const rating = w.rating + extra
  const strDm = characteristicDm(s.characteristics.str)
  const penalty = Math.max(0, rating - strDm)
  const what = w.kind === 'melee' ? 'heft' : 'recoil'
  const how = extra ? ` (${w.rating} + ${extra} for ${mode})` : ''
  return {
    rating,
    strDm,
    penalty,
    text:
      penalty > 0
        ? `${what} ${rating}${how} > STR DM ${strDm}: −${penalty} initiative next round`
        : `${what} ${rating}${how} ≤ STR DM ${strDm}: no penalty`,
  }
}
