import { modifier } from '../../kit/modifier'
import { successChance } from '../checks/d100-check'
import type { DefenderState } from '../protection/defender'
import { applyMeleeHit, needsMeleeCoverageRoll } from './apply-melee-hit'
import type { MeleeHit } from './melee-damage'
import { SHOCK_THRESHOLD } from './resolve-melee'

/** What the landed hits of an attack add up to: health damage by amount, its mean, downs and knock-outs. */
export interface LandedTally {
  readonly damage: Map<number, number>
  expected: number
  down: number
  unconscious: number
}

/**
 * A hit that lands with probability `pLanding`, spread over every face of the armour d100 (CX11;
 * one face when no roll is needed), added to the tally: the health it takes, a down, and a
 * knock-out (a nonlethal blow, or a failed Shock save over 70, CX15). Shared by the melee and
 * the thrown odds, which land hits the same way past armour (CX16, `000` Thrown Weapons).
 */
export function tallyLandedHit(hit: MeleeHit, defender: DefenderState, pLanding: number, t: LandedTally): void {
  const faces: [number | null, number][] = needsMeleeCoverageRoll(hit, defender)
    ? Array.from({ length: 100 }, (_, i) => [i + 1, 0.01])
    : [[null, 1]]
  for (const [face, pFace] of faces) {
    const p = pLanding * pFace
    const r = applyMeleeHit(hit, defender, face)
    t.damage.set(r.toHealth, (t.damage.get(r.toHealth) ?? 0) + p)
    t.expected += p * r.toHealth
    if (r.downed) t.down += p
    if (r.knockedOut) t.unconscious += p
    else if (r.toHealth > SHOCK_THRESHOLD) {
      const pass = successChance({ mode: 'normal', modifiers: [modifier('Shock save', r.defender.shockSave, 'CX23')] }, r.toHealth)
      t.unconscious += p * (1 - pass)
    }
  }
}
