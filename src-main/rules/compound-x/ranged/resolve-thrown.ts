import type { RollRecord } from '../../../../src-shared/dice'
import type { Dice } from '../../dice'
import { sortedPairs } from '../../kit/distribution'
import { modifier } from '../../kit/modifier'
import { beatsDc } from '../checks/d100-check'
import type { DamageType } from '../content/pack-schema'
import { applyMeleeHit, needsMeleeCoverageRoll, type MeleeHitResult } from '../melee/apply-melee-hit'
import { tallyLandedHit, type LandedTally } from '../melee/landed-hit-odds'
import type { MeleeOdds } from '../melee/melee-odds'
import type { MeleeHit } from '../melee/melee-damage'
import { SHOCK_THRESHOLD } from '../melee/resolve-melee'
import type { DefenderState } from '../protection/defender'
import type { Step } from '../statistic'
import { CRITICAL_DAMAGE, criticalBand, criticalFromSecondRoll, type CriticalKind } from '../stats/derived-stats'

/** One single-target throw, ready to roll: the miss chance and damage already worked out. */
export interface ThrownSetup {
  /** Hit iff the natural d10 is above its total (CX7). */
  readonly missChance: Step
  /** The damage before any critical bonus (CX10). */
  readonly damage: Step
  readonly luck: number
  /** Black Cat 3–4: the critical band is empty (SR-CX-86). */
  readonly criticalsBlocked?: boolean
  readonly type: DamageType
  readonly apl: number
  readonly plasmaBurnStacks: number
}

/** `000` Thrown Weapons: "if you roll a critical hit or 3+ above your Miss Chance, you ignore the target's armor". */
export const PRECISE_MARGIN = 3

export const isPreciseThrow = (natural: number, missChance: number): boolean => natural - missChance >= PRECISE_MARGIN

/** The hit as the melee path takes it: a critical or 3+ over goes straight to health at full damage (SR-CX-51). */
function thrownHit(s: ThrownSetup, natural: number, critical: CriticalKind): MeleeHit {
  const precise = isPreciseThrow(natural, s.missChance.total) || critical !== 'normal'
  return {
    amount: s.damage.total + CRITICAL_DAMAGE[critical],
    type: s.type,
    apl: s.apl,
    plasmaBurnStacks: s.plasmaBurnStacks,
    armour: precise ? 'precise' : 'normal',
    bluntForce: 0,
    nonlethal: false,
  }
}

/** The melee odds' numbers (a throw lands past armour as a strike does), without Guard's precise-hit split. */
export type ThrownOdds = Omit<MeleeOdds, 'kind' | 'steps' | 'preciseHit'>

/** Exact odds by enumeration: the accuracy d10, the critical d10 (CX10), each armour d100 face (CX11), the Shock save (CX15). */
export function thrownOdds(s: ThrownSetup, defender: DefenderState): ThrownOdds {
  const band = criticalBand(s.luck, s.criticalsBlocked)
  const damage = new Map<number, number>()
  const o = { hit: 0, ignoresArmour: 0, critical: 0, extraCritical: 0 }
  const tally: LandedTally = { damage, expected: 0, down: 0, unconscious: 0 }
  for (let natural = 1; natural <= 10; natural++) {
    if (natural <= s.missChance.total) {
      damage.set(0, (damage.get(0) ?? 0) + 0.1)
      continue
    }
    const crits: CriticalKind[] = band.includes(natural)
      ? Array.from({ length: 10 }, (_, i) => criticalFromSecondRoll(s.luck, i + 1))
      : ['normal']
    for (const critical of crits) {
      const pLanding = 0.1 / crits.length
      const hit = thrownHit(s, natural, critical)
      o.hit += pLanding
      if (hit.armour === 'precise') o.ignoresArmour += pLanding
      if (critical === 'critical') o.critical += pLanding
      if (critical === 'extra-critical') o.extraCritical += pLanding
      tallyLandedHit(hit, defender, pLanding, tally)
    }
  }
  return {
    hit: o.hit,
    ignoresArmour: o.ignoresArmour,
    critical: o.critical,
    extraCritical: o.extraCritical,
    healthDamage: sortedPairs(damage),
    expectedHealthDamage: tally.expected,
    down: tally.down,
    unconscious: tally.unconscious,
  }
}

export interface ThrownResolution {
  readonly natural: number
  readonly hit: boolean
  readonly critical: CriticalKind
  readonly armourIgnored: boolean
  readonly damage: number
  readonly hitResult: MeleeHitResult | null
  readonly shockSave: { readonly total: number; readonly dc: number; readonly passed: boolean } | null
  readonly defender: DefenderState
  readonly unconscious: boolean
  readonly steps: readonly Step[]
  readonly rolls: readonly RollRecord[]
}

const D10 = { count: 1, sides: 10, modifier: 0 }
const D100 = { count: 1, sides: 100, modifier: 0 }

/** Rolls one throw: accuracy d10, critical d10 in the Luck band (CX10), armour d100 when it matters (CX11), Shock save over 70 (CX15). */
export function resolveThrown(s: ThrownSetup, defender: DefenderState, dice: Dice): ThrownResolution {
  const rolls: RollRecord[] = []
  const roll = (expr: typeof D10, purpose: string) => {
    const r = dice.roll(expr, purpose)
    rolls.push(r)
    return r.total
  }
  const natural = roll(D10, 'throw accuracy')
  const steps = [s.missChance, s.damage]
  if (natural <= s.missChance.total) {
    const none = { critical: 'normal' as const, armourIgnored: false, damage: 0, hitResult: null, shockSave: null }
    return { natural, hit: false, ...none, defender, unconscious: false, steps, rolls }
  }
  const critical = criticalBand(s.luck, s.criticalsBlocked).includes(natural)
    ? criticalFromSecondRoll(s.luck, roll(D10, 'critical'))
    : 'normal'
  const hit = thrownHit(s, natural, critical)
  const coverage = needsMeleeCoverageRoll(hit, defender) ? roll(D100, 'armour') : null
  const hitResult = applyMeleeHit(hit, defender, coverage)
  let shockSave: ThrownResolution['shockSave'] = null
  if (hitResult.toHealth > SHOCK_THRESHOLD) {
    const total = roll(D100, 'shock save') + hitResult.defender.shockSave
    shockSave = { total, dc: hitResult.toHealth, passed: beatsDc(total, hitResult.toHealth) }
  }
  const bonus =
    critical === 'normal'
      ? []
      : [{ title: 'Critical', modifiers: [modifier(critical, CRITICAL_DAMAGE[critical], 'CX10')], total: hit.amount }]
  return {
    natural,
    hit: true,
    critical,
    armourIgnored: hit.armour === 'precise',
    damage: hit.amount,
    hitResult,
    shockSave,
    defender: hitResult.defender,
    unconscious: shockSave !== null && !shockSave.passed,
    steps: [...steps, ...bonus],
    rolls,
  }
}
