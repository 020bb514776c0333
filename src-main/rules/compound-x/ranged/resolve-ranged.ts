import type { RollRecord } from '../../../../src-shared/dice'
import type { Dice } from '../../dice'
import type { DefenderState } from '../protection/defender'
import { applyHit, needsCoverageRoll, type HitResult } from '../protection/apply-hit'
import type { Step } from '../statistic'
import { CRITICAL_DAMAGE, criticalBand, criticalFromSecondRoll, type CriticalKind } from '../stats/derived-stats'
import { weaponDamage } from '../stats/weapon-damage'
import { rangedMissChance } from './miss-chance'
import { shareOf } from './stray-shot'
import type { RangedSetup } from './ranged-setup'

const D10 = { count: 1, sides: 10, modifier: 0 }
const D100 = { count: 1, sides: 100, modifier: 0 }

/** `000` Stealth Attacks: ranged stealth attacks deal +20. */
export const STEALTH_DAMAGE = 20

/** One round of a volley (a semi shot is a volley of one). */
export interface RoundResult {
  readonly natural: number
  readonly hit: boolean
  readonly jammed: boolean
  readonly critical: CriticalKind
  readonly damage: number
  readonly hitResult: HitResult | null
  readonly shockSave: { readonly total: number; readonly dc: number; readonly passed: boolean } | null
}

export interface RangedResolution {
  readonly kind: 'resolved'
  readonly missChance: number
  readonly steps: readonly Step[]
  readonly rounds: readonly RoundResult[]
  /** Rounds that left the magazine (a jam stops the volley; CX8, CX9). */
  readonly ammoSpent: number
  readonly jammed: boolean
  readonly defender: DefenderState
  readonly unconscious: boolean
  readonly rolls: readonly RollRecord[]
}

export type RangedOutcome = RangedResolution | { readonly kind: 'impossible'; readonly reason: string; readonly steps: readonly Step[] }

/** CX8: rounds in one firing action. */
export function roundsFor(setup: RangedSetup): number {
  return setup.mode === 'semi' ? 1 : (setup.weapon[setup.mode]?.rounds ?? (setup.mode === 'burst' ? 3 : 6))
}

export interface ResolveOptions {
  readonly ammoInMagazine: number
  /** Medium/heavy suppression reaction hits: automatic, always on armour (CX26). */
  readonly automaticHit?: boolean
  /** Rounds in this firing instead of the mode's volley (CX26: heavy suppression's two hits). */
  readonly rounds?: number
  /**
   * The partner's share of a wide-effect firing (SR-CX-64): these hits, with their critical kinds,
   * landed already; no accuracy, jam or critical die is rolled again.
   */
  readonly sharedHits?: readonly CriticalKind[]
}

/** Rounds one firing puts out before the magazine is counted. */
export const volleyOf = (setup: RangedSetup, options: ResolveOptions): number =>
  options.sharedHits?.length ?? options.rounds ?? roundsFor(setup)

/**
 * Resolves one firing action with real dice: per round an accuracy d10 (CX7, CX8), a jam d10
 * on a natural 1 (CX9), a critical d10 in the Luck band for single shots (CX10), then the
 * armour d100 (CX11) and the damage through shield, armour and body (CX12, CX13), and a Shock
 * save for a hit over 70 on health (CX15).
 */
export function resolveRanged(setup: RangedSetup, defender: DefenderState, dice: Dice, options: ResolveOptions): RangedOutcome {
  const chance = rangedMissChance(setup)
  if (!chance.canHit) return { kind: 'impossible', reason: chance.reason, steps: chance.steps }
  const rolls: RollRecord[] = []
  const roll = (expr: typeof D10, purpose: string) => {
    const r = dice.roll(expr, purpose)
    rolls.push(r)
    return r.total
  }
  const base = weaponDamage(setup.weapon.damage, setup.shooter.stats)
  const bonus = setup.shooter.stealth ? STEALTH_DAMAGE : 0
  const jamRange = setup.weapon.jamRange ?? [1, 2]
  const band = criticalBand(setup.shooter.stats.luck, setup.shooter.criticalsBlocked)
  const rounds: RoundResult[] = []
  let state = defender
  let jammed = false
  let unconscious = false
  const toFire = Math.min(volleyOf(setup, options), Math.max(0, options.ammoInMagazine))
  if (toFire === 0) return { kind: 'impossible', reason: 'The magazine is empty: reload first', steps: chance.steps }
  for (let i = 0; i < toFire && !jammed; i++) {
    const label = toFire > 1 ? ` (round ${i + 1})` : ''
    const shared = options.sharedHits?.[i]
    const natural = options.automaticHit || shared ? 10 : roll(D10, `accuracy${label}`)
    if (!options.automaticHit && !shared && natural === 1) {
      const second = roll(D10, `jam check${label}`)
      jammed = second >= jamRange[0] && second <= jamRange[1]
    }
    const hit = options.automaticHit === true || shared !== undefined || natural > chance.missChance
    let critical: CriticalKind = shared ?? 'normal'
    if (hit && !options.automaticHit && !shared && setup.mode === 'semi' && band.includes(natural)) {
      critical = criticalFromSecondRoll(setup.shooter.stats.luck, roll(D10, 'critical'))
    }
    if (!hit) {
      rounds.push({ natural, hit, jammed, critical, damage: 0, hitResult: null, shockSave: null })
      continue
    }
    // `000` Grappling: a wide-effect hit on a grappled pair is divided between them (SR-CX-64).
    const damage = shareOf(base.total + CRITICAL_DAMAGE[critical] + bonus, setup.damageShare)
    const incoming = {
      amount: damage,
      type: setup.weapon.damage.type,
      apl: setup.weapon.apl,
      alwaysHitsArmour: options.automaticHit === true,
      plasmaBurnStacks: setup.weapon.damage.effects?.find((e) => e.kind === 'plasma-burn')?.stacks ?? 1,
    }
    const coverage = needsCoverageRoll(incoming, state) ? roll(D100, `armour${label}`) : null
    const result = applyHit(incoming, state, coverage)
    state = result.defender
    let shockSave: RoundResult['shockSave'] = null
    if (result.toHealth > 70 && !unconscious) {
      const total = roll(D100, 'shock save') + state.shockSave
      // CX1: success iff the total beats the DC; a tie fails.
      shockSave = { total, dc: result.toHealth, passed: total > result.toHealth }
      if (!shockSave.passed) unconscious = true
    }
    rounds.push({ natural, hit, jammed, critical, damage, hitResult: result, shockSave })
  }
  return {
    kind: 'resolved',
    missChance: chance.missChance,
    steps: [...chance.steps, base],
    rounds,
    ammoSpent: rounds.length,
    jammed,
    defender: state,
    unconscious,
    rolls,
  }
}
