import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect, it } from 'vitest'
import type { ForecastProgress } from '../../../src-shared/autopilot'
import { spawnProcessAt, spawnWorkerAt, type SpawnForecastWorker } from '../../../src-main/core/autopilot/forecast-runners'
import { ForecastService } from '../../../src-main/core/autopilot/forecast-service'
import { builtRunner, expectStepsAside, RUNNER, twoRaidersEach } from './forecast-runs'

/**
 * Issue 35: browser mode plays forecasts in child processes, each wholly at the lowest priority
 * (its garbage collector's threads too, which a worker thread shares with the desk), hearing of
 * the desk's busy spells by message. Run against the built runner (`npm run build`).
 */

const linux = process.platform === 'linux'

/** Processes whose parent is `ppid` and whose command line runs the forecast runner. */
function runnersOf(ppid: number): number[] {
  return readdirSync('/proc').flatMap((d) => {
    if (!/^\d+$/.test(d)) return []
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8')
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      return parent === ppid && readFileSync(`/proc/${d}/cmdline`, 'utf8').includes('forecast-worker.js') ? [Number(d)] : []
    } catch {
      return []
    }
  })
}

/** The nice value of every thread of process `pid`. */
function nices(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
  })
}

async function play(spawnRunner: SpawnForecastWorker, fights: number, seed: string, during?: () => void): Promise<ForecastProgress[]> {
  if (!existsSync(RUNNER)) throw new Error(`${RUNNER} is missing: run npm run build first`)
  const service = new ForecastService(spawnRunner, { resourcesDir: resolve('resources') }, 1)
  try {
    const seen: ForecastProgress[] = []
    const started = service.start({ fights, seed }, { store: twoRaidersEach(), rulesetId: 'compound-x' }, (p) => seen.push(p))
    if (!started.ok) throw new Error(started.error.message)
    while (!seen.some((p) => p.state !== 'running')) {
      if (seen.some((p) => p.done > 0)) during?.()
      await new Promise((r) => setTimeout(r, 20))
    }
    return seen
  } finally {
    await service.stop()
  }
}

it('plays the same forecast in a child process as in a thread, every thread of the process at the lowest priority', async () => {
  let threads: number[] = []
  const inProcess = await play(spawnProcessAt(RUNNER), 30, 'process', () => {
    if (!linux || threads.length > 0) return
    const [pid] = runnersOf(process.pid)
    if (pid) threads = nices(pid)
  })
  const inThread = await play(spawnWorkerAt(RUNNER), 30, 'process')
  expect(inProcess.at(-1)).toMatchObject({ state: 'done', done: 30 })
  expect(inProcess.at(-1)!.variants).toEqual(inThread.at(-1)!.variants)
  if (linux) {
    // V8's own threads included: none left at the desk's priority.
    expect(threads.length).toBeGreaterThan(1)
    expect(new Set(threads)).toEqual(new Set([19]))
  }
  // Stopped with the service: no runner left behind.
  expect(linux ? runnersOf(process.pid) : []).toEqual([])
}, 120_000)

it(
  'steps aside while the desk is busy, told by message, and goes on after',
  () => expectStepsAside(spawnProcessAt(builtRunner()), 10),
  60_000,
)

it.runIf(linux)(
  "ends its runner when the desk's process is killed mid-forecast",
  async () => {
    if (!existsSync(RUNNER)) throw new Error(`${RUNNER} is missing: run npm run build first`)
    const desk = spawn(process.execPath, ['--import', 'tsx', resolve('tests/unit/autopilot/fixtures/desk-with-forecast.ts'), RUNNER], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    try {
      await new Promise<void>((ready, fail) => {
        desk.stdout.on('data', (d: Buffer) => d.toString().includes('playing') && ready())
        desk.on('exit', (code) => fail(new Error(`the desk fixture exited (${code}) before its forecast played`)))
      })
      const runners = runnersOf(desk.pid!)
      expect(runners).toHaveLength(1)
      desk.kill('SIGKILL')
      const began = Date.now()
      while (existsSync(`/proc/${runners[0]}`) && Date.now() - began < 10_000) await new Promise((r) => setTimeout(r, 50))
      expect(existsSync(`/proc/${runners[0]}`)).toBe(false)
    } finally {
      desk.kill('SIGKILL')
    }
  },
  60_000,
)
