import { describe, expect, it } from 'vitest'
import { fightingRulesets, fightOf, forecastOf } from './fights'

/**
 * Issue 17: the forecast's numbers. Every ruleset with attacks plays its own ready-made NPCs: a
 * lopsided fight must go to the strong side, a mirror fight must come out even within the interval
 * the forecast itself states, and the same seed must give the same forecast.
 */

const rulesets = await fightingRulesets()

describe.each(rulesets.map((r) => [r.id, r] as const))('forecast odds: %s', (_id, ruleset) => {
  const npc = ruleset.quickNpcs![0]!

  it('gives a lopsided fight (six against one) to the strong side at 99% or more', () => {
    const [v] = forecastOf(
      ruleset,
      fightOf(ruleset, [
        { side: 'party', npc, count: 6 },
        { side: 'enemy', npc, count: 1 },
      ]),
      150,
    )
    expect(v!.fights).toBe(150)
    expect(v!.partyWins.share).toBeGreaterThanOrEqual(0.99)
    // The one enemy goes down in every fight the party wins.
    expect(v!.combatants.find((c) => c.team === 'enemy')!.down.share).toBeGreaterThanOrEqual(0.99)
  })

  it('calls a mirror fight even, within the interval it states', () => {
    const [v] = forecastOf(
      ruleset,
      fightOf(ruleset, [
        { side: 'party', npc, count: 1 },
        { side: 'enemy', npc, count: 1 },
      ]),
      1000,
      'mirror',
    )
    const decided = 1 - v!.undecided.share
    expect(Math.abs(v!.partyWins.share - decided / 2)).toBeLessThanOrEqual(v!.partyWins.interval)
    expect(Math.abs(v!.enemyWins.share - decided / 2)).toBeLessThanOrEqual(v!.enemyWins.interval)
    // A 95% interval on 1,000 fights is about ±3 points: the statement is not vacuous.
    expect(v!.partyWins.interval).toBeLessThan(0.035)
  })

  it('gives the same forecast for the same seed, and another for another seed', () => {
    const records = fightOf(ruleset, [
      { side: 'party', npc, count: 2 },
      { side: 'enemy', npc, count: 2 },
    ])
    const a = forecastOf(ruleset, records, 40, 'seed-a')
    expect(forecastOf(ruleset, records, 40, 'seed-a')).toEqual(a)
    const rounds = (v: typeof a) => JSON.stringify(v[0]!.rounds) + JSON.stringify(v[0]!.combatants.map((c) => c.down.count))
    expect(rounds(forecastOf(ruleset, records, 40, 'seed-b'))).not.toBe(rounds(a))
  })
})
