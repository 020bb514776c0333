import { describe, expect, it } from 'vitest'
import type { ForecastVariant } from '../../../src-shared/autopilot'
import { headline, oddsParts, roundColumns, shareText } from '../../../src-renderer/lib/autopilot/forecast-text'

const share = (share: number, interval: number) => ({ count: 0, share, interval })

const variant = (over: Partial<ForecastVariant>): ForecastVariant => ({
  label: 'As things stand',
  fights: 2000,
  partyWins: share(0.714, 0.021),
  enemyWins: share(0.28, 0.02),
  undecided: share(0.006, 0.003),
  partyDown: share(0.34, 0.04),
  rounds: [0, 10, 40, 300, 700, 600, 300, 40, 4],
  likelyRounds: { from: 3, to: 5, share: 0.8 },
  combatants: [],
  ...over,
})

describe('forecast text', () => {
  it('reads the headline the issue asks for', () => {
    expect(headline(variant({}))).toBe('Party wins 71% (±2) · 3–5 rounds most likely')
    expect(headline(variant({ likelyRounds: { from: 2, to: 2, share: 0.7 } }))).toBe('Party wins 71% (±2) · 2 rounds most likely')
    expect(headline(variant({ likelyRounds: null }))).toBe('Party wins 71% (±2)')
    expect(headline(variant({ fights: 0 }))).toBe('No fight played yet')
  })

  it('never claims a zero interval it does not have', () => {
    expect(shareText(share(0.5, 0.004))).toBe('50% (±<1)')
    expect(shareText(share(1, 0))).toBe('100% (±0)')
  })

  it('charts round 1 to the last round reached, at least five, the cap slot marked', () => {
    expect(roundColumns([0, 3, 1]).map((c) => c.round)).toEqual([1, 2])
    expect(roundColumns([0, 1, 0, 0, 0, 0, 0, 0]).map((c) => c.round)).toEqual([1, 2, 3, 4, 5])
    const capped = roundColumns([0, 1, 0, 0, 0, 0, 0, 2])
    expect(capped.at(-1)).toEqual({ round: 7, count: 2, last: true })
  })

  it('lists the odds it has: no hit chance where the ruleset names no outcomes, no risk at zero', () => {
    expect(oddsParts({ hit: 0.64, expectedDamage: 4.25, downChance: 0.18, risk: 0.03 }).map((p) => p.text)).toEqual([
      'hit 64%',
      '4.3 damage expected',
      'down 18%',
      'risk 3%',
    ])
    expect(oddsParts({ hit: null, expectedDamage: 2, downChance: 0, risk: 0 }).map((p) => p.key)).toEqual(['damage', 'down'])
  })
})
