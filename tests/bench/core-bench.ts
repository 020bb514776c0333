import { performance } from 'node:perf_hooks'
import type { Connection } from '../../src-main/core/app/salvo-core'
import type { ServerMessage } from '../../src-shared/contract'
import type { Snapshot } from '../../src-shared/diff'
import { dispatch, must, openFixture, snapshotOf, type Fixture } from './core-fixture'
import { runCoreScale } from './core-scale'
import { runCoreSnapshot } from './core-snapshot'
import { bytes, medianP95, oneTo, percent, storageLine, timingTable, type BenchPart } from './report'
import { runWhenMain } from './run-alone'
import { summarize } from './stats'

/**
 * What one HP change costs the core with 300 combatants, against what re-sending the whole
 * projected state would cost, both measured in this run on this machine.
 */

const COMBATANTS = 300
const WARM_UP = 30
const ITERATIONS = 300

interface DiffRun {
  readonly toDiff: number[]
  readonly toAck: number[]
  readonly fullState: number[]
  /** Wire texts from the last iteration, when both describe the same state. */
  readonly diffWire: string
  readonly snapshotWire: string
  readonly snapshot: Snapshot
}

/**
 * Iteration i damages combatant ⌊i/2⌋ by 1 and the next iteration heals it back, so every
 * command changes exactly one field and the table ends as it started.
 */
function hpChange(fx: Fixture, i: number): { combatantId: `combatant:${string}`; delta: number } {
  const combatantId = fx.combatantIds[Math.floor(i / 2) % fx.combatantIds.length]!
  return { combatantId, delta: i % 2 === 0 ? -1 : 1 }
}

/**
 * The core queues journal compaction (every 200 commands) behind the command that triggers
 * it. Waiting for it with a cheap request keeps it out of whichever timing came next.
 */
async function settle(conn: Connection): Promise<void> {
  must('session', await conn.request('session', undefined))
}

async function measureDiffPath(fx: Fixture): Promise<DiffRun> {
  const toDiff: number[] = []
  const toAck: number[] = []
  const fullState: number[] = []
  let diffWire = ''
  let snapshotWire = ''
  let snapshot: Snapshot | null = null
  for (let i = 0; i < WARM_UP + ITERATIONS; i++) {
    const change = hpChange(fx, i)
    fx.gmWindow.take()
    const start = performance.now()
    const ack = must(`combatant/adjustHp #${i + 1}`, await dispatch(fx.gm, 'combatant/adjustHp', change))
    const acked = performance.now()
    // Reading the diff only after the await proves it was pushed before the ack resolved.
    const arrival = fx.gmWindow.take()
    if (arrival === null) throw new Error(`the GM window got no diff before command #${i + 1} was acknowledged`)
    if (arrival.diff.toVersion !== ack.version) {
      throw new Error(`the GM diff leads to version ${arrival.diff.toVersion}, the ack says ${ack.version}`)
    }
    await settle(fx.gm)

    // The naive alternative: project every record for the window and serialise all of it.
    const fullStart = performance.now()
    const snap = await snapshotOf(fx.gm)
    const wire = JSON.stringify({ kind: 'snapshot', snapshot: snap } satisfies ServerMessage)
    const fullEnd = performance.now()

    if (i < WARM_UP) continue
    toDiff.push(arrival.at - start)
    toAck.push(acked - start)
    fullState.push(fullEnd - fullStart)
    diffWire = arrival.wire
    snapshotWire = wire
    snapshot = snap
  }
  if (snapshot === null) throw new Error('no iterations were measured')
  return { toDiff, toAck, fullState, diffWire, snapshotWire, snapshot }
}

/** The same commands with no window holding a snapshot: the durable pipeline alone. */
async function measureWithoutWindows(fx: Fixture): Promise<number[]> {
  fx.gm.close()
  fx.player.close()
  // A window that never asked for a snapshot gets no diffs, so nothing is projected for it.
  const quiet = fx.core.connect('gm', () => undefined)
  const toAck: number[] = []
  for (let i = 0; i < WARM_UP + ITERATIONS; i++) {
    const start = performance.now()
    must(`quiet combatant/adjustHp #${i + 1}`, await dispatch(quiet, 'combatant/adjustHp', hpChange(fx, i)))
    const acked = performance.now()
    await settle(quiet)
    if (i >= WARM_UP) toAck.push(acked - start)
  }
  return toAck
}

function describeState(snapshot: Snapshot): string {
  const counts = new Map<string, number>()
  for (const r of snapshot.records) counts.set(r.typeName, (counts.get(r.typeName) ?? 0) + 1)
  const parts = [...counts].map(([type, n]) => `${n} ${type}${n === 1 ? '' : 's'}`)
  return `${parts.join(', ')} (${snapshot.records.length} records, version ${snapshot.version})`
}

function describeDiff(wire: string): string {
  const { diff } = JSON.parse(wire) as Extract<ServerMessage, { kind: 'diff' }>
  const updated = diff.updated.map(([, to]) => to.typeName).join(', ') || 'none'
  const added = diff.added.map((r) => r.typeName).join(', ') || 'none'
  return `updated [from, to]: ${updated}; added: ${added}; removed: ${diff.removed.length}`
}

/** The HP-change path at 300, then (issue 15) the same commands at 30 vs 3,000 and the snapshot of a big old campaign. */
export async function runCoreBench(): Promise<BenchPart> {
  const parts = [await runHpChange(), await runCoreScale(), await runCoreSnapshot()]
  return {
    lines: parts.flatMap((p, i) => (i === 0 ? p.lines : ['', ...p.lines])),
    rows: parts.flatMap((p) => p.rows),
    goals: parts.flatMap((p) => p.goals ?? []),
  }
}

async function runHpChange(): Promise<BenchPart> {
  const lines = [`Core: ${COMBATANTS} combatants, ${ITERATIONS} samples per path after ${WARM_UP} warm-up`]
  const fx = await openFixture(COMBATANTS)
  try {
    lines.push(`  data folder: ${storageLine(fx.dataDir)}`)
    const run = await measureDiffPath(fx)
    const quiet = await measureWithoutWindows(fx)

    const diff = summarize(run.toDiff)
    const full = summarize(run.fullState)
    const alone = summarize(quiet)
    lines.push(`  GM state: ${describeState(run.snapshot)}`)
    lines.push('')
    lines.push('Time (one HP change; each path ends with the JSON text a window would be sent)')
    lines.push(
      timingTable([
        ['command → GM diff (validate, decide, fsync journal, diff)', diff],
        ['command → ack (also the player diff and session push)', summarize(run.toAck)],
        ['full-state broadcast (GM snapshot through the core + JSON)', full],
        ['command → ack with no window attached (durable pipeline alone)', alone],
      ]),
    )
    lines.push(`  diff pushed before the ack resolved: yes, checked on all ${WARM_UP + ITERATIONS} commands`)
    lines.push('')
    lines.push('Ratios (medians from this run)')
    lines.push(`  command → GM diff / full-state broadcast                       = ${(diff.median / full.median).toFixed(3)}`)
    lines.push(
      `  command → GM diff / (no-window command + full-state broadcast) = ${(diff.median / (alone.median + full.median)).toFixed(3)}` +
        '   (what a naive core pays per command)',
    )
    lines.push('')
    const diffBytes = Buffer.byteLength(run.diffWire, 'utf8')
    const fullBytes = Buffer.byteLength(run.snapshotWire, 'utf8')
    lines.push('Bytes (UTF-8 JSON of the ServerMessage, the same state)')
    lines.push(`  one HP-change diff:  ${bytes(diffBytes).padStart(12)}   ${describeDiff(run.diffWire)}`)
    lines.push(`  full GM snapshot:    ${bytes(fullBytes).padStart(12)}`)
    lines.push(`  diff is ${percent(diffBytes, fullBytes)} of the full state, ${oneTo(diffBytes, fullBytes)}`)
    // The log grows with every command, so also compare against a state length cannot inflate.
    const combatants = run.snapshot.records.filter((r) => r.typeName === 'combatant')
    const combatantBytes = Buffer.byteLength(JSON.stringify(combatants), 'utf8')
    lines.push(
      `  the ${combatants.length} combatant records alone: ${bytes(combatantBytes)}; diff is ${percent(diffBytes, combatantBytes)} of that, ${oneTo(diffBytes, combatantBytes)}`,
    )
    return {
      lines,
      rows: [
        {
          measure: 'command → diff (validate, decide, fsync, diff), median / p95',
          salvo: medianP95(diff),
          baseline: `full-state broadcast ${medianP95(full)}`,
          ratio: `${(diff.median / full.median).toFixed(2)} / ${(diff.p95 / full.p95).toFixed(2)}`,
        },
        {
          measure: 'bytes sent for one HP change',
          salvo: bytes(diffBytes),
          baseline: `full GM state ${bytes(fullBytes)}`,
          ratio: oneTo(diffBytes, fullBytes),
        },
      ],
    }
  } finally {
    await fx.dispose()
  }
}

// `npx tsx tests/bench/core-bench.ts` runs this part alone.
runWhenMain(import.meta.url, 'core bench', runCoreBench)
