import { describe, expect, it } from 'vitest'
import seedrandom from 'seedrandom'
import { downRiskOf } from '../../../src-main/core/autopilot/balance-search'
import { ForecastTally } from '../../../src-main/core/autopilot/forecast-tally'
import type { FightEnd } from '../../../src-main/core/autopilot/fight-runner'
import type { CombatantId, CombatantRecord } from '../../../src-shared/records'
import { fightingRulesets, fightOf, forecastOf } from './fights'

/**
 * Issue 35's down risk is "someone in the party goes down": a count per fight of whether any
 * party member was down at the end, not the most at-risk member's share.
 */

const member = (id: string, side: 'party' | 'enemy' | 'ally'): CombatantRecord =>
  ({ id: id as CombatantId, name: id, side }) as unknown as CombatantRecord

const who = [
  member('combatant:a', 'party'),
  member('combatant:b', 'party'),
  member('combatant:c', 'ally'),
  member('combatant:foe', 'enemy'),
]

/** `n` fights where a and b each go down 20 % of the time, independently; the foe always. */
function independentDowns(n: number, seed: string): FightEnd[] {
  const random = seedrandom(seed)
  return Array.from({ length: n }, () => {
    const down = new Set<CombatantId>(['combatant:foe' as CombatantId])
    if (random() < 0.2) down.add('combatant:a' as CombatantId)
    if (random() < 0.2) down.add('combatant:b' as CombatantId)
    return { winner: 'party', rounds: 3, down, dead: new Set<CombatantId>() }
  })
}

describe('someone in the party goes down', () => {
  it('counts fights where any party member went down, clearly above either member alone', () => {
    const tally = new ForecastTally('As things stand', who, 10)
    for (const end of independentDowns(2000, 'two-members')) tally.add(end)
    const v = tally.report()
    const a = v.combatants.find((c) => c.id === 'combatant:a')!.down
    const b = v.combatants.find((c) => c.id === 'combatant:b')!.down
    const worst = Math.max(a.share, b.share)
    // 1 − 0.8² = 36 %: the two members' downs overlap only by chance.
    expect(Math.abs(v.partyDown.share - 0.36)).toBeLessThanOrEqual(v.partyDown.interval)
    expect(v.partyDown.share - v.partyDown.interval).toBeGreaterThan(worst + 0.05)
    expect(v.partyDown.count).toBeLessThanOrEqual(a.count + b.count)
    expect(v.partyDown.interval).toBeGreaterThan(0)
    // Balance judges a candidate by the fights where someone went down, not by its worst member.
    expect(downRiskOf(v)).toEqual(v.partyDown)
  })

  it('ignores the enemy side going down, and counts an ally as the party', () => {
    const tally = new ForecastTally('x', who, 10)
    tally.add({ winner: 'party', rounds: 2, down: new Set(['combatant:foe' as CombatantId]), dead: new Set() })
    tally.add({ winner: 'enemy', rounds: 2, down: new Set(['combatant:c' as CombatantId]), dead: new Set() })
    expect(tally.report().partyDown.count).toBe(1)
  })

  it('merges per-worker counts to the same share as one tally of every fight', () => {
    const ends = independentDowns(600, 'merge')
    const alone = new ForecastTally('x', who, 10)
    for (const e of ends) alone.add(e)
    const merged = new ForecastTally('x', who, 10)
    for (const of of [0, 1, 2]) {
      const share = new ForecastTally('x', who, 10)
      ends.filter((_, i) => i % 3 === of).forEach((e) => share.add(e))
      merged.merge(share.counts())
    }
    expect(merged.report()).toEqual(alone.report())
  })
})

const rulesets = await fightingRulesets()

describe.each(rulesets.map((r) => [r.id, r] as const))('party down in played fights: %s', (_id, ruleset) => {
  it('is at least the worst member and at most their sum', () => {
    const npc = ruleset.quickNpcs![0]!
    const records = fightOf(ruleset, [
      { side: 'party', npc, count: 2 },
      { side: 'enemy', npc, count: 2 },
    ])
    const [v] = forecastOf(ruleset, records, 60, 'party-down')
    const party = v!.combatants.filter((c) => c.team === 'party')
    expect(party).toHaveLength(2)
    expect(v!.partyDown.count).toBeGreaterThanOrEqual(Math.max(...party.map((c) => c.down.count)))
    expect(v!.partyDown.count).toBeLessThanOrEqual(party.reduce((s, c) => s + c.down.count, 0))
    // An even mirror fight: the party loses some, and a lost fight leaves someone in it down.
    expect(v!.partyDown.count).toBeGreaterThanOrEqual(v!.enemyWins.count)
  })
})
