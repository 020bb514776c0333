import { describe, expect, it } from 'vitest'
import { ForecastMerge, MERGED_EVERY_MS } from '../../../src-main/core/autopilot/forecast-merge'
import type { ForecastPart } from '../../../src-main/core/autopilot/forecast-messages'
import { fightsInShare, ForecastRun, type ForecastSetup } from '../../../src-main/core/autopilot/forecast-run'
import { fighters } from '../../../src-main/core/autopilot/fighters'
import { FORECAST_POOL_MAX, forecastPoolSize } from '../../../src-main/core/autopilot/forecast-service'
import { RecordStore } from '../../../src-main/core/state/record-store'
import { fightingRulesets, fightOf, forecastOf } from './fights'

/**
 * Issue 35: a forecast shared out among a pool of workers. Each fight keeps its own seed, and a
 * share plays every `of`-th fight, so the shares' counts merged are the very forecast one thread
 * plays alone, whatever the pool's size: played here in this thread, share by share, every ruleset.
 */

const rulesets = await fightingRulesets()

/** Plays each share of `setup` to its end, as the pool's workers would, reporting its counts. */
function shareParts(setup: ForecastSetup, ruleset: Parameters<typeof ForecastRun.start>[1], of: number): ForecastPart[] {
  return Array.from({ length: of }, (_, index) => {
    const run = ForecastRun.start({ ...setup, share: { index, of } }, ruleset)
    if (!run.ok) throw new Error(run.error.message)
    while (!run.value.finished) run.value.step(10_000)
    return {
      jobId: 'job',
      state: 'done',
      done: run.value.done,
      total: run.value.total,
      counts: run.value.counts(),
      notes: [],
      problem: null,
    }
  })
}

describe.each(rulesets.map((r) => [r.id, r] as const))('forecast pool: %s', (_id, ruleset) => {
  const npc = ruleset.quickNpcs![0]!
  const records = fightOf(ruleset, [
    { side: 'party', npc, count: 2 },
    { side: 'enemy', npc, count: 2 },
  ])
  const setup: ForecastSetup = { records, seed: 'pool', fights: 25, whatIf: [] }
  const alone = forecastOf(ruleset, records, 25, 'pool')

  it.each([1, 2, 3, 7])('merges %i shares into the forecast one thread plays alone', (of) => {
    const merge = new ForecastMerge('job', setup, fighters(new RecordStore(records as never[])), of)
    const parts = shareParts(setup, ruleset, of)
    expect(parts.reduce((n, p) => n + p.total, 0)).toBe(25)
    // Later shares report first: the merge does not care who finishes when.
    const ends = parts
      .map((p, i) => ({ p, i }))
      .reverse()
      .map(({ p, i }) => merge.take(i, p))
    const last = ends.at(-1)!
    expect(ends.slice(0, -1).every((e) => e === null || e.state === 'running')).toBe(true)
    expect(last).toMatchObject({ state: 'done', done: 25, total: 25 })
    expect(last.variants).toEqual(alone)
  })
})

describe('forecast pool: the merge', () => {
  const part = (over: Partial<ForecastPart>): ForecastPart => ({
    jobId: 'job',
    state: 'running',
    done: 1,
    total: 5,
    counts: [],
    notes: [],
    problem: null,
    ...over,
  })
  const setup: ForecastSetup = { records: [], seed: 's', fights: 10, whatIf: [] }

  it('sends the first estimate at once and the next no sooner than its interval, whatever the pool sends', () => {
    let t = 0
    const merge = new ForecastMerge('job', setup, [], 2, () => t)
    expect(merge.take(0, part({ done: 1 }))?.done).toBe(1)
    t = MERGED_EVERY_MS - 1
    expect(merge.take(1, part({ done: 2 }))).toBeNull()
    t = MERGED_EVERY_MS
    expect(merge.take(0, part({ done: 3 }))?.done).toBe(5)
  })

  it('ends when one share fails, naming why, and hears nothing of that job after', () => {
    const merge = new ForecastMerge('job', setup, [], 3)
    expect(merge.take(2, part({ state: 'failed', problem: 'A simulated fight failed: boom' }))).toMatchObject({
      state: 'failed',
      problem: 'A simulated fight failed: boom',
    })
    expect(merge.ended).toBe(true)
    expect(merge.take(0, part({ state: 'done' }))).toBeNull()
  })

  it('ignores another job’s report and a share the pool does not have', () => {
    const merge = new ForecastMerge('job', setup, [], 2)
    expect(merge.take(0, part({ jobId: 'older' }))).toBeNull()
    expect(merge.take(5, part({}))).toBeNull()
    expect(merge.take(-1, part({}))).toBeNull()
  })

  it('counts each share’s fights: every fight played once, whatever the pool', () => {
    for (const of of [1, 2, 3, 8])
      for (const fights of [1, 7, 25, 1000]) {
        const shares = Array.from({ length: of }, (_, index) => fightsInShare(fights, { index, of }))
        expect(shares.reduce((a, b) => a + b, 0)).toBe(fights)
      }
  })

  it('sizes the pool to every core but the desk’s, at least one and at most its bound', () => {
    expect([1, 2, 3, 4, 8].map((cores) => forecastPoolSize(cores))).toEqual([1, 1, 2, 3, 7])
    expect(forecastPoolSize(64)).toBe(FORECAST_POOL_MAX)
  })
})
