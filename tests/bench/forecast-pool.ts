import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { ForecastProgress } from '../../src-shared/autopilot'
import { ForecastService } from '../../src-main/core/autopilot/forecast-service'
import { spawnProcessAt } from '../../src-main/core/autopilot/forecast-runners'
import { LiveCampaign, TROOPER_FIGHT, type BenchFight } from './forecast-fights'

/*
 * Issue 35's measure of the forecast as the desk plays it: a forecast shared among the worker pool
 * (cores − 1, at least one, each at the lowest priority), from the desk's side of the service.
 */

export const POOL_WORKER = resolve('out/web/forecast-worker.js')
/** "Within ±3 points (95%)": the party's win share's Wilson half-width at or under this. */
export const TIGHT_ENOUGH = 0.03

export interface PoolRun {
  readonly pool: number
  readonly fights: number
  /** forecastStart → the first estimate with a fight in it. */
  readonly firstMs: number
  /** forecastStart → the first estimate whose party-win interval is ±3 points or tighter (null: never). */
  readonly tightMs: number | null
  readonly tightFights: number | null
  readonly doneMs: number
  readonly messages: number
  /** The party's win share at the end. */
  readonly partyWins: number
}

/** Plays `fights` of the bench's fight on `service` and times it as the window would hear it. */
async function timedForecast(
  service: ForecastService,
  live: LiveCampaign,
  fights: number,
  seed: string,
  rulesetId: string,
): Promise<PoolRun> {
  const seen: { at: number; p: ForecastProgress }[] = []
  const t0 = performance.now()
  let ended: () => void = () => undefined
  const done = new Promise<void>((r) => (ended = r))
  const started = service.start({ fights, seed }, { store: live.campaign.store, rulesetId }, (p) => {
    seen.push({ at: performance.now() - t0, p })
    if (p.state !== 'running') ended()
  })
  if (!started.ok) throw new Error(`forecast refused: ${started.error.message}`)
  await done
  const last = seen.at(-1)!.p
  if (last.state !== 'done') throw new Error(`the forecast ended ${last.state}: ${last.problem ?? ''}`)
  const first = seen.find((s) => s.p.done > 0)!
  const tight = seen.find((s) => (s.p.variants[0]?.partyWins.interval ?? 1) <= TIGHT_ENOUGH)
  return {
    pool: service.poolSize,
    fights,
    firstMs: first.at,
    tightMs: tight?.at ?? null,
    tightFights: tight?.p.done ?? null,
    doneMs: seen.at(-1)!.at,
    messages: seen.length,
    partyWins: last.variants[0]?.partyWins.share ?? 0,
  }
}

/** A cold pool (threads started by the forecast itself), then `warm` more forecasts on it, each its own seed. */
export async function poolRuns(
  fights: number,
  warm: number,
  fight: BenchFight = TROOPER_FIGHT,
): Promise<{ cold: PoolRun; warm: PoolRun[] } | null> {
  if (!existsSync(POOL_WORKER)) return null
  const live = await LiveCampaign.create('forecast-pool', fight)
  const service = new ForecastService(spawnProcessAt(POOL_WORKER), { resourcesDir: resolve('resources') })
  try {
    const cold = await timedForecast(service, live, fights, 'pool-cold', fight.rulesetId)
    const runs: PoolRun[] = []
    for (let i = 0; i < warm; i++) runs.push(await timedForecast(service, live, fights, `pool-warm-${i}`, fight.rulesetId))
    return { cold, warm: runs }
  } finally {
    await service.stop()
    await live.dispose()
  }
}
