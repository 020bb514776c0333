import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect } from 'vitest'
import type { ForecastProgress } from '../../../src-shared/autopilot'
import type { SpawnForecastWorker } from '../../../src-main/core/autopilot/forecast-runners'
import { ForecastService } from '../../../src-main/core/autopilot/forecast-service'
import { RecordStore } from '../../../src-main/core/state/record-store'
import { cx } from '../rules/compound-x/cx-harness'
import { fightOf } from './fights'

/** Issue 35's forecast service tests, shared by the thread and the process runners. */

/** The built runner (`npm run build` makes it; the suite builds before the unit tests). */
export const RUNNER = resolve('out/web/forecast-worker.js')

export function builtRunner(): string {
  if (!existsSync(RUNNER)) throw new Error(`${RUNNER} is missing: run npm run build first`)
  return RUNNER
}

/** Two of Compound X's first ready-made NPC on each side, as a campaign's records. */
export function twoRaidersEach(): RecordStore {
  const raider = cx.quickNpcs![0]!
  return new RecordStore(
    fightOf(cx, [
      { side: 'party', npc: raider, count: 2 },
      { side: 'enemy', npc: raider, count: 2 },
    ]) as never[],
  )
}

/**
 * The desk busy for 1.5 s from before the runner exists: no fight is reported within the first
 * second, the forecast ends no sooner than the busy spell, and it plays all its fights after.
 */
export async function expectStepsAside(spawn: SpawnForecastWorker, fights: number): Promise<void> {
  const service = new ForecastService(spawn, { resourcesDir: resolve('resources') }, 1)
  try {
    const seen: ForecastProgress[] = []
    service.deskBusy(1_500)
    const began = Date.now()
    const started = service.start({ fights, seed: 'aside' }, { store: twoRaidersEach(), rulesetId: 'compound-x' }, (p) => seen.push(p))
    if (!started.ok) throw new Error(started.error.message)
    await new Promise((r) => setTimeout(r, 1_000))
    expect(seen.filter((p) => p.done > 0)).toEqual([])
    while (!seen.some((p) => p.state === 'done')) await new Promise((r) => setTimeout(r, 20))
    expect(Date.now() - began).toBeGreaterThanOrEqual(1_500)
    expect(seen.at(-1)!.done).toBe(fights)
  } finally {
    await service.stop()
  }
}
