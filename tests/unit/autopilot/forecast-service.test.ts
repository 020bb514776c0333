import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect, it } from 'vitest'
import type { ForecastProgress } from '../../../src-shared/autopilot'
import { ForecastService } from '../../../src-main/core/autopilot/forecast-service'
import { spawnWorkerAt } from '../../../src-main/core/autopilot/forecast-runners'
import { RecordStore } from '../../../src-main/core/state/record-store'
import { builtRunner, expectStepsAside, twoRaidersEach } from './forecast-runs'
import { attachWindow, coresForTests } from '../helpers/core-window'
import { trooper } from '../rules/compound-x/cx-harness'

/**
 * Issue 17 through the core as a window sees it, with the built worker thread (`npm run build`
 * makes out/web/forecast-worker.js; the test suite builds before the unit tests run): progress
 * pushed to the window that asked, the campaign untouched, the same seed the same forecast, a
 * cancel heard, the table refused.
 */

const WORKER = resolve('out/web/forecast-worker.js')
const startCore = coresForTests()

async function cxCampaign() {
  if (!existsSync(WORKER)) throw new Error(`${WORKER} is missing: run npm run build first`)
  const { core, gm } = await startCore({ forecastWorker: spawnWorkerAt(WORKER) })
  await gm.must('createCampaign', { name: 'Forecast', seed: 'forecast', rulesetId: 'compound-x' })
  for (const [name, side] of [
    ['Vex', 'party'],
    ['Ash', 'party'],
    ['Raider 1', 'enemy'],
    ['Raider 2', 'enemy'],
  ] as const)
    await gm.command('combatant/add', { name, side, kind: side === 'party' ? 'pc' : 'npc', maxHp: 1, rules: trooper() })
  return { core, gm }
}

/** The forecast messages of one job, until it is no longer running. */
function progressOf(gm: ReturnType<typeof attachWindow>, jobId: string, timeoutMs = 60_000): Promise<ForecastProgress[]> {
  return new Promise((done, fail) => {
    const began = Date.now()
    const poll = setInterval(() => {
      const mine = gm.messages.flatMap((m) => (m.kind === 'forecast' && m.forecast.jobId === jobId ? [m.forecast] : []))
      if (mine.some((p) => p.state !== 'running')) {
        clearInterval(poll)
        done(mine)
      } else if (Date.now() - began > timeoutMs) {
        clearInterval(poll)
        fail(new Error(`no end to ${jobId} in ${timeoutMs} ms`))
      }
    }, 20)
  })
}

it('plays the forecast in its worker, refining as it goes, and leaves the campaign as it was', async () => {
  const { gm } = await cxCampaign()
  const before = await gm.must('snapshot', undefined)
  const started = await gm.must('forecastStart', { fights: 60, seed: 'same' })
  expect(started).toMatchObject({ total: 60, seed: 'same' })
  const progress = await progressOf(gm, started.jobId)
  const last = progress.at(-1)!
  expect(last.state).toBe('done')
  expect(last.done).toBe(60)
  expect(last.variants[0]!.fights).toBe(60)
  expect(last.variants[0]!.partyWins.count + last.variants[0]!.enemyWins.count + last.variants[0]!.undecided.count).toBe(60)
  // Refined live: more than one report, fights never going backwards.
  expect(progress.length).toBeGreaterThan(1)
  for (let i = 1; i < progress.length; i++) expect(progress[i]!.done).toBeGreaterThanOrEqual(progress[i - 1]!.done)
  // Nothing changed: same version, same records, the campaign's generator where it was.
  expect(await gm.must('snapshot', undefined)).toEqual(before)
  // The same seed gives the same forecast.
  const again = await gm.must('forecastStart', { fights: 60, seed: 'same' })
  expect((await progressOf(gm, again.jobId)).at(-1)!.variants).toEqual(last.variants)
}, 120_000)

it('stops a forecast when the GM cancels it, and a newer one replaces a running one', async () => {
  const { gm } = await cxCampaign()
  const big = await gm.must('forecastStart', { fights: 20_000, seed: 'big' })
  await new Promise((r) => setTimeout(r, 300))
  expect(await gm.must('forecastCancel', { jobId: big.jobId })).toEqual({ cancelled: true })
  const ended = (await progressOf(gm, big.jobId)).at(-1)!
  expect(ended.state).toBe('cancelled')
  expect(ended.done).toBeLessThan(20_000)
  const first = await gm.must('forecastStart', { fights: 20_000, seed: 'one' })
  const second = await gm.must('forecastStart', { fights: 10, seed: 'two' })
  expect((await progressOf(gm, second.jobId)).at(-1)!.state).toBe('done')
  // The replaced one reports nothing past its replacement's start.
  expect(gm.messages.some((m) => m.kind === 'forecast' && m.forecast.jobId === first.jobId && m.forecast.state === 'done')).toBe(false)
}, 120_000)

it('answers a one-sided fight at once and refuses the table window', async () => {
  const { core, gm } = await cxCampaign()
  await gm.command('combatant/add', { name: 'Extra', side: 'party', kind: 'pc', maxHp: 1, rules: trooper() })
  const table = attachWindow(core, 'player')
  const refused = await table.request('forecastStart', {})
  expect(refused.ok || refused.error.code).toBe('request/forbidden')
  expect(table.messages.some((m) => m.kind === 'forecast')).toBe(false)
  for (const c of (await gm.must('snapshot', undefined)).records)
    if (c.typeName === 'combatant' && c.side === 'enemy') await gm.command('combatant/remove', { combatantId: c.id })
  const oneSided = await gm.request('forecastStart', {})
  expect(oneSided.ok || oneSided.error).toMatchObject({ code: 'forecast/sides' })
}, 60_000)

it.runIf(process.platform === 'linux')(
  'plays the forecast in a thread that gives way to the desk (a lower priority, Linux)',
  async () => {
    const { gm } = await cxCampaign()
    const started = await gm.must('forecastStart', { fights: 20_000, seed: 'nice' })
    await new Promise((r) => setTimeout(r, 300))
    // Field 19 of a thread's stat is its nice value; the desk's threads keep the process's.
    const nice = readdirSync('/proc/self/task').map((tid) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
    })
    expect(nice).toContain(19)
    expect(nice).toContain(0)
    await gm.must('forecastCancel', { jobId: started.jobId })
  },
  60_000,
)

it('steps aside while the desk is busy with a command, and goes on after', () => expectStepsAside(spawnWorkerAt(builtRunner()), 20), 60_000)

it("warms its pool with the open campaign's rules, a later ruleset's code included, before the first forecast", async () => {
  if (!existsSync(WORKER)) throw new Error(`${WORKER} is missing: run npm run build first`)
  const warmed: unknown[] = []
  const spawn = spawnWorkerAt(WORKER)
  const listening: typeof spawn = (data) => {
    const w = spawn(data)
    w.onMessage((m) => {
      if (m.kind === 'warmed') warmed.push(m)
    })
    return w
  }
  const service = new ForecastService(listening, { resourcesDir: resolve('resources') }, 2)
  try {
    const store = new RecordStore([])
    service.warmSoon(() => ({ store, rulesetId: 'd20-two-action' }), 0)
    while (warmed.length < 2) await new Promise((r) => setTimeout(r, 20))
    expect(warmed).toEqual([
      { kind: 'warmed', rulesetId: 'd20-two-action', problem: null },
      { kind: 'warmed', rulesetId: 'd20-two-action', problem: null },
    ])
    // With no campaign open by then, the threads start and build nothing.
    const idle = new ForecastService(listening, { resourcesDir: resolve('resources') }, 1)
    idle.warmSoon(() => null, 0)
    await new Promise((r) => setTimeout(r, 200))
    expect(warmed).toHaveLength(2)
    await idle.stop()
  } finally {
    await service.stop()
  }
}, 60_000)

/** Plays one forecast through a service of its own with a pool of `size` workers; every progress message heard. */
async function pooled(size: number, fights: number, seed: string): Promise<{ seen: ForecastProgress[]; nices: number[] }> {
  if (!existsSync(WORKER)) throw new Error(`${WORKER} is missing: run npm run build first`)
  const service = new ForecastService(spawnWorkerAt(WORKER), { resourcesDir: resolve('resources') }, size)
  expect(service.poolSize).toBe(size)
  const before = new Set(readdirSync('/proc/self/task'))
  try {
    const store = twoRaidersEach()
    const seen: ForecastProgress[] = []
    const started = service.start({ fights, seed }, { store, rulesetId: 'compound-x' }, (p) => seen.push(p))
    if (!started.ok) throw new Error(started.error.message)
    let nices: number[] = []
    while (!seen.some((p) => p.state !== 'running')) {
      // The pool's threads (new since it started), each at the lowest priority once it has loaded:
      // the sample with the most niced threads while the forecast runs.
      if (process.platform === 'linux') {
        const now = readdirSync('/proc/self/task')
          .filter((tid) => !before.has(tid))
          .flatMap((tid) => {
            try {
              const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')
              return [Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])]
            } catch {
              return []
            }
          })
        if (now.filter((n) => n === 19).length > nices.filter((n) => n === 19).length) nices = now
      }
      await new Promise((r) => setTimeout(r, 20))
    }
    return { seen, nices }
  } finally {
    await service.stop()
  }
}

it('shares a forecast among a pool of workers, each at the lowest priority: the same seed gives the same forecast whatever the pool', async () => {
  const one = await pooled(1, 40, 'pool')
  const three = await pooled(3, 40, 'pool')
  for (const run of [one, three]) {
    expect(run.seen.at(-1)).toMatchObject({ state: 'done', done: 40, total: 40 })
    for (let i = 1; i < run.seen.length; i++) expect(run.seen[i]!.done).toBeGreaterThanOrEqual(run.seen[i - 1]!.done)
  }
  expect(three.seen.at(-1)!.variants).toEqual(one.seen.at(-1)!.variants)
  // Three workers, each its own thread niced to 19 (V8 starts helper threads of its own at the process's priority).
  if (process.platform === 'linux') expect(three.nices.filter((n) => n === 19).length).toBeGreaterThanOrEqual(3)
}, 120_000)

it("plays a saved encounter's badge (a background forecast) only once the GM's own forecast is done, and never cancels it", async () => {
  if (!existsSync(WORKER)) throw new Error(`${WORKER} is missing: run npm run build first`)
  const service = new ForecastService(spawnWorkerAt(WORKER), { resourcesDir: resolve('resources') }, 1)
  const heard = (into: ForecastProgress[]) => (p: ForecastProgress) => into.push(p)
  const ended = async (seen: ForecastProgress[]) => {
    while (!seen.some((p) => p.state !== 'running')) await new Promise((r) => setTimeout(r, 20))
    return seen.at(-1)!
  }
  try {
    const store = twoRaidersEach()
    const campaign = { store, rulesetId: 'compound-x' }
    // The GM's forecast plays; a badge asked for during it waits, and the GM's is not cancelled.
    const gm: ForecastProgress[] = []
    const badge: ForecastProgress[] = []
    let badgeBeforeGmEnded = 0
    const mine = service.start({ fights: 12, seed: 'gm' }, campaign, heard(gm))
    const bg = service.start(
      { fights: 6, seed: 'badge' },
      campaign,
      (p) => {
        if (!gm.some((g) => g.state !== 'running')) badgeBeforeGmEnded++
        badge.push(p)
      },
      { background: true },
    )
    if (!mine.ok || !bg.ok) throw new Error('refused')
    expect(await ended(gm)).toMatchObject({ state: 'done', done: 12, jobId: mine.value.jobId })
    expect(badgeBeforeGmEnded).toBe(0)
    expect(await ended(badge)).toMatchObject({ state: 'done', done: 6, jobId: bg.value.jobId })
    // A badge playing when the GM starts a forecast is set aside, and plays again from the start after it.
    const badge2: ForecastProgress[] = []
    const gm2: ForecastProgress[] = []
    const again = service.start({ fights: 6, seed: 'badge' }, campaign, heard(badge2), { background: true })
    while (!badge2.some((p) => p.done > 0)) await new Promise((r) => setTimeout(r, 5))
    service.start({ fights: 4, seed: 'gm-2' }, campaign, heard(gm2))
    expect(await ended(gm2)).toMatchObject({ state: 'done', done: 4 })
    const last = await ended(badge2)
    expect(last).toMatchObject({ state: 'done', done: 6, jobId: again.ok && again.value.jobId })
    // The same fights as the badge played undisturbed: nothing of its first, cut-short run counted twice.
    expect(last.variants).toEqual(badge.at(-1)!.variants)
    // A waiting badge can be cancelled before it plays.
    const gm3 = service.start({ fights: 20_000, seed: 'long' }, campaign, () => undefined)
    const waiting: ForecastProgress[] = []
    const third = service.start({ fights: 6, seed: 'badge' }, campaign, heard(waiting), { background: true })
    if (!gm3.ok || !third.ok) throw new Error('refused')
    expect(service.cancel(third.value.jobId)).toEqual({ ok: true, value: { cancelled: true } })
    expect(service.cancel(gm3.value.jobId)).toEqual({ ok: true, value: { cancelled: true } })
    await new Promise((r) => setTimeout(r, 300))
    expect(waiting.filter((p) => p.done > 0)).toEqual([])
  } finally {
    await service.stop()
  }
}, 120_000)
