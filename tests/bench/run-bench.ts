import { tmpdir } from 'node:os'
import { performance } from 'node:perf_hooks'
import { runCoreBench } from './core-bench'
import { runDurableBench } from './durable-bench'
import { runMapBench } from './map-bench'
import { runOddsBench } from './odds-bench'
import { runPositionsBench } from './positions-bench'
import { runForecastBench } from './forecast-bench'
import { runPaintBench } from './paint-bench'
import { runColdStartBench } from './cold-start-bench'
import { runDesktopBench } from './desktop-bench'
import { runLongEveningBench } from './long-evening-bench'
import { runMemoryBench } from './memory-bench'
import { machineLine, storageLine, type BenchGoal, type BenchPart, type ReportRow } from './report'
import { goalTable, markdownTable, writeReport } from './report-md'

/**
 * `npm run bench`: every figure beside its baseline from the same run, printed and written to
 * bench/report.md —
 * - the core with 300 combatants: command → diff against a full-state broadcast, and the bytes
 *   of one HP change against the full GM state (core-bench.ts);
 * - the durable commit on a 1 MB and a 50 MB campaign against lowdb rewriting the whole
 *   document each command (durable-bench.ts);
 * - Compound X exact odds against a 100,000-sample Monte Carlo (odds-bench.ts);
 * - an attack preview with every combatant on the map against the same with positions set aside,
 *   at 300 and 3,000 combatants (positions-bench.ts);
 * - the fight forecast: simulated 4-vs-6 Compound X fights per second on one core beside the same
 *   fight's commands through the live engine; a 1,000-fight forecast on the pool of runner
 *   processes for each ruleset's 4-vs-6 fight (first estimate cold and warm, time to ±3 points);
 *   the first estimate's arrival in a window; and a command's ack and paint with a 20,000-fight
 *   forecast running against without one (forecast-bench.ts);
 * - input → painted on the GM and the player page in Chromium, six commands at 30, 300 and 3,000
 *   combatants, each against a floor measured the same way through its own input path (key,
 *   click, drag), and each page's own main-thread work per command (paint-bench.ts);
 * - cold start to the first painted click at 30 to 5,000 combatants and with a 50 MB history,
 *   beside reading the same bytes (cold-start-bench.ts);
 * - the desk after 50,000 log entries beside a fresh one (long-evening-bench.ts), and the GM
 *   page's heap at 3,000 combatants + 50,000 entries and over a 10,000-command session
 *   (memory-bench.ts);
 * - the battle map's pan and drag with 300 tokens and 50 zones against 6 tokens, and the
 *   player's bytes for one token move against its full snapshot (map-bench.ts);
 * - the desktop shell, where an Electron binary runs (desktop-bench.ts: one line saying it was
 *   skipped where none does).
 * Ratios are the result; absolute times only say what machine produced them.
 */

const REPORT = 'bench/report.md'

async function main(): Promise<void> {
  const startedAt = new Date()
  const began = performance.now()
  const printed: string[] = []
  const print = (...lines: string[]) => {
    for (const line of lines) console.log(line)
    printed.push(...lines)
  }
  const machine = machineLine()
  const storage = storageLine(tmpdir())
  print('Salvo benchmark', `machine:          ${machine}`, `campaign folders: ${storage}`, '')
  const rows: ReportRow[] = []
  const goals: BenchGoal[] = []
  // The core parts first; Chromium last, so the core's folders and timers are gone before it starts.
  const parts: (() => Promise<BenchPart>)[] = [
    runCoreBench,
    runDurableBench,
    async () => runOddsBench(),
    runPositionsBench,
    runForecastBench,
    runPaintBench,
    runColdStartBench,
    runLongEveningBench,
    runMemoryBench,
    runMapBench,
    runDesktopBench,
  ]
  for (const run of parts) {
    const part = await run()
    print(...part.lines, '')
    rows.push(...part.rows)
    goals.push(...(part.goals ?? []))
  }
  const seconds = (performance.now() - began) / 1000
  print('Summary (as in bench/report.md)', markdownTable(rows), '', 'Goals', goalTable(goals), '', `done in ${seconds.toFixed(1)} s`)
  writeReport(REPORT, { machine, storage, startedAt, seconds, rows, goals, console: printed })
  console.log(`wrote ${REPORT}`)
  const missed = goals.filter((g) => !g.met)
  if (missed.length > 0) {
    console.error(`bench: ${missed.length} goal(s) missed:\n${missed.map((g) => `  - ${g.name}: ${g.measured}`).join('\n')}`)
    process.exitCode = 1
  }
}

main().catch((e: unknown) => {
  console.error(`bench failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
  process.exitCode = 1
})
