import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { Browser } from '@playwright/test'
import { buildDataFolder } from './core-fixture'
import { addHistory } from './history-fixture'
import { rollHistory } from './history-roll'
import { atMost, megabytes, type BenchPart, type ReportRow } from './report'
import { runWhenMain } from './run-alone'
import { loadLine, withBenchBrowser } from './bench-browser'
import { VIEWPORT } from './desk-pages'
import { arm, armInput, collect, installProbe } from './paint-probe'
import { WebProcess } from './web-process'
import { breakdown, breakdownLine, deskShown, savePageProfile, startPageProfile, watchStart, type StartBreakdown } from './cold-start-marks'

/**
 * Cold start to the first painted click: from launching browser mode on an existing data
 * folder to the frame that shows the GM's first command (an HP edit on the first card), at
 * 30 / 300 / 3,000 / 5,000 combatants and at 5,000 with a 50 MB history, each beside the time
 * to read the same bytes from disk. The target: ≤ 1 s for 5,000 + 50 MB.
 */

/** A fight size; the largest is also measured again after its campaign gets a long history. */
interface Case {
  readonly combatants: number
  readonly thenHistoryBytes: number
}

const ALL_CASES: readonly Case[] = [
  { combatants: 30, thenHistoryBytes: 0 },
  { combatants: 300, thenHistoryBytes: 0 },
  { combatants: 3_000, thenHistoryBytes: 0 },
  { combatants: 5_000, thenHistoryBytes: 50_000_000 },
]
/** SALVO_COLD_CASES=2 runs only the first two (while working on the bench). */
const CASES = ALL_CASES.slice(0, Number(process.env['SALVO_COLD_CASES'] ?? ALL_CASES.length))
/** Past this a start is reported as "more than" it, so the part ends in minutes (5,000 took ~100 s before issue 15). */
const CAP_MS = 150_000
/**
 * SALVO_COLD_PROFILE=<dir> also writes CPU profiles there: the server's (`node --cpu-prof`) and
 * the page's (Chrome's profiler, from navigation to the painted click). Profiling slows both.
 */
const PROFILE_DIR = process.env['SALVO_COLD_PROFILE'] ?? ''
/** The target: ≤ 1 s at 5,000 combatants with a 50 MB history. */
const GOAL = { label: '5,000 combatants + 50 MB history', seconds: 1 }

interface Timeline {
  /** The server printed its address. */
  readonly listening: number
  /** The first card visible and the link connected. */
  readonly desk: number
  /** The frame that shows the first command. */
  readonly clicked: number
  /** Where the time went, step by step. */
  readonly steps: StartBreakdown
}

type Outcome = { readonly ok: true; readonly times: Timeline } | { readonly ok: false; readonly why: string }

/** Every file of the data folder, read back: the bytes a start must at least read. */
function readAll(dir: string): { bytes: number; readMs: number; parseMs: number } {
  const files: string[] = []
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name))
      else files.push(join(d, e.name))
    }
  }
  walk(dir)
  const began = performance.now()
  const buffers = files.map((f) => readFileSync(f))
  const readMs = performance.now() - began
  const parsing = performance.now()
  for (const [i, f] of files.entries()) if (f.endsWith('.json')) JSON.parse(buffers[i]!.toString('utf8'))
  return { bytes: buffers.reduce((n, b) => n + b.length, 0), readMs, parseMs: performance.now() - parsing }
}

/** One cold start; `main` picks another build of browser mode (to compare two builds in one run). */
export async function startOnce(browser: Browser, dataDir: string, main?: string): Promise<Outcome> {
  const began = performance.now()
  const left = () => Math.max(1, CAP_MS - (performance.now() - began))
  let server: WebProcess | null = null
  const context = await browser.newContext({ viewport: VIEWPORT })
  try {
    await watchStart(context)
    // The GM's browser is up: the tab exists before the launch (its creation is still timed).
    const gm = await context.newPage()
    server = await WebProcess.start(dataDir, CAP_MS, {
      env: { SALVO_START_MARKS: '1' },
      main,
      nodeArgs: PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [],
    })
    if (PROFILE_DIR) await startPageProfile(gm)
    const listening = performance.now() - began
    // 'commit': the page's own marks time its loading; the bench need not wait for its load event.
    await gm.goto(`${server.url}/`, { timeout: left(), waitUntil: 'commit' })
    // Seen by the page itself (a locator's wait backs off to half a second between looks).
    if (!(await deskShown(gm, left()))) return { ok: false, why: `more than ${CAP_MS / 1000} s (no desk)` }
    const desk = performance.now() - began
    const card = gm.getByTestId('combatant-card').first()
    await installProbe(gm)
    const hp = card.getByTestId('card-hp')
    const before = (await hp.textContent({ timeout: left() }))?.trim() ?? ''
    const input = card.getByTestId('hp-input')
    await input.fill('-1', { timeout: left() })
    await arm(
      gm,
      {
        selector: `[data-testid="combatant-card"][data-combatant-id="${await card.getAttribute('data-combatant-id')}"] [data-testid="card-hp"]`,
        attribute: null,
      },
      { kind: 'differs', from: before },
      left(),
    )
    await armInput(gm)
    await input.press('Enter', { timeout: left() })
    const seen = await collect(gm)
    if (!seen) return { ok: false, why: `no first click painted within ${CAP_MS / 1000} s` }
    // The probe's frame time (epoch ms), not when the answer got back to Node.
    const clicked = seen.painted - (performance.timeOrigin + began)
    const steps = await breakdown(gm, server.output, performance.timeOrigin + began)
    if (PROFILE_DIR) await savePageProfile(gm, join(PROFILE_DIR, `page-${Date.now()}.cpuprofile`))
    return { ok: true, times: { listening, desk, clicked, steps } }
  } catch (e) {
    const why = e instanceof Error ? e.message.split('\n')[0]! : String(e)
    return { ok: false, why: /timeout|did not start/i.test(why) ? `more than ${CAP_MS / 1000} s (${why})` : why }
  } finally {
    await context.close()
    await server?.stop()
  }
}

export async function runColdStartBench(): Promise<BenchPart> {
  const title = `Cold start in Chromium (GM page alone, ${VIEWPORT.width}×${VIEWPORT.height}): launching browser mode on a data folder → the desk painted → the frame showing the first HP edit`
  return withBenchBrowser(title, async (browser) => {
    const lines = [
      title,
      `  ${loadLine()}`,
      "  (times taken in Node, so they include Playwright's round trips of a few ms; files are in the page cache, as after the GM's last session)",
    ]
    /** One table cell per start, so the report keeps one row for the whole part. */
    const cells: { salvo: string; read: string }[] = []
    let goalSeconds = Number.NaN
    const measure = async (label: string, dataDir: string, isGoal: boolean) => {
      const disk = readAll(dataDir)
      const r = await startOnce(browser, dataDir)
      const baseline = `read ${megabytes(disk.bytes)} from disk: ${disk.readMs.toFixed(0)} ms (+ JSON.parse ${disk.parseMs.toFixed(0)} ms)`
      if (r.ok) {
        const t = r.times
        lines.push(
          `  ${label}: listening ${t.listening.toFixed(0)} ms · desk painted ${t.desk.toFixed(0)} ms · first click painted ${t.clicked.toFixed(0)} ms; ${baseline}; ${(t.clicked / disk.readMs).toFixed(0)}× the read`,
          `    ${breakdownLine(t.steps)}`,
        )
      } else lines.push(`  ${label}: ${r.why}; ${baseline}`)
      if (isGoal) goalSeconds = r.ok ? r.times.clicked / 1000 : Number.NaN
      cells.push({
        salvo: r.ok ? `${(r.times.clicked / 1000).toFixed(2)} s` : r.why.startsWith('more than') ? `> ${CAP_MS / 1000} s` : 'failed',
        read: `${disk.readMs.toFixed(0)} ms`,
      })
    }
    for (const c of CASES) {
      const { dataDir, campaignId } = await buildDataFolder(c.combatants)
      const fight = `${c.combatants.toLocaleString('en-US')} combatants`
      try {
        await measure(fight, dataDir, false)
        if (c.thenHistoryBytes) {
          // The running fight's whole log in the document, as an older Salvo left it: opening it once
          // is the one-time upgrade (the log rolls into its archive in the background, while served).
          const history = await addHistory(dataDir, campaignId, { bytes: c.thenHistoryBytes }, { asPlayed: true })
          const entries = `${history.logEntries.toLocaleString('en-US')} log entries`
          await measure(
            `${fight} + ${megabytes(history.documentBytes)} history in the document (${entries}; older Salvo, one-time upgrade)`,
            dataDir,
            false,
          )
          // What Salvo's own files hold after such an evening: the history in the fight's archive, a small document.
          const rolled = await rollHistory(dataDir, campaignId)
          await measure(
            `${fight} + ${megabytes(rolled.archiveBytes)} history rolled into its archive (${entries}; document ${megabytes(rolled.documentBytesAfter)})`,
            dataDir,
            c.combatants === 5_000,
          )
        }
      } finally {
        rmSync(dataDir, { recursive: true, force: true })
      }
    }
    const rows: ReportRow[] = [
      {
        measure: `**cold start → first painted click** (GM page), ${CASES.map((c) => c.combatants.toLocaleString('en-US')).join(' / ')} combatants / 5,000 + 50 MB history in the document (older Salvo, one-time upgrade) / 5,000 + 50 MB history rolled into its archive`,
        salvo: `${cells.map((c) => c.salvo).join(' / ')} (goal ≤ ${GOAL.seconds} s for the last)`,
        baseline: `reading the same bytes: ${cells.map((c) => c.read).join(' / ')}`,
        ratio: '',
      },
    ]
    return { lines, rows, goals: [atMost(`cold start, ${GOAL.label}`, goalSeconds, GOAL.seconds, ' s')] }
  })
}

runWhenMain(import.meta.url, 'cold start bench', runColdStartBench)
