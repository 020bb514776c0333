import { tmpdir } from 'node:os'
import { performance } from 'node:perf_hooks'
import { runCoreBench } from './core-bench'
import { runDurableBench } from './durable-bench'
import { runMapBench } from './map-bench'
import { runOddsBench } from './odds-bench'
import { runPaintBench } from './paint-bench'
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
 * - the GM page in Chromium painting a command with 300 combatants against 6 (paint-bench.ts);
 * - the battle map's pan and drag with 300 tokens and 50 zones against 6 tokens, and the
 *   player's bytes for one token move against its full snapshot (map-bench.ts).
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
  const parts: (() => Promise<BenchPart>)[] = [runCoreBench, runDurableBench, async () => runOddsBench(), runPaintBench, runMapBench]
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
