import { convolve, dice, type Distribution, mapDistribution, mix, point, probabilityThat } from '../../kit/distribution'
import { twoD6 } from '../keep-two'
import { sumModifiers } from '../../kit/modifier'
import { effectOf, succeeds, TARGET } from '../check'
import type { AttackSetup } from './attack-setup'

/** T7: an exceptional failure (effect −6 or worse, the classic 2d6 reading) throws the task's work away. */
export const EXCEPTIONAL_FAILURE = -6

/** One attack roll's fate, exactly. */
export interface RollOdds {
  readonly miss: number
  /** Passed, then the dodge's DM took it under 8 (T4). */
  readonly dodged: number
  /** Passed, then the defender's melee check beat it (T4). */
  readonly parried: number
  readonly hit: number
  /** The attack passed before any reaction: the defender reacts (if it chose to) with this chance. */
  readonly passed: number
  /** Damage through armour from this roll (0 when it does not hit). */
  readonly damage: Distribution
}

/** A hit's damage through armour: the weapon's d6s and bonuses, the effect when it counts, less armour (never below 0). */
export function hitDamage(setup: AttackSetup, effect: number): Distribution {
  const flat = sumModifiers(setup.damageDms) + (setup.effectAdds ? effect : 0) - setup.armour
  return mapDistribution(dice(setup.damageDice, 6), (x) => Math.max(0, x + flat))
}

/** P(defender's 2d6 + DMs > attack total): a parry must beat the attack roll (T4). */
const parryBeats = (setup: AttackSetup, attackTotal: number): number =>
  setup.defence.kind === 'parry'
    ? probabilityThat(twoD6(), (s) => s + sumModifiers(setup.defence.kind === 'parry' ? setup.defence.dms : []) > attackTotal)
    : 0

/**
 * T1 + T4 for one roll: 2d6 + DMs ≥ 8 passes; only then may the target react. A dodge puts
 * its DM on the roll (T4: −1, −2 in cover) and the attack must still reach 8; a parry is the
 * defender's melee check, which must beat the attack total.
 */
export function rollOdds(setup: AttackSetup): RollOdds {
  const modifier = sumModifiers(setup.dms)
  let miss = 0
  let dodged = 0
  let parried = 0
  let passed = 0
  const hits: { weight: number; dist: Distribution }[] = []
  for (const [s, p] of twoD6()) {
    const total = s + modifier
    if (!succeeds(total)) {
      miss += p
      continue
    }
    passed += p
    if (setup.defence.kind === 'dodge') {
      const after = total + setup.defence.dm
      if (!succeeds(after)) dodged += p
      else hits.push({ weight: p, dist: hitDamage(setup, effectOf(after)) })
      continue
    }
    const beaten = parryBeats(setup, total)
    parried += p * beaten
    hits.push({ weight: p * (1 - beaten), dist: hitDamage(setup, effectOf(total)) })
  }
  const hit = hits.reduce((t, h) => t + h.weight, 0)
  return { miss, dodged, parried, hit, passed, damage: mix([{ weight: 1 - hit, dist: point(0) }, ...hits]) }
}

export interface AttackOdds {
  readonly roll: RollOdds
  /** P(k hits) for k = 0..attacks. */
  readonly hits: readonly number[]
  /** Total damage through armour over every roll. */
  readonly damage: Distribution
  /** The target reacts (when it chose a reaction): some roll passed before the reaction. */
  readonly reacts: number
  /** T7: damage lands on a working target and its forced check fails / fails exceptionally. */
  readonly workLost: number
  readonly workRestarted: number
}

/**
 * The whole attack: full auto makes one roll per point of its auto score, all against the same
 * reaction — taken once, as soon as any roll passes, with its DM on every roll. A roll that
 * failed before the dodge fails after it too, so the volley is the rolls taken independently
 * with the dodge's DM on each.
 */
export function attackOdds(setup: AttackSetup): AttackOdds {
  const roll = rollOdds(setup)
  let hits: Distribution = point(0)
  let damage: Distribution = point(0)
  for (let i = 0; i < setup.attacks; i++) {
    hits = convolve(
      hits,
      new Map([
        [0, 1 - roll.hit],
        [1, roll.hit],
      ]),
    )
    damage = convolve(damage, roll.damage)
  }
  const reacts = setup.defence.kind === 'none' ? 0 : 1 - (1 - roll.passed) ** setup.attacks
  const work = workOdds(setup, damage)
  return { roll, hits: Array.from({ length: setup.attacks + 1 }, (_, k) => hits.get(k) ?? 0), damage, reacts, ...work }
}

/** T7: over the damage the attack may deal, the chance the worker's forced check (at −damage DM) fails, and fails by 6 or more. */
function workOdds(setup: AttackSetup, damage: Distribution): { workLost: number; workRestarted: number } {
  if (!setup.workCheck) return { workLost: 0, workRestarted: 0 }
  const base = sumModifiers(setup.workCheck.dms)
  let workLost = 0
  let workRestarted = 0
  for (const [d, p] of damage) {
    if (d <= 0) continue
    workLost += p * probabilityThat(twoD6(), (s) => !succeeds(s + base - d))
    workRestarted += p * probabilityThat(twoD6(), (s) => s + base - d - TARGET <= EXCEPTIONAL_FAILURE)
  }
  return { workLost, workRestarted }
}
