import { describe, expect, it } from 'vitest'
import { DiceRoller } from '../../../../src-main/core/dice/dice-roller'
import { seededSource } from '../../../../src-main/core/dice/random-source'
import { resolveThrown, thrownOdds, type ThrownSetup } from '../../../../src-main/rules/compound-x/ranged/resolve-thrown'
import { armour, defender } from './fixtures'

/**
 * `000` Thrown Weapons: the Attack panel's exact odds for a throw agree with the dice. A knife
 * (44 ballistic, APL 2) at miss chance 4 from a Luck 11 thrower (criticals on 8, 9, 10) into
 * 40%-coverage armour: naturals 7+ go past the armour, 5–6 meet the CX11 roll.
 */
const SAMPLES = 100_000
const TOLERANCE = 0.005

const knife: ThrownSetup = {
  missChance: { title: 'Throw miss chance', modifiers: [], total: 4 },
  damage: { title: 'Damage', modifiers: [], total: 44 },
  luck: 11,
  type: 'ballistic',
  apl: 2,
  plasmaBurnStacks: 1,
}

describe('000 Thrown Weapons: the thrown odds are exact', () => {
  it('000 Thrown Weapons: hit 6/10 and past armour 4/10 by enumeration; the damage table agrees with 100,000 seeded throws within 0.5 points', () => {
    const target = defender({ health: 120, armour: armour(40, 1, 60), shockSave: 4 })
    const odds = thrownOdds(knife, target)
    expect(odds.hit).toBeCloseTo(0.6, 12)
    // Naturals 7 (3 over) and the criticals on 8, 9, 10.
    expect(odds.ignoresArmour).toBeCloseTo(0.4, 12)
    const dice = new DiceRoller(seededSource('sim:thrown'), undefined)
    const counts = new Map<number, number>()
    for (let i = 0; i < SAMPLES; i++) {
      const r = resolveThrown(knife, target, dice)
      const d = r.hitResult?.toHealth ?? 0
      counts.set(d, (counts.get(d) ?? 0) + 1)
    }
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual(odds.healthDamage.map(([d]) => d))
    for (const [d, p] of odds.healthDamage) expect(Math.abs((counts.get(d) ?? 0) / SAMPLES - p)).toBeLessThan(TOLERANCE)
  })
})
