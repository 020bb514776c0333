import { sortedPairs } from '../../kit/distribution'
import type { DefenderState } from '../protection/defender'
import { applyHit, needsCoverageRoll, type IncomingHit } from '../protection/apply-hit'
import type { Step } from '../statistic'
import { CRITICAL_DAMAGE, criticalBand, criticalFromSecondRoll, type CriticalKind } from '../stats/derived-stats'
import { weaponDamage } from '../stats/weapon-damage'
import { shareOf } from '../ranged/stray-shot'
import { rangedMissChance } from '../ranged/miss-chance'
import type { RangedSetup } from '../ranged/ranged-setup'
import { STEALTH_DAMAGE, volleyOf, type ResolveOptions } from '../ranged/resolve-ranged'

/** The first (or only) round's outcome: mutually exclusive miss / hit / critical / extra-critical, plus jam. */
export interface RoundOdds {
  readonly miss: number
  readonly hit: number
  readonly critical: number
  readonly extraCritical: number
  readonly jam: number
}

export interface RangedOdds {
  readonly kind: 'odds'
  readonly missChance: number
  readonly steps: readonly Step[]
  readonly firstRound: RoundOdds
  readonly rounds: number
  /** P(exactly k rounds hit), k = 0..rounds. */
  readonly hits: readonly number[]
  readonly jam: number
  /** Health damage after shields and armour, as (damage, probability) pairs in increasing damage. */
  readonly healthDamage: readonly (readonly [number, number])[]
  readonly expectedHealthDamage: number
  readonly down: number
  readonly unconscious: number
}

interface Branch {
  p: number
  defender: DefenderState
  hits: number
  toHealth: number
  jammed: boolean
  unconscious: boolean
}

const key = (b: Omit<Branch, 'p'>) => JSON.stringify([b.defender, b.hits, b.toHealth, b.jammed, b.unconscious])

/** The d100 armour roll split into the classes `applyHit` can tell apart, with their weights. */
function coverageClasses(coverage: number): [roll: number, p: number][] {
  const c = Math.max(0, Math.min(100, coverage))
  const classes: [number, number][] = []
  if (c > 0) classes.push([1, c / 100])
  const fullLow = c + 1
  if (fullLow <= 49) classes.push([fullLow, (49 - fullLow + 1) / 100])
  const halfLow = Math.max(50, c + 1)
  if (halfLow <= 100) classes.push([halfLow, (100 - halfLow + 1) / 100])
  return classes
}

/** P(d100 + bonus > dc) (CX1: ties fail). */
function passChance(bonus: number, dc: number): number {
  let n = 0
  for (let r = 1; r <= 100; r++) if (r + bonus > dc) n++
  return n / 100
}

interface RoundOutcome {
  p: number
  readonly hit: boolean
  readonly critical: CriticalKind
  readonly jammed: boolean
}

/**
 * One round's outcomes with their chances, summed over the faces: the accuracy d10 (a natural
 * above the miss chance hits; an automatic hit is a 10), on a natural 1 the jam d10, and on a
 * semi-automatic hit in the critical band the second d10 (CX critical hits).
 */
function roundOutcomes(
  missChance: number,
  jamP: number,
  automatic: boolean,
  semi: boolean,
  band: readonly number[],
  luck: number,
): RoundOutcome[] {
  const out = new Map<string, RoundOutcome>()
  const add = (p: number, hit: boolean, critical: CriticalKind, jammed: boolean) => {
    if (p === 0) return
    const k = `${hit}|${critical}|${jammed}`
    const known = out.get(k)
    if (known) known.p += p
    else out.set(k, { p, hit, critical, jammed })
  }
  const naturals: [number, number][] = automatic ? [[10, 1]] : Array.from({ length: 10 }, (_, i) => [i + 1, 0.1])
  for (const [natural, pNat] of naturals) {
    const jams: [boolean, number][] =
      !automatic && natural === 1
        ? [
            [true, jamP],
            [false, 1 - jamP],
          ]
        : [[false, 1]]
    for (const [jammed, pJam] of jams) {
      const hit = automatic || natural > missChance
      if (hit && !automatic && semi && band.includes(natural)) {
        for (let i = 1; i <= 10; i++) add(pNat * pJam * 0.1, hit, criticalFromSecondRoll(luck, i), jammed)
      } else add(pNat * pJam, hit, 'normal', jammed)
    }
  }
  return [...out.values()]
}

/**
 * Exact odds of one firing action, by enumerating the dice (never sampling): every round's
 * accuracy d10, jam d10, critical d10, armour d100 (by class) and Shock save, carried through a
 * dynamic programme over the defender's state, so armour points and shields that drain during a
 * volley are accounted for exactly.
 */
export function rangedOdds(
  setup: RangedSetup,
  defender: DefenderState,
  options: ResolveOptions,
): RangedOdds | { kind: 'impossible'; reason: string; steps: readonly Step[] } {
  const chance = rangedMissChance(setup)
  if (!chance.canHit) return { kind: 'impossible', reason: chance.reason, steps: chance.steps }
  const total = Math.min(volleyOf(setup, options), Math.max(0, options.ammoInMagazine))
  if (total === 0) return { kind: 'impossible', reason: 'The magazine is empty: reload first', steps: chance.steps }
  const base = weaponDamage(setup.weapon.damage, setup.shooter.stats).total + (setup.shooter.stealth ? STEALTH_DAMAGE : 0)
  const jamRange = setup.weapon.jamRange ?? [1, 2]
  const jamP = (jamRange[1] - jamRange[0] + 1) / 10
  const band = criticalBand(setup.shooter.stats.luck, setup.shooter.criticalsBlocked)
  const automatic = options.automaticHit === true
  const first: { -readonly [K in keyof RoundOdds]: number } = { miss: 0, hit: 0, critical: 0, extraCritical: 0, jam: 0 }

  let branches = new Map<string, Branch>()
  const start: Branch = { p: 1, defender, hits: 0, toHealth: 0, jammed: false, unconscious: false }
  branches.set(key(start), start)
  const add = (into: Map<string, Branch>, b: Branch) => {
    if (b.p === 0) return
    const k = key(b)
    const existing = into.get(k)
    if (existing) existing.p += b.p
    else into.set(k, { ...b })
  }

  // A round's dice — accuracy d10, the jam d10 on a natural 1, the critical d10 — decide only
  // whether it hit, how critically, and whether the weapon jammed; those few outcomes are summed
  // over the faces once, so each branch meets each outcome once, not each face (10–100× fewer steps).
  const outcomes = roundOutcomes(chance.missChance, jamP, automatic, setup.mode === 'semi', band, setup.shooter.stats.luck)
  for (const o of outcomes) {
    if (o.jammed) first.jam += o.p
    if (!o.hit) first.miss += o.p
    else if (o.critical === 'critical') first.critical += o.p
    else if (o.critical === 'extra-critical') first.extraCritical += o.p
    else first.hit += o.p
  }
  for (let round = 0; round < total; round++) {
    const next = new Map<string, Branch>()
    for (const b of branches.values()) {
      if (b.jammed) {
        add(next, b)
        continue
      }
      for (const { p, hit, critical, jammed } of outcomes) {
        const p1 = b.p * p
        if (p1 === 0) continue
        if (!hit) {
          add(next, { ...b, p: p1, jammed })
          continue
        }
        const incoming: IncomingHit = {
          // SR-CX-64: a wide-effect hit on a grappled pair is divided, as the resolution divides it.
          amount: shareOf(base + CRITICAL_DAMAGE[critical], setup.damageShare),
          type: setup.weapon.damage.type,
          apl: setup.weapon.apl,
          alwaysHitsArmour: automatic,
          plasmaBurnStacks: setup.weapon.damage.effects?.find((e) => e.kind === 'plasma-burn')?.stacks ?? 1,
        }
        const armourRelevant = b.defender.armour && incoming.type !== 'laser' ? b.defender.armour.coverage : 0
        const covers: [number | null, number][] = needsCoverageRoll(incoming, b.defender) ? coverageClasses(armourRelevant) : [[null, 1]]
        for (const [roll, pCov] of covers) {
          const result = applyHit(incoming, b.defender, roll)
          const p2 = p1 * pCov
          const after = { defender: result.defender, hits: b.hits + 1, toHealth: b.toHealth + result.toHealth, jammed }
          if (result.toHealth > 70 && !b.unconscious) {
            const pass = passChance(result.defender.shockSave, result.toHealth)
            add(next, { ...after, p: p2 * pass, unconscious: false })
            add(next, { ...after, p: p2 * (1 - pass), unconscious: true })
          } else {
            add(next, { ...after, p: p2, unconscious: b.unconscious })
          }
        }
      }
    }
    branches = next
  }

  const hits = Array.from({ length: total + 1 }, () => 0)
  // Every branch kept has a probability above zero (`add` drops the rest), as the kit's tables require.
  const damage = new Map<number, number>()
  let jam = 0
  let down = 0
  let unconscious = 0
  let expected = 0
  for (const b of branches.values()) {
    hits[b.hits]! += b.p
    damage.set(b.toHealth, (damage.get(b.toHealth) ?? 0) + b.p)
    expected += b.p * b.toHealth
    if (b.jammed) jam += b.p
    if (defender.health >= 1 && b.defender.health < 1) down += b.p
    if (b.unconscious) unconscious += b.p
  }
  return {
    kind: 'odds',
    missChance: chance.missChance,
    steps: chance.steps,
    firstRound: first,
    rounds: total,
    hits,
    jam,
    healthDamage: sortedPairs(damage),
    expectedHealthDamage: expected,
    down,
    unconscious,
  }
}
