import { describe, expect, it } from 'vitest'
import { BALANCE, SQUAD } from '../../../src-shared/limits'
import type { BalanceEstimate } from '../../../src-shared/balance'
import {
  BalanceSearch,
  pickKey,
  scoreOf,
  verdictOf,
  type Band,
  type Pick,
  type SearchLine,
} from '../../../src-main/core/autopilot/balance-search'
import { shareOf } from '../../../src-main/core/autopilot/forecast-tally'

/**
 * Issue 35's Balance search on its own: a made-up, monotonic fight (each enemy weighs by its
 * source; the party's win falls off a logistic curve) measured with honest Wilson intervals over
 * a fixed number of fights, so the search's own logic is what is under test.
 */

const band: Band = { win: 0.75, downRisk: 0.3, winBand: BALANCE.winBand }

function modelFight(weights: readonly (readonly number[])[], partyStrength: number, fights = 400) {
  return (p: Pick): BalanceEstimate => {
    const enemy = p.counts.reduce((s, n, i) => s + n * weights[i]![p.choices[i]!]!, 0)
    const win = 1 / (1 + Math.exp(enemy - partyStrength))
    const down = Math.min(1, enemy / (partyStrength * 4))
    return { fights, win: shareOf(Math.round(win * fights), fights), downRisk: shareOf(Math.round(down * fights), fights) }
  }
}

function searchAll(search: BalanceSearch, measure: (p: Pick) => BalanceEstimate, stopOnTarget = true) {
  const seen: { pick: Pick; estimate: BalanceEstimate }[] = []
  for (let pick = search.next(); pick; pick = search.next()) {
    const estimate = measure(pick)
    seen.push({ pick, estimate })
    search.record(pick, estimate)
    if (stopOnTarget && verdictOf(estimate, band) === 'on') break
    if (seen.length >= BALANCE.candidates) break
  }
  return seen
}

describe('verdicts from the interval', () => {
  const at = (win: number, winInterval: number, down: number, downInterval: number): BalanceEstimate => ({
    fights: 100,
    win: { count: 0, share: win, interval: winInterval },
    downRisk: { count: 0, share: down, interval: downInterval },
  })
  it('calls a candidate on target only when its whole interval is inside the band and under the down risk', () => {
    expect(verdictOf(at(0.75, 0.05, 0.1, 0.05), band)).toBe('on')
    expect(verdictOf(at(0.75, 0.12, 0.1, 0.05), band)).toBe('open')
    expect(verdictOf(at(0.75, 0.05, 0.28, 0.05), band)).toBe('open')
  })
  it('calls it off when the whole interval is outside, whichever way', () => {
    expect(verdictOf(at(0.95, 0.04, 0.1, 0.05), band)).toBe('off')
    expect(verdictOf(at(0.5, 0.1, 0.1, 0.05), band)).toBe('off')
    expect(verdictOf(at(0.75, 0.05, 0.5, 0.1), band)).toBe('off')
  })
  it('scores by distance from the win chance plus any down risk above the most', () => {
    expect(scoreOf(at(0.8, 0.05, 0.1, 0.05), band)).toBeCloseTo(0.05)
    expect(scoreOf(at(0.75, 0.05, 0.4, 0.05), band)).toBeCloseTo(0.1)
  })
})

describe('the search', () => {
  it('walks from a line-up far too easy to one on target in a few candidates, each new and within its range', () => {
    const lines: SearchLine[] = [
      { choices: 1, min: 1, max: 12 },
      { choices: 1, min: 1, max: 8 },
    ]
    const search = new BalanceSearch(lines, { counts: [1, 1], choices: [0, 0] }, band, SQUAD.size)
    const seen = searchAll(search, modelFight([[0.7], [1.1]], 5))
    const last = seen.at(-1)!
    expect(verdictOf(last.estimate, band)).toBe('on')
    expect(seen.length).toBeLessThanOrEqual(10)
    expect(new Set(seen.map((s) => pickKey(s.pick))).size).toBe(seen.length)
    for (const { pick } of seen) pick.counts.forEach((n, i) => expect(n).toBeGreaterThanOrEqual(lines[i]!.min))
    for (const { pick } of seen) pick.counts.forEach((n, i) => expect(n).toBeLessThanOrEqual(lines[i]!.max))
  })

  it('takes enemies away from a line-up that is too hard', () => {
    const search = new BalanceSearch([{ choices: 1, min: 1, max: 10 }], { counts: [10], choices: [0] }, band, SQUAD.size)
    const seen = searchAll(search, modelFight([[1]], 5))
    expect(seen[1]!.pick.counts[0]).toBeLessThan(10)
    expect(verdictOf(seen.at(-1)!.estimate, band)).toBe('on')
  })

  it('swaps a line to another ready-made NPC when counts alone cannot reach the target', () => {
    // One line, one count only: its own NPC is far too weak, the second choice is right.
    const search = new BalanceSearch([{ choices: 3, min: 2, max: 2 }], { counts: [2], choices: [0] }, band, SQUAD.size)
    const seen = searchAll(search, modelFight([[0.1, 1.45, 9]], 4))
    expect(seen.at(-1)!.pick.choices[0]).toBe(1)
    expect(verdictOf(seen.at(-1)!.estimate, band)).toBe('on')
  })

  it('runs out when no line-up in range can meet the target, never forecasting one beyond a line-up surely too hard', () => {
    // Even one enemy leaves the party at about 50 %: nothing in range reaches 75 %. Two is surely
    // too hard, so three and four (more of every line) are never forecast.
    const search = new BalanceSearch([{ choices: 1, min: 1, max: 4 }], { counts: [2], choices: [0] }, band, SQUAD.size)
    const seen = searchAll(search, modelFight([[2]], 2), false)
    expect(seen.map((s) => s.pick.counts[0])).toEqual([2, 1])
    expect(search.next()).toBeNull()
    const best = [...seen].sort((a, b) => scoreOf(a.estimate, band) - scoreOf(b.estimate, band))[0]!
    expect(best.pick.counts).toEqual([1])
  })

  it('never forecasts a line-up with fewer of every line than one surely too easy', () => {
    const lines: SearchLine[] = [
      { choices: 1, min: 1, max: 6 },
      { choices: 1, min: 1, max: 6 },
    ]
    const search = new BalanceSearch(lines, { counts: [2, 2], choices: [0, 0] }, band, SQUAD.size)
    // Strong enough a party that 2 + 2 is far too easy: the search only ever adds.
    const seen = searchAll(search, modelFight([[0.4], [0.4]], 4.5))
    expect(seen.length).toBeGreaterThan(1)
    for (const { pick } of seen.slice(1)) expect(pick.counts[0]! + pick.counts[1]!).toBeGreaterThan(4)
    expect(verdictOf(seen.at(-1)!.estimate, band)).toBe('on')
  })

  it('never proposes a line-up past the most a squad adds, nor a start outside the ranges', () => {
    const search = new BalanceSearch(
      [
        { choices: 1, min: 1, max: 50 },
        { choices: 1, min: 1, max: 50 },
      ],
      { counts: [30, 30], choices: [0, 0] },
      band,
      SQUAD.size,
    )
    // The GM's own counts are past the squad's size: the search starts from none and proposes none.
    expect(search.next()).toBeNull()
    const ok = new BalanceSearch(
      [
        { choices: 1, min: 1, max: 50 },
        { choices: 1, min: 1, max: 50 },
      ],
      { counts: [24, 25], choices: [0, 0] },
      band,
      SQUAD.size,
    )
    const seen = searchAll(ok, modelFight([[0.01], [0.01]], 5), false)
    for (const { pick } of seen) expect(pick.counts[0]! + pick.counts[1]!).toBeLessThanOrEqual(SQUAD.size)
  })
})
