import { describe, expect, it } from 'vitest'
import { DiceRoller } from '../../../../src-main/core/dice/dice-roller'
import { seededSource } from '../../../../src-main/core/dice/random-source'
import { rangedOdds } from '../../../../src-main/rules/compound-x/odds/ranged-odds'
import { resolveRanged, type ResolveOptions } from '../../../../src-main/rules/compound-x/ranged/resolve-ranged'
import { reactionFiring } from '../../../../src-main/rules/compound-x/cx-suppression'
import type { RangedSetup } from '../../../../src-main/rules/compound-x/ranged/ranged-setup'
import type { DefenderState } from '../../../../src-main/rules/compound-x/protection/defender'
import { armour, defender, setup, shield, smg, stats } from './fixtures'

const SAMPLES = 200_000
const TOLERANCE = 0.005

interface Case {
  readonly name: string
  readonly setup: RangedSetup
  readonly defender: DefenderState
  /** How the firing goes: defaults to the mode's volley from a 30-round magazine. */
  readonly firing?: ResolveOptions
  /** CX26: this many hits, certainly (automatic hits roll no accuracy). */
  readonly certainHits?: number
}

const CASES: Case[] = [
  {
    name: 'aimed semi shot, lucky shooter, armoured target in partial cover',
    setup: setup({ target: { cover: 'partial', stance: 'standing' }, distance: 15 }, { stats: stats({ luck: 11, per: 8 }) }),
    defender: defender({ health: 60, armour: armour(55, 1, 40), shockSave: 4 }),
  },
  {
    name: 'burst at an armoured target whose armour points drain across the volley',
    setup: setup({ mode: 'burst', weapon: smg({ damage: { base: 75, type: 'ballistic' }, apl: 2 }) }, { stats: stats({ str: 8 }) }),
    defender: defender({ health: 110, armour: armour(70, 2, 50), shockSave: 6 }),
  },
  {
    name: 'automatic plasma fire into a shield, with a jam-prone weapon',
    setup: setup({
      mode: 'auto',
      distance: 25,
      weapon: smg({ apl: 3, jamRange: [1, 4], damage: { base: 60, type: 'plasma', effects: [{ kind: 'plasma-burn', stacks: 1 }] } }),
    }),
    defender: defender({ health: 90, shield: shield(80), armour: armour(40, 3, 60) }),
  },
  {
    name: 'laser semi shot against a shield that breaks, unlucky shooter',
    setup: setup({ weapon: smg({ apl: null, damage: { base: 90, type: 'laser' } }) }, { stats: stats({ luck: 2 }) }),
    defender: defender({ health: 70, shield: shield(40), shockSave: 2 }),
  },
  {
    name: 'CX26: medium suppression reaction, one automatic hit that always strikes armour, against a fresh armoured target',
    setup: setup({ distance: 20, weapon: smg({ damage: { base: 85, type: 'ballistic' }, apl: 2 }) }, { stats: stats({ str: 7 }) }),
    defender: defender({ health: 60, armour: armour(40, 1, 30), shockSave: 4 }),
    firing: reactionFiring('medium'),
    certainHits: 1,
  },
  {
    name: 'CX26: heavy suppression reaction, two automatic hits draining the armour points, with a Shock save on the second',
    setup: setup({ distance: 30, weapon: smg({ damage: { base: 95, type: 'ballistic' }, apl: 2 }) }),
    defender: defender({ health: 150, armour: armour(40, 1, 40), shockSave: 6 }),
    firing: reactionFiring('heavy'),
    certainHits: 2,
  },
  {
    name: 'CX26: heavy suppression reaction against an unarmoured target: no armour to strike, so the d100 halves or not (CX11)',
    setup: setup({ distance: 30, weapon: smg({ damage: { base: 95, type: 'ballistic' }, apl: 2 }) }),
    defender: defender({ health: 120, shockSave: 0 }),
    firing: reactionFiring('heavy'),
    certainHits: 2,
  },
  {
    name: 'CX26: light suppression reaction, one aimed single-shot accuracy roll (crits and jams as a normal shot)',
    setup: setup({ distance: 15, target: { cover: 'partial', stance: 'standing' } }, { stats: stats({ luck: 8 }) }),
    defender: defender({ health: 80, armour: armour(55, 1, 40), shockSave: 2 }),
    firing: reactionFiring('light'),
  },
]

describe('exact odds agree with 200,000 seeded simulated resolutions (±0.5 percentage points)', () => {
  for (const c of CASES) {
    it(
      c.name,
      () => {
        const firing = c.firing ?? { ammoInMagazine: 30 }
        const odds = rangedOdds(c.setup, c.defender, firing)
        if (odds.kind !== 'odds') throw new Error(odds.reason)
        if (c.certainHits !== undefined) expect(odds.hits[c.certainHits]).toBe(1)
        const dice = new DiceRoller(seededSource(`sim:${c.name}`), undefined)
        const counts = { miss: 0, hit: 0, critical: 0, extraCritical: 0, firstJam: 0, jam: 0, down: 0, unconscious: 0, damage: 0 }
        const hits = Array.from({ length: odds.rounds + 1 }, () => 0)
        const damageCount = new Map(odds.healthDamage.map(([d]) => [d, 0]))
        for (let i = 0; i < SAMPLES; i++) {
          const r = resolveRanged(c.setup, c.defender, dice, firing)
          if (r.kind !== 'resolved') throw new Error(r.reason)
          const first = r.rounds[0]!
          if (!first.hit) counts.miss++
          else if (first.critical === 'critical') counts.critical++
          else if (first.critical === 'extra-critical') counts.extraCritical++
          else counts.hit++
          if (first.jammed) counts.firstJam++
          if (r.jammed) counts.jam++
          if (r.defender.health < 1) counts.down++
          if (r.unconscious) counts.unconscious++
          const dealt = r.rounds.reduce((t, x) => t + (x.hitResult?.toHealth ?? 0), 0)
          counts.damage += dealt
          hits[r.rounds.filter((x) => x.hit).length]!++
          damageCount.set(dealt, (damageCount.get(dealt) ?? 0) + 1)
        }
        const freq = (n: number) => n / SAMPLES
        expect(Math.abs(freq(counts.miss) - odds.firstRound.miss)).toBeLessThan(TOLERANCE)
        expect(Math.abs(freq(counts.hit) - odds.firstRound.hit)).toBeLessThan(TOLERANCE)
        expect(Math.abs(freq(counts.critical) - odds.firstRound.critical)).toBeLessThan(TOLERANCE)
        expect(Math.abs(freq(counts.extraCritical) - odds.firstRound.extraCritical)).toBeLessThan(TOLERANCE)
        expect(Math.abs(freq(counts.firstJam) - odds.firstRound.jam)).toBeLessThan(TOLERANCE)
        expect(Math.abs(freq(counts.jam) - odds.jam)).toBeLessThan(TOLERANCE)
        expect(Math.abs(freq(counts.down) - odds.down)).toBeLessThan(TOLERANCE)
        expect(Math.abs(freq(counts.unconscious) - odds.unconscious)).toBeLessThan(TOLERANCE)
        hits.forEach((n, k) => expect(Math.abs(freq(n) - odds.hits[k]!), `P(${k} hits)`).toBeLessThan(TOLERANCE))
        for (const [d, p] of odds.healthDamage)
          expect(Math.abs(freq(damageCount.get(d) ?? 0) - p), `P(${d} damage)`).toBeLessThan(TOLERANCE)
        // Expected damage: within the sampling error of the mean, well under a point here.
        expect(Math.abs(counts.damage / SAMPLES - odds.expectedHealthDamage)).toBeLessThan(1)
        // The odds are a probability distribution.
        expect(odds.hits.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9)
        expect(odds.healthDamage.reduce((a, [, p]) => a + p, 0)).toBeCloseTo(1, 9)
      },
      60_000,
    )
  }
})
