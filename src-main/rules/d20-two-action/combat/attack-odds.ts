import { damageDist } from './damage'
import { convolve, type Distribution, expectation, mixInto, point, probabilityThat, sumOf } from '../../kit/distribution'
import { roundsThatHit } from './ammunition'
import { critEffectChance, critEffectOf, critEffectWords } from './crit-effects'
import { defenceStops } from './reactions'
import { hits, isCritical } from './hit-test'
import type { AttackSetup } from './attack-setup'

/** The exact chances of one attack, by enumerating both d20s and convolving the damage dice. */
export interface AttackOdds {
  readonly miss: number
  /** Hit, then stopped by the target's reaction (W4). */
  readonly stopped: number
  readonly hit: number
  readonly critical: number
  readonly damage: Distribution
  readonly expectedDamage: number
  readonly down: number
  readonly risks: readonly { readonly label: string; readonly probability: number }[]
}

/**
 * P(a normal hit lands), P(a critical lands), P(a hit is stopped), over the two d20s, and the
 * damage of each landing: with a burst or full auto the natural roll also sets how many rounds
 * hit (SR-D20-30), so the damage is mixed per natural roll.
 */
function landing(s: AttackSetup): { hit: number; critical: number; stopped: number; damage: Map<number, number>; several: number } {
  let hit = 0
  let critical = 0
  let stopped = 0
  let several = 0
  const damage = new Map<number, number>()
  const critFrom = s.arm.weapon.critFrom
  const normal = damageDist(s.damage.normal)
  const sums = new Map<string, Distribution>()
  // The first round carries the critical's doubled dice (W3); every further round is an ordinary hit.
  const damageOfRounds = (crit: boolean, count: number): Distribution => {
    const key = `${crit}:${count}`
    const known = sums.get(key)
    if (known) return known
    const first = crit ? damageDist(s.damage.critical) : normal
    const d = count > 1 ? convolve(first, sumOf(normal, count - 1)) : first
    sums.set(key, d)
    return d
  }
  for (let n = 1; n <= 20; n++) {
    if (!hits(n, s.hitBonus, critFrom, s.armourRating)) continue
    const crit = isCritical(n, critFrom)
    // W4: the reaction comes after a successful hit test; it stops the hit or it lands.
    let lands = 1
    if (s.defence) {
      let stops = 0
      for (let r = 1; r <= 20; r++) if (defenceStops(r, r + s.defence.bonus, n + s.hitBonus, crit)) stops++
      lands = 1 - stops / 20
      stopped += stops / 20 / 20
    }
    if (crit) critical += lands / 20
    else hit += lands / 20
    const count = roundsThatHit(n + s.hitBonus, s.armourRating, s.rounds)
    if (count > 1) several += lands / 20
    mixInto(damage, damageOfRounds(crit, count), lands / 20)
  }
  return { hit, critical, stopped, damage, several }
}

export function attackOdds(s: AttackSetup): AttackOdds {
  const { hit, critical, stopped, damage, several } = landing(s)
  const miss = 1 - hit - critical - stopped
  mixInto(damage, point(0), miss + stopped)
  const risks: { label: string; probability: number }[] = []
  const effect = critEffectOf(s.arm.weapon.damageType)
  if (effect)
    risks.push({
      label: `${critEffectWords(effect)} (critical ${s.arm.weapon.damageType})`,
      probability: critical * critEffectChance(effect, s.target),
    })
  if (s.inflicts) risks.push({ label: `${s.inflicts.status}(${s.inflicts.x}) on a hit`, probability: hit + critical })
  if (s.rounds > 1) risks.push({ label: `More than one of the ${s.rounds} rounds hits (SR-D20-30)`, probability: several })
  if (s.defence?.kind === 'riposte') risks.push({ label: 'Riposte strikes back', probability: stopped })
  if (s.defence?.kind === 'rebound') risks.push({ label: 'Spell rebounds (1d6)', probability: stopped })
  return {
    miss,
    stopped,
    hit,
    critical,
    damage,
    expectedDamage: expectation(damage),
    down: s.t.hp >= 1 ? probabilityThat(damage, (d) => s.t.hp - d < 1) : 1,
    risks,
  }
}
