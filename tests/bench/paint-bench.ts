import { rmSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import type { Browser } from '@playwright/test'
import { buildDataFolder } from './core-fixture'
import { atMost, type BenchGoal, type BenchPart, type ReportRow } from './report'
import { summarize, type Summary } from './stats'
import { WebProcess } from './web-process'
import { runWhenMain } from './run-alone'
import { loadLine, withBenchBrowser } from './bench-browser'
import { LOAD_TIMEOUT, openDeskPages, VIEWPORT, type DeskPages } from './desk-pages'
import { attackResolution, conditionAdded, hpByKey, hpEdit, nextTurn, tokenMove, type Desk, type PaintCommand } from './paint-commands'
import { buildMapFolder } from './map-fixture'
import { pickPc, sample, type PaintSample } from './paint-sampler'
import { topCosts, traced, type Cost, type TracedCosts } from './paint-trace'
import { INPUT_PATHS, measurePaintFloor, type PaintFloor } from './paint-floor'
import type { InputPath } from './paint-input'
import { biggestCosts, summarizeWork, workLine, WorkMeter, type PageWork, type WorkSummary } from './paint-work'

/**
 * Input → painted on both screens: from the GM's input event (its own timestamp) to the first
 * frame that shows the change — the requestAnimationFrame after the DOM changed — on the GM page
 * and on the player page, each in its own browser context and both visible, for each command at
 * 30, 300 and 3,000 combatants; the end of that frame (its paint done) is reported beside it.
 * Each command is compared with the floor of its own input path measured in the same run
 * (paint-floor.ts: the same raw input, probe and clock on two blank pages), as issue 36 asks:
 * p95 within one frame (16.7 ms) of the floor's p95, the median within half a frame of its
 * median. Each page's own main-thread work per command is read beside it (paint-work.ts):
 * ≤ 8 ms p95 at 300 combatants and ≤ 12 ms at 3,000, on each page.
 */

const ALL_SIZES = [30, 300, 3_000] as const
type Size = (typeof ALL_SIZES)[number]
/** SALVO_PAINT_SIZES=30,300 measures only those (while working on the bench); the goals then report the rest as not measured. */
const SIZES: readonly Size[] = ALL_SIZES.filter((s) =>
  (process.env['SALVO_PAINT_SIZES'] ?? String(ALL_SIZES)).split(',').map(Number).includes(s),
)
/** SALVO_PAINT_COMMANDS="token move,next turn" times only those (while working on the bench); the goals then cover only those. */
const CHOSEN = process.env['SALVO_PAINT_COMMANDS']?.split(',').map((n) => n.trim())
const chosen = (c: PaintCommand) => !CHOSEN || CHOSEN.includes(c.name)
/** One frame at 60 Hz, and half of one: issue 36's margins over the floor. */
const FRAME_MS = 1000 / 60
const P95_OVER_FLOOR = FRAME_MS
const MEDIAN_OVER_FLOOR = FRAME_MS / 2
/** Each page's main-thread work for one command, p95 (issue 36); none set at 30 combatants. */
const WORK_LIMIT_MS: Partial<Record<Size, number>> = { 300: 8, 3_000: 12 }
const RATIO_LIMIT = 1.5
const WARM_UP = 3
/** SALVO_PAINT_SAMPLES=10 for a quick look while working on the bench. */
const SAMPLES = Number(process.env['SALVO_PAINT_SAMPLES'] ?? 40)
/** Fewer samples where each takes seconds: the part must finish in minutes on a 2-core machine. */
const MIN_SAMPLES: Record<Size, number> = { 30: Math.min(30, SAMPLES), 300: Math.min(30, SAMPLES), 3_000: Math.min(5, SAMPLES) }
const BUDGET_MS: Record<Size, number> = { 30: 90_000, 300: 120_000, 3_000: 150_000 }

interface CommandResult {
  readonly path: InputPath
  readonly gm: Summary
  readonly player: Summary | null
  /** Per sample, the later of the two pages: what "painted on both" means. */
  readonly both: Summary
  /** The same to the end of each page's frame (its paint done). */
  readonly bothPainted: Summary
  readonly gmDom: Summary
  /** The later of the two pages' DOM changes: what the pages themselves take, the frame wait left out. */
  readonly bothDom: Summary
  readonly notShownToPlayers: number
  readonly gmWork: WorkSummary
  readonly playerWork: WorkSummary
  /** One extra sample traced, where a work goal was missed: each page's biggest self times. */
  readonly traced?: TracedCosts | string
}

type SizeResult = { readonly ok: true; readonly byCommand: Map<string, CommandResult> } | { readonly ok: false; readonly error: string }

function resultOf(samples: readonly PaintSample[]): CommandResult {
  const seen = samples.flatMap((s) => (s.player === null ? [] : [s.player]))
  const work = (pick: (s: PaintSample) => PageWork | undefined) =>
    summarizeWork(
      samples.map((s) => {
        const w = pick(s)
        if (!w) throw new Error('a paint sample was taken without its page metrics')
        return w
      }),
    )
  return {
    path: samples[0]!.path,
    gm: summarize(samples.map((s) => s.gm)),
    player: seen.length ? summarize(seen) : null,
    both: summarize(samples.map((s) => Math.max(s.gm, s.player ?? s.gm))),
    bothPainted: summarize(samples.map((s) => Math.max(s.gmPainted, s.playerPainted ?? s.gmPainted))),
    gmDom: summarize(samples.map((s) => s.gmDom)),
    bothDom: summarize(samples.map((s) => Math.max(s.gmDom, s.playerDom ?? s.gmDom))),
    notShownToPlayers: samples.length - seen.length,
    gmWork: work((s) => s.gmWork),
    playerWork: work((s) => s.playerWork),
  }
}

/**
 * Which desk a command runs on: the fight (every combatant, the PCs and a shooter with a
 * trooper's sheet so the Attack panel can resolve shots), or the map fixture (the same number
 * of combatants, each a token on one scene) for the token move.
 */
type Folder = 'fight' | 'map'

async function buildFolder(size: Size, folder: Folder): Promise<{ dataDir: string; mover: string | null }> {
  if (folder === 'map') return buildMapFolder(size, 0)
  return { ...(await buildDataFolder(size, { sheets: 'pcs-and-first-four' })), mover: null }
}

/**
 * The GM opens the map; both pages then show the mover's token. Zoomed out over thousands of
 * tokens, neighbours overlap on screen, so the mover is the fixture's own only if nothing lies
 * over its centre; else the nearest token in drawing order that is on top and on the players' map.
 */
async function showMap(pages: DeskPages, preferred: string): Promise<string> {
  await pages.gm.getByTestId('show-map').click()
  const token = (id: string) => `[data-testid="battle-map"] [data-testid="map-token"][data-combatant-id="${id}"]`
  for (const page of [pages.gm, pages.player]) await page.locator(token(preferred)).waitFor({ state: 'attached', timeout: LOAD_TIMEOUT })
  const onTop = await pages.gm.evaluate(() =>
    [...document.querySelectorAll('[data-testid="battle-map"] [data-testid="map-token"]')].flatMap((t) => {
      const r = t.querySelector('circle.body')?.getBoundingClientRect()
      if (!r || r.width === 0) return []
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)
      return hit?.closest('[data-testid="map-token"]') === t ? [t.getAttribute('data-combatant-id') ?? ''] : []
    }),
  )
  const seen = await pages.player.evaluate(
    (ids) => ids.filter((id) => document.querySelector(`[data-testid="battle-map"] [data-testid="map-token"][data-combatant-id="${id}"]`)),
    onTop,
  )
  if (seen.includes(preferred)) return preferred
  const all = await pages.gm.evaluate(() =>
    [...document.querySelectorAll('[data-testid="battle-map"] [data-testid="map-token"]')].map(
      (t) => t.getAttribute('data-combatant-id') ?? '',
    ),
  )
  const at = all.indexOf(preferred)
  const nearest = [...seen].sort((a, b) => Math.abs(all.indexOf(a) - at) - Math.abs(all.indexOf(b) - at))[0]
  if (!nearest) throw new Error("no token on the GM map lies uncovered and on the players' map to move")
  return nearest
}

/** SALVO_PAINT_TRACE=always traces one sample of every command at every size (to look at one at 30 combatants). */
const TRACE_ALWAYS = process.env['SALVO_PAINT_TRACE'] === 'always'

function missesWork(r: CommandResult, size: Size): boolean {
  const limit = WORK_LIMIT_MS[size]
  return TRACE_ALWAYS || (limit !== undefined && Math.max(r.gmWork.total.p95, r.playerWork.total.p95) > limit)
}

/** One more sample, traced; a trace that fails only loses the names of the costs, never the figures. */
async function traceOne(browser: Browser, desk: Desk, command: PaintCommand): Promise<TracedCosts | string> {
  try {
    return await traced(browser, desk, (marks) => sample(desk, command, undefined, marks))
  } catch (e) {
    return `not traced: ${e instanceof Error ? e.message.split('\n')[0]! : String(e)}`
  }
}

async function measureSize(browser: Browser, size: Size, commands: readonly PaintCommand[], folder: Folder): Promise<SizeResult> {
  const { dataDir, mover } = await buildFolder(size, folder)
  let server: WebProcess | null = null
  try {
    server = await WebProcess.start(dataDir, LOAD_TIMEOUT)
    const pages = await openDeskPages(browser, server)
    const meters = { gm: await WorkMeter.attach(pages.gm), player: await WorkMeter.attach(pages.player) }
    try {
      const pcId = mover ? await showMap(pages, mover) : await pickPc(pages.gm, pages.player)
      const desk = { gm: pages.gm, player: pages.player, pcId }
      const samples = new Map<string, PaintSample[]>(commands.map((c) => [c.name, []]))
      const began = performance.now()
      for (let round = 0; round < WARM_UP + SAMPLES; round++) {
        const pastBudget = performance.now() - began > BUDGET_MS[size] && round >= WARM_UP + MIN_SAMPLES[size]
        if (pastBudget) break
        for (const command of commands) {
          const s = await sample(desk, command, meters)
          if (round >= WARM_UP) samples.get(command.name)!.push(s)
        }
      }
      const byCommand = new Map<string, CommandResult>()
      for (const command of commands) {
        const r = resultOf(samples.get(command.name)!)
        byCommand.set(command.name, missesWork(r, size) ? { ...r, traced: await traceOne(browser, desk, command) } : r)
      }
      return { ok: true, byCommand }
    } finally {
      await meters.gm.detach()
      await meters.player.detach()
      await pages.close()
    }
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message.split('\n')[0]! : String(e) }
  } finally {
    await server?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const ms = (s: Summary) => `${s.median.toFixed(1)} / ${s.p95.toFixed(1)} / ${s.max.toFixed(1)} ms`
const sizeName = (size: Size) => `${size.toLocaleString('en-US')} combatants`

function measuredAt(results: Map<Size, SizeResult>, size: Size): SizeResult {
  return results.get(size) ?? { ok: false, error: 'left out (SALVO_PAINT_SIZES)' }
}

function workLines(label: string, w: WorkSummary, limit: number | undefined, traced: readonly Cost[] | string | undefined): string[] {
  const verdict =
    limit === undefined
      ? ''
      : w.total.p95 <= limit
        ? ` (goal ≤ ${limit} ms met)`
        : ` (goal ≤ ${limit} ms MISSED; biggest: ${biggestCosts(w)})`
  const lines = [`      ${label} main-thread work, median / p95: ${workLine(w)}${verdict}`]
  if (typeof traced === 'string') lines.push(`        one traced sample: ${traced}`)
  else if (traced) lines.push(`        one traced sample, the biggest self times on its main thread: ${topCosts(traced)}`)
  return lines
}

function commandLines(name: string, results: Map<Size, SizeResult>, floor: PaintFloor): string[] {
  const lines = [`  ${name}: median / p95 / max`]
  for (const size of ALL_SIZES) {
    const r = measuredAt(results, size)
    if (!r.ok) {
      lines.push(`    ${sizeName(size)}: not measured: ${r.error}`)
      continue
    }
    const c = r.byCommand.get(name)!
    const f = floor.byPath[c.path].both
    const player = c.player ? ms(c.player) : 'never shown'
    const hidden = c.notShownToPlayers ? ` (${c.notShownToPlayers} not shown to the players: hidden combatants)` : ''
    lines.push(
      `    ${sizeName(size).padStart(16)}, ${String(c.both.count).padStart(2)} samples: both ${ms(c.both)}, over the ${c.path} floor +${(c.both.median - f.median).toFixed(1)} / +${(c.both.p95 - f.p95).toFixed(1)} ms · GM ${ms(c.gm)} (DOM ${c.gmDom.median.toFixed(1)} ms median) · player ${player}${hidden} · both, paint done ${ms(c.bothPainted)} · both, to the DOM change ${ms(c.bothDom)}`,
      ...workLines('GM page    ', c.gmWork, WORK_LIMIT_MS[size], typeof c.traced === 'string' ? c.traced : c.traced?.gm),
      ...workLines('player page', c.playerWork, WORK_LIMIT_MS[size], typeof c.traced === 'string' ? c.traced : c.traced?.player),
    )
  }
  return lines
}

function goalsFor(name: string, results: Map<Size, SizeResult>, floor: PaintFloor): BenchGoal[] {
  const at = (size: Size) => {
    const r = results.get(size)
    return r?.ok ? r.byCommand.get(name)! : null
  }
  const goals: BenchGoal[] = []
  for (const size of ALL_SIZES) {
    const c = at(size)
    const f = c ? floor.byPath[c.path].both : null
    const where = `${name}, ${sizeName(size)}`
    // Not measured: NaN, which no goal meets.
    goals.push(
      atMost(`paint p95 over its floor's p95, both pages, ${where}`, c && f ? c.both.p95 - f.p95 : Number.NaN, P95_OVER_FLOOR, ' ms'),
      atMost(
        `paint median over its floor's median, both pages, ${where}`,
        c && f ? c.both.median - f.median : Number.NaN,
        MEDIAN_OVER_FLOOR,
        ' ms',
      ),
    )
    const limit = WORK_LIMIT_MS[size]
    if (limit !== undefined)
      for (const [page, w] of [
        ['GM', c?.gmWork],
        ['player', c?.playerWork],
      ] as const)
        goals.push(atMost(`main-thread work p95, ${page} page, ${where}`, w ? w.total.p95 : Number.NaN, limit, ' ms'))
  }
  goals.push(
    atMost(`paint p95 ratio 3,000/30, ${name}`, (at(3_000)?.both.p95 ?? Number.NaN) / (at(30)?.both.p95 ?? Number.NaN), RATIO_LIMIT),
  )
  return goals
}

function rowFor(name: string, how: string, results: Map<Size, SizeResult>, floor: PaintFloor): ReportRow {
  const at = (size: Size) => {
    const r = results.get(size)
    return r?.ok ? r.byCommand.get(name)! : null
  }
  const cell = (c: CommandResult | null) => (c ? `${c.both.median.toFixed(0)} / ${c.both.p95.toFixed(0)}` : '—')
  const work = (c: CommandResult | null) => (c ? `${c.gmWork.total.p95.toFixed(1)} / ${c.playerWork.total.p95.toFixed(1)}` : '—')
  const small = at(30)
  const large = at(3_000)
  const path = (small ?? at(300) ?? large)?.path
  const f = path ? floor.byPath[path].both : null
  return {
    measure: `**input → painted on GM and player pages**, ${name} (${how}), median / p95 at 30 · 300 · 3,000 combatants; main-thread work p95, GM / player page`,
    salvo: `${cell(small)} · ${cell(at(300))} · ${cell(large)} ms; work ${work(small)} · ${work(at(300))} · ${work(large)} ms (goal ≤ 8 at 300, ≤ 12 at 3,000)`,
    baseline: f ? `${path} floor: ${f.median.toFixed(0)} / ${f.p95.toFixed(0)} ms (goal: within +8 / +17)` : '—',
    ratio: small && large ? `3,000/30: ${(large.both.p95 / small.both.p95).toFixed(1)}× p95 (goal ≤ 1.5)` : '—',
  }
}

function floorLines(f: PaintFloor): string[] {
  return [
    '  floor, the same measure with no application (two blank pages in their own contexts, a server that only echoes the input over a WebSocket), per input path:',
    ...INPUT_PATHS.map((p) => {
      const x = f.byPath[p]
      return `    ${p.padEnd(5)} echoed to both pages: ${ms(x.both)} (to the DOM change ${ms(x.bothDom)}); main-thread work GM ${workLine(x.gmWork)}, player ${workLine(x.playerWork)}`
    }),
    `    a click that changes its own page, no socket: ${ms(f.local)}`,
  ]
}

function floorRow(f: PaintFloor): ReportRow {
  const cell = (p: InputPath) => `${p} ${f.byPath[p].both.median.toFixed(1)} / ${f.byPath[p].both.p95.toFixed(1)}`
  return {
    measure:
      'floor of the paint measure, no application: the same input echoed over a WebSocket to two blank pages, input → frame showing it on both, median / p95 per input path',
    salvo: `${INPUT_PATHS.map(cell).join(' · ')} ms`,
    baseline: `a click changing its own page, no socket: ${f.local.median.toFixed(1)} / ${f.local.p95.toFixed(1)} ms`,
    ratio: '',
  }
}

export async function runPaintBench(): Promise<BenchPart> {
  const title = `Paint in Chromium, ${VIEWPORT.width}×${VIEWPORT.height}, GM and player pages each in its own context: the GM's input event → the first frame showing the change on each page, against the floor of the same input path; ${SAMPLES} samples per command after ${WARM_UP} warm-up rounds (fewer once a size has run its time: at least ${MIN_SAMPLES[30]} at 30 and 300 combatants, ${MIN_SAMPLES[3_000]} at 3,000)`
  return withBenchBrowser(title, async (browser, executablePath) => {
    const onFight = [hpEdit, hpByKey, nextTurn, attackResolution, conditionAdded].filter(chosen)
    const onMap = [tokenMove].filter(chosen)
    const commands = [...onFight, ...onMap]
    const floor = await measurePaintFloor(browser)
    const fight = new Map<Size, SizeResult>()
    const map = new Map<Size, SizeResult>()
    for (const size of SIZES) {
      if (onFight.length) fight.set(size, await measureSize(browser, size, onFight, 'fight'))
      if (onMap.length) map.set(size, await measureSize(browser, size, onMap, 'map'))
    }
    const resultsOf = (c: PaintCommand) => (onMap.includes(c) ? map : fight)
    const goals = commands.flatMap((c) => goalsFor(c.name, resultsOf(c), floor))
    const lines = [
      title,
      `  browser: ${browser.version()} (${executablePath}); ${loadLine()}`,
      "  clock: the triggering input event's own timestamp on the GM page (keydown; the click, sent with the button's release; a drag's release); each page's stamps anchored to the system clock when armed, so the two processes' times compare",
      "  input: raw key and mouse events only inside the timed window, the same calls for the floor and the desk (a locator's click runs Playwright's own checks in the page, which the old floor's 28–30 ms p95 was mostly made of)",
      '  "both": per sample the later of the two pages; the player page shows a PC\'s exact health, so each command changes both screens',
      '  the time is to the requestAnimationFrame after the DOM changed (the frame that shows it begins); "paint done" is to the end of that frame;',
      '  "to the DOM change" is the pages\' own part: input → the DOM showing it on both, before the wait for a frame',
      "  main-thread work: each page's CPU time on its main thread from just before the input to both pages painted and settled (Chromium's Performance.getMetrics deltas)",
      ...floorLines(floor),
      ...commands.flatMap((c) => commandLines(c.name, resultsOf(c), floor)),
      ...goals.filter((g) => !g.met).map((g) => `  goal MISSED: ${g.name} = ${g.measured}`),
    ]
    return {
      lines,
      rows: [floorRow(floor), ...commands.map((c) => rowFor(c.name, c.how, resultsOf(c), floor))],
      goals,
    }
  })
}

// `npx tsx tests/bench/paint-bench.ts` runs this part alone (it takes minutes).
runWhenMain(import.meta.url, 'paint bench', runPaintBench)
