import { sortedPairs } from '../../kit/distribution'
import type { DefenderState } from '../protection/defender'
import type { Step } from '../statistic'
import { criticalBand, criticalFromSecondRoll, type CriticalKind } from '../stats/derived-stats'
import { tallyLandedHit, type LandedTally } from './landed-hit-odds'
import { meleeAccuracy, meleeGuard, meleeHitQuality, type MeleeHitQuality } from './melee-accuracy'
import { meleeHitFor } from './melee-damage'
import type { MeleeSetup } from './melee-setup'
import { meleeAttackProblem } from './resolve-melee'

export interface MeleeOdds {
  readonly kind: 'odds'
  readonly steps: readonly Step[]
  /** P(accuracy > Guard) (CX16). */
  readonly hit: number
  /** P(accuracy ≥ Guard + 3) (CX16). */
  readonly preciseHit: number
  /** P(a hit that ignores armour): precise hits and, by our reading of `000`, criticals. */
  readonly ignoresArmour: number
  readonly critical: number
  readonly extraCritical: number
  /** Damage reaching health, as (damage, probability) pairs in increasing damage; a miss is 0. */
  readonly healthDamage: readonly (readonly [number, number])[]
  readonly expectedHealthDamage: number
  /** P(this attack takes the target from 1+ health to 0 or below) (CX27). */
  readonly down: number
  /** P(unconscious): a nonlethal knockout or a failed Shock save (CX15). */
  readonly unconscious: number
}

type Landing = `${Exclude<MeleeHitQuality, 'miss'>}|${CriticalKind}`

/** The d10s: P(miss) and P(each way of landing), over accuracy × Guard × the critical d10. */
function landings(setup: MeleeSetup): { miss: number; hits: Map<Landing, number> } {
  const accuracy = meleeAccuracy(setup).total
  const guard = meleeGuard(setup)
  const guards: [number, number][] =
    guard.kind === 'fixed' ? [[guard.value, 1]] : Array.from({ length: 10 }, (_, i) => [i + 1 + guard.step.total, 0.1])
  const luck = setup.attacker.stats.luck
  const band = criticalBand(luck, setup.attacker.criticalsBlocked)
  const hits = new Map<Landing, number>()
  let miss = 0
  for (let natural = 1; natural <= 10; natural++) {
    for (const [guardTotal, pGuard] of guards) {
      const p = 0.1 * pGuard
      const quality = meleeHitQuality(natural + accuracy, guardTotal)
      if (quality === 'miss') {
        miss += p
        continue
      }
      const crits: CriticalKind[] = band.includes(natural)
        ? Array.from({ length: 10 }, (_, i) => criticalFromSecondRoll(luck, i + 1))
        : ['normal']
      for (const c of crits) {
        const k: Landing = `${quality}|${c}`
        hits.set(k, (hits.get(k) ?? 0) + p / crits.length)
      }
    }
  }
  return { miss, hits }
}

/**
 * Exact odds of one melee attack, by enumeration (never sampling): the accuracy and Guard d10s
 * (CX16), the critical d10 (CX10), every face of the armour d100 (CX11) and the Shock save (CX15).
 */
export function meleeOdds(
  setup: MeleeSetup,
  defender: DefenderState,
): MeleeOdds | { kind: 'impossible'; reason: string; steps: readonly Step[] } {
  const steps = [meleeAccuracy(setup), meleeGuard(setup).step]
  const problem = meleeAttackProblem(setup)
  if (problem) return { kind: 'impossible', reason: problem, steps }
  const { miss, hits } = landings(setup)
  // The kit's zero policy: a certain hit has no miss row (every face below adds a positive weight).
  const damage = new Map<number, number>(miss > 0 ? [[0, miss]] : [])
  const odds = { hit: 0, preciseHit: 0, ignoresArmour: 0, critical: 0, extraCritical: 0 }
  const tally: LandedTally = { damage, expected: 0, down: 0, unconscious: 0 }
  for (const [landing, pLanding] of hits) {
    const [quality, critical] = landing.split('|') as [Exclude<MeleeHitQuality, 'miss'>, CriticalKind]
    const hit = meleeHitFor(setup, quality, critical)
    odds.hit += pLanding
    if (quality === 'precise-hit') odds.preciseHit += pLanding
    if (hit.armour === 'precise') odds.ignoresArmour += pLanding
    if (critical === 'critical') odds.critical += pLanding
    if (critical === 'extra-critical') odds.extraCritical += pLanding
    tallyLandedHit(hit, defender, pLanding, tally)
  }
  return {
    kind: 'odds',
    steps,
    hit: odds.hit,
    preciseHit: odds.preciseHit,
    ignoresArmour: odds.ignoresArmour,
    critical: odds.critical,
    extraCritical: odds.extraCritical,
    healthDamage: sortedPairs(damage),
    expectedHealthDamage: tally.expected,
    down: tally.down,
    unconscious: tally.unconscious,
  }
}
