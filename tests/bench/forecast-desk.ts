import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { Browser } from '@playwright/test'
import { SalvoCore } from '../../src-main/core/app/salvo-core'
import type { CombatantId } from '../../src-shared/records'
import { dispatch, must } from './core-fixture'
import { openDeskPages } from './desk-pages'
import { ENEMIES, PARTY, squadPayload } from './forecast-fights'
import type { ForecastSocket } from './forecast-socket'
import { hpEdit } from './paint-commands'
import { pickPc, sample, type PaintSample } from './paint-sampler'
import type { WebProcess } from './web-process'

/*
 * The desk while a forecast runs, in browser mode through the real server: how soon the first
 * estimate reaches the window, and whether a command is acknowledged and painted as fast with a
 * large forecast playing in the worker as without one.
 */

/** A data folder with the two squads and an encounter whose initiative is not rolled yet: the forecast samples every order. */
export async function buildSquadFolder(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'salvo-forecast-desk-'))
  const core = new SalvoCore({ dataDir })
  try {
    await core.start()
    const gm = core.connect('gm', () => undefined)
    must('createCampaign', await gm.request('createCampaign', { name: 'Forecast bench', seed: 'forecast-desk', rulesetId: 'compound-x' }))
    for (let i = 0; i < PARTY + ENEMIES; i++) must(`combatant/add #${i + 1}`, await dispatch(gm, 'combatant/add', squadPayload(i)))
    must('encounter/start', await dispatch(gm, 'encounter/start', { name: 'Two squads' }))
    gm.close()
    await core.shutdown()
    return dataDir
  } catch (e) {
    await core.shutdown().catch(() => undefined)
    rmSync(dataDir, { recursive: true, force: true })
    throw e
  }
}

export interface FirstEstimate {
  /** forecastStart sent → its reply. */
  readonly replyMs: number
  /** forecastStart sent → the first progress with at least one fight played. */
  readonly firstMs: number
  readonly fights: number
}

/** Starts a forecast, times its first estimate, cancels it and waits until the worker says it stopped. */
export async function firstEstimate(socket: ForecastSocket, seed: string): Promise<FirstEstimate> {
  socket.clear()
  const t0 = performance.now()
  const started = await socket.must('forecastStart', { fights: 2_000, seed })
  const replyMs = performance.now() - t0
  const first = await socket.progress(
    started.jobId,
    (p) => p.state !== 'running' || (p.variants[0]?.fights ?? 0) > 0,
    30_000,
    'first estimate',
  )
  if (first.value.state === 'failed') throw new Error(`the forecast failed: ${first.value.problem}`)
  await stopForecast(socket, started.jobId)
  return { replyMs, firstMs: first.at - t0, fights: first.value.variants[0]?.fights ?? 0 }
}

async function stopForecast(socket: ForecastSocket, jobId: string): Promise<boolean> {
  const { cancelled } = await socket.must('forecastCancel', { jobId })
  if (cancelled) await socket.progress(jobId, (p) => p.state !== 'running', 30_000, 'the cancelled forecast stopping')
  return cancelled
}

/**
 * Runs `measure` with a 20,000-fight forecast playing in the worker (its first estimate already
 * in, so the thread is busy), and checks it was still playing at the end: a forecast that had
 * finished would flatter the figures.
 */
export async function whileForecasting<T>(socket: ForecastSocket, measure: () => Promise<T>): Promise<T> {
  socket.clear()
  const { jobId } = await socket.must('forecastStart', { fights: 20_000, seed: 'desk-load' })
  await socket.progress(jobId, (p) => p.state !== 'running' || p.done > 0, 30_000, 'the large forecast under way')
  const result = await measure()
  if (!(await stopForecast(socket, jobId))) throw new Error('the 20,000-fight forecast had stopped before the measure ended')
  return result
}

/** Command sent → acknowledged, and → its diff pushed to the sending window, for `n` HP changes of one combatant. */
export async function ackTimes(socket: ForecastSocket, combatantId: CombatantId, n: number): Promise<{ ack: number[]; diff: number[] }> {
  const ack: number[] = []
  const diff: number[] = []
  for (let i = 0; i < n; i++) {
    socket.clear()
    const t0 = performance.now()
    const r = await socket.dispatch('combatant/adjustHp', { combatantId, delta: i % 2 === 0 ? -1 : 1 })
    ack.push(performance.now() - t0)
    if (!r.ok) throw new Error(`combatant/adjustHp refused: ${r.error.message}`)
    const got = await socket.waitFor((m) => (m.kind === 'diff' ? true : null), 10_000, 'diff')
    diff.push(got.at - t0)
  }
  return { ack, diff }
}

export interface PaintBlocks {
  readonly without: PaintSample[]
  readonly during: PaintSample[]
}

/**
 * Enter in a PC's HP field → painted on the GM and the player page (paint-bench.ts's measure), in
 * blocks without and with a forecast running, alternated so the machine's load drifts over both.
 */
export async function paintBlocks(
  browser: Browser,
  server: WebProcess,
  socket: ForecastSocket,
  blocks: number,
  perBlock: number,
): Promise<PaintBlocks> {
  const pages = await openDeskPages(browser, server)
  try {
    const desk = { gm: pages.gm, player: pages.player, pcId: await pickPc(pages.gm, pages.player) }
    const run = async (): Promise<PaintSample[]> => {
      const out: PaintSample[] = []
      for (let i = 0; i < perBlock; i++) out.push(await sample(desk, hpEdit))
      return out
    }
    // Warm-up, not kept: the first samples on a fresh page pay for its first layouts.
    for (let i = 0; i < 3; i++) await sample(desk, hpEdit)
    const without: PaintSample[] = []
    const during: PaintSample[] = []
    for (let b = 0; b < blocks; b++) {
      without.push(...(await run()))
      during.push(...(await whileForecasting(socket, run)))
    }
    return { without, during }
  } finally {
    await pages.close()
  }
}
