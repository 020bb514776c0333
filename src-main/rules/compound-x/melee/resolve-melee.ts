import type { RollRecord } from '../../../../src-shared/dice'
import type { Dice } from '../../dice'
import { beatsDc } from '../checks/d100-check'
import type { DefenderState } from '../protection/defender'
import type { Step } from '../statistic'
import { criticalBand, criticalFromSecondRoll, type CriticalKind } from '../stats/derived-stats'
import { applyMeleeHit, needsMeleeCoverageRoll, type MeleeHitResult } from './apply-melee-hit'
import { meleeAccuracy, meleeGuard, meleeHitQuality, type MeleeHitQuality } from './melee-accuracy'
import { meleeHitFor, strikeDamage } from './melee-damage'
import { nonlethalAllowed, type MeleeSetup } from './melee-setup'

const D10 = { count: 1, sides: 10, modifier: 0 }
const D100 = { count: 1, sides: 100, modifier: 0 }

/** CX15: a hit that puts more than this on health forces a Shock save. */
export const SHOCK_THRESHOLD = 70

export interface MeleeResolution {
  readonly kind: 'resolved'
  readonly accuracy: { readonly natural: number; readonly total: number }
  /** `natural` is null when Guard was not rolled (stealth attack). */
  readonly guard: { readonly natural: number | null; readonly total: number }
  readonly quality: MeleeHitQuality
  readonly critical: CriticalKind
  /** The hit went past armour: 3+ over Guard (CX16) or a critical. */
  readonly armourIgnored: boolean
  readonly damage: number
  readonly hitResult: MeleeHitResult | null
  readonly shockSave: { readonly total: number; readonly dc: number; readonly passed: boolean } | null
  readonly defender: DefenderState
  /** Knocked out by a nonlethal strike or a failed Shock save. */
  readonly unconscious: boolean
  readonly steps: readonly Step[]
  readonly rolls: readonly RollRecord[]
}

export type MeleeOutcome = MeleeResolution | { readonly kind: 'impossible'; readonly reason: string; readonly steps: readonly Step[] }

/** Why this attack cannot be made as declared, or null. */
export function meleeAttackProblem(setup: MeleeSetup): string | null {
  if (setup.attacker.nonlethal && !nonlethalAllowed(setup.attacker.strikeWith)) {
    return 'A nonlethal strike needs bare hands or a melee weapon the attacker is proficient with (000 Nonlethal Damage)'
  }
  return null
}

/**
 * Resolves one melee attack with real dice: the accuracy d10 and the Guard d10 (none against
 * a stealth attack; CX16), the critical d10 in the Luck band (CX10), the armour d100 when it
 * matters (CX11), then the damage through shield, armour and body (CX12, CX13, CX17) and a Shock
 * save for more than 70 on health (CX15).
 */
export function resolveMelee(setup: MeleeSetup, defender: DefenderState, dice: Dice): MeleeOutcome {
  const accuracyStep = meleeAccuracy(setup)
  const guard = meleeGuard(setup)
  const problem = meleeAttackProblem(setup)
  if (problem) return { kind: 'impossible', reason: problem, steps: [accuracyStep, guard.step] }
  const rolls: RollRecord[] = []
  const roll = (expr: typeof D10, purpose: string) => {
    const r = dice.roll(expr, purpose)
    rolls.push(r)
    return r.total
  }
  const accuracyNatural = roll(D10, 'melee accuracy')
  const accuracy = accuracyNatural + accuracyStep.total
  const guardNatural = guard.kind === 'rolled' ? roll(D10, 'Guard') : null
  const guardTotal = guard.kind === 'rolled' ? (guardNatural ?? 0) + guard.step.total : guard.value
  const quality = meleeHitQuality(accuracy, guardTotal)
  const base = {
    kind: 'resolved' as const,
    accuracy: { natural: accuracyNatural, total: accuracy },
    guard: { natural: guardNatural, total: guardTotal },
    quality,
  }
  if (quality === 'miss') {
    const steps = [accuracyStep, guard.step]
    return {
      ...base,
      critical: 'normal',
      armourIgnored: false,
      damage: 0,
      hitResult: null,
      shockSave: null,
      defender,
      unconscious: false,
      steps,
      rolls,
    }
  }
  const luck = setup.attacker.stats.luck
  const critical = criticalBand(luck, setup.attacker.criticalsBlocked).includes(accuracyNatural)
    ? criticalFromSecondRoll(luck, roll(D10, 'critical'))
    : 'normal'
  const hit = meleeHitFor(setup, quality, critical)
  const coverage = needsMeleeCoverageRoll(hit, defender) ? roll(D100, 'armour') : null
  const hitResult = applyMeleeHit(hit, defender, coverage)
  let shockSave: MeleeResolution['shockSave'] = null
  if (hitResult.toHealth > SHOCK_THRESHOLD && !hitResult.knockedOut) {
    const total = roll(D100, 'shock save') + hitResult.defender.shockSave
    shockSave = { total, dc: hitResult.toHealth, passed: beatsDc(total, hitResult.toHealth) }
  }
  return {
    ...base,
    critical,
    armourIgnored: hit.armour === 'precise',
    damage: hit.amount,
    hitResult,
    shockSave,
    defender: hitResult.defender,
    unconscious: hitResult.knockedOut || (shockSave !== null && !shockSave.passed),
    steps: [accuracyStep, guard.step, ...strikeDamage(setup, critical).steps],
    rolls,
  }
}
