import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { SalvoCore } from '../../src-main/core/app/salvo-core'
import { combatantPayload, dispatch, must, snapshotOf } from '../bench/core-fixture'
import { summarize, type Summary } from '../bench/stats'
import { SoakSession } from './soak-session'

/**
 * The soak: a real core on a real temp folder, a 300-combatant encounter with every token on
 * the scene in play, a GM and a player window attached (every command is projected and diffed
 * for both), then `commands` commands from SoakMix one after another. Run it under
 * `node --expose-gc` (soak-child.ts); soak.test.ts holds the result to its properties.
 *
 * Memory. The log grows with every command by design (nothing trims it), so the raw heap
 * grows with it; it is recorded at checkpoints, and the properties use two readings taken at
 * the base point (10% in) and at the end:
 * - `closed`: the heap after GC with the campaign closed (the GM opens a scratch campaign):
 *   the core, both windows, every module — everything but the campaign's own state;
 * - `reopened`: the heap after GC once the campaign is opened again from disk, as a restart
 *   would; `open` is the heap just before closing it, after the session.
 * The campaign is really closed and reopened at the base point, so the last 90% of the
 * commands run in one session.
 *
 * Latency. command → GM diff for every command, in ten windows. The last window is run
 * interleaved, one for one, with the same mix against a copy of the campaign as it stood at
 * the base point, opened in a second core: both see the same machine, so a 2-core box busy
 * with other work moves both alike, and what differs is the state and the session's age.
 */

export interface SoakOptions {
  readonly commands: number
  readonly combatants: number
  readonly seed: string
  /** Heap readings spread evenly from the base point to the end. */
  readonly checkpoints: number
  readonly progress?: (line: string) => void
}

export interface HeapReading {
  readonly command: number
  readonly heapUsed: number
  readonly rss: number
  /** Log entries the GM window holds at that point. */
  readonly logs: number
}

export interface CloseReopen {
  readonly command: number
  readonly open: number
  readonly closed: number
  readonly reopened: number
  readonly logs: number
}

export interface LatencyWindow extends Summary {
  readonly from: number
  readonly to: number
}

export interface SoakResult {
  readonly commands: number
  readonly combatants: number
  readonly seconds: number
  /** The command after which growth is measured: 10% of the run (5,000 of 50,000). */
  readonly base: number
  readonly heap: readonly HeapReading[]
  readonly atBase: CloseReopen
  readonly atEnd: CloseReopen
  /** command → GM diff, in ten consecutive windows of a tenth of the run each. */
  readonly latency: readonly LatencyWindow[]
  /** The last window's commands against the campaign as it stood at the base point, interleaved with it. */
  readonly reference: Summary
  /** Refused commands by code, the reference's included. */
  readonly refusals: Record<string, number>
  /** Accepted commands after which the GM window got no diff (must be none), the reference's included. */
  readonly withoutDiff: number
  readonly commandTypes: Record<string, number>
}

declare const gc: (() => void) | undefined

export function heapAfterGc(): NodeJS.MemoryUsage {
  if (typeof gc !== 'function') throw new Error('run node with --expose-gc: the soak reads memory after a forced GC')
  gc()
  gc()
  return process.memoryUsage()
}

async function readHeap(s: SoakSession, n: number, of: number, progress: SoakOptions['progress']): Promise<HeapReading> {
  await s.settle()
  const m = heapAfterGc()
  progress?.(
    `soak: ${n.toLocaleString('en-US')} / ${of.toLocaleString('en-US')} commands, heap ${(m.heapUsed / 2 ** 20).toFixed(1)} MiB, ${s.window.logs.toLocaleString('en-US')} log entries`,
  )
  return { command: n, heapUsed: m.heapUsed, rss: m.rss, logs: s.window.logs }
}

/** Closes the campaign (the GM opens a scratch one), weighs what is left, and opens it again from disk. */
async function closeAndReopen(s: SoakSession, campaignId: string, command: number): Promise<CloseReopen> {
  await s.settle()
  const logs = s.window.logs
  const open = heapAfterGc().heapUsed
  must('createCampaign (scratch)', await s.gm.request('createCampaign', { name: `Soak scratch ${command}`, seed: 'scratch' }))
  await s.settle()
  const closed = heapAfterGc().heapUsed
  must('openCampaign', await s.gm.request('openCampaign', { campaignId }))
  await s.settle()
  const reopened = heapAfterGc().heapUsed
  return { command, open, closed, reopened, logs }
}

/** A 300-combatant encounter on the scene in play, every token on it, both windows holding their snapshots. Returns the campaign's id. */
async function setUp(s: SoakSession, combatants: number): Promise<string> {
  const { gm } = s
  const made = must('createCampaign', await gm.request('createCampaign', { name: 'Soak', seed: 'salvo-soak' }))
  for (let i = 0; i < combatants; i++) must(`combatant/add #${i + 1}`, await dispatch(gm, 'combatant/add', combatantPayload(i)))
  must('scene/create', await dispatch(gm, 'scene/create', { name: 'Soak field' }))
  const first = await snapshotOf(gm)
  const scene = first.records.find((r) => r.typeName === 'scene')
  if (scene?.typeName !== 'scene') throw new Error('scene/create made no scene')
  // The first scene goes on the table by itself; the players see this one.
  if (!scene.active) must('scene/activate', await dispatch(gm, 'scene/activate', { sceneId: scene.id }))
  const ids = first.records.flatMap((r) => (r.typeName === 'combatant' ? [r.id] : []))
  for (const [i, combatantId] of ids.entries()) {
    must(
      `token/place #${i + 1}`,
      await dispatch(gm, 'token/place', { sceneId: scene.id, combatantId, x: 3 + (i % 18) * 4.5, y: 3 + Math.floor(i / 18) * 4.5 }),
    )
  }
  must('encounter/start', await dispatch(gm, 'encounter/start', { name: 'Soak skirmish' }))
  must('encounter/rollInitiative', await dispatch(gm, 'encounter/rollInitiative', {}))
  await s.attach()
  return made.id
}

export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const { commands, progress } = options
  const base = Math.round(commands / 10)
  const lastFrom = commands - Math.floor(commands / 10)
  const readAt = new Set(
    Array.from({ length: options.checkpoints }, (_, k) => Math.round(base + ((commands - base) * k) / (options.checkpoints - 1))),
  )
  const dataDir = mkdtempSync(join(tmpdir(), 'salvo-soak-'))
  const baseDir = mkdtempSync(join(tmpdir(), 'salvo-soak-base-'))
  const core = new SalvoCore({ dataDir })
  let baseCore: SalvoCore | null = null
  // Allocated up front, so the samples themselves are not growth.
  const toDiff = new Float64Array(commands)
  const reference = new Float64Array(commands - lastFrom)
  const heap: HeapReading[] = []
  let atBase: CloseReopen | null = null
  let atEnd: CloseReopen | undefined
  const began = performance.now()
  const live = new SoakSession(core, options.seed)
  try {
    await core.start()
    const campaignId = await setUp(live, options.combatants)
    // Untimed and unweighed: the first closes and reopens compile their code paths, which is not growth.
    for (let i = 0; i < 2; i++) await closeAndReopen(live, campaignId, -1 - i)
    let referenceSession: SoakSession | null = null
    for (let n = 1; n <= commands; n++) {
      toDiff[n - 1] = await live.step(n)
      if (referenceSession) reference[n - lastFrom - 1] = await referenceSession.step(n)
      // The last reading waits until the second core is gone (below).
      if (readAt.has(n) && n < commands) heap.push(await readHeap(live, n, commands, progress))
      if (n === base) {
        // The campaign as it stands now, for the last window's interleaved reference.
        cpSync(dataDir, baseDir, { recursive: true })
        atBase = await closeAndReopen(live, campaignId, n)
      }
      if (n === lastFrom) {
        baseCore = new SalvoCore({ dataDir: baseDir })
        await baseCore.start()
        referenceSession = new SoakSession(baseCore, `${options.seed}-reference`)
        await referenceSession.attach()
      }
    }
    // Drop the second core entirely (its windows hold it), so the end reading weighs one core as the base one did.
    if (referenceSession) {
      for (const [code, k] of Object.entries(referenceSession.refusals)) live.refusals[code] = (live.refusals[code] ?? 0) + k
      live.withoutDiff += referenceSession.withoutDiff
      referenceSession.close()
      referenceSession = null
    }
    await baseCore?.shutdown()
    baseCore = null
    heap.push(await readHeap(live, commands, commands, progress))
    atEnd = await closeAndReopen(live, campaignId, commands)
    live.close()
  } finally {
    await baseCore?.shutdown().catch(() => undefined)
    await core.shutdown().catch(() => undefined)
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(baseDir, { recursive: true, force: true })
  }
  if (!atBase || !atEnd) throw new Error('the soak ended before its base point')
  const latency: LatencyWindow[] = []
  for (let w = 0; w < 10; w++) {
    const from = Math.floor((commands * w) / 10)
    const to = Math.floor((commands * (w + 1)) / 10)
    latency.push({ from: from + 1, to, ...summarize(Array.from(toDiff.subarray(from, to))) })
  }
  return {
    commands,
    combatants: options.combatants,
    seconds: (performance.now() - began) / 1000,
    base,
    heap,
    atBase,
    atEnd,
    latency,
    reference: summarize(Array.from(reference)),
    refusals: live.refusals,
    withoutDiff: live.withoutDiff,
    commandTypes: live.commandTypes,
  }
}
