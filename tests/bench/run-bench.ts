import { performance } from 'node:perf_hooks'
import type { Connection } from '../../src-main/core/app/salvo-core'
import type { ServerMessage } from '../../src-shared/contract'
import type { Snapshot } from '../../src-shared/diff'
import { dispatch, must, openFixture, snapshotOf, type Fixture } from './core-fixture'
import { bytes, machineLine, oneTo, percent, storageLine, timingTable } from './report'
import { summarize } from './stats'
import { runOddsBench } from './odds-bench'
import { runMapBench } from './map-bench'
import { runPaintBench } from './paint-bench'

/**
 * `npm run bench`: what one HP change costs the core with 300 combatants, against what
 * re-sending the whole projected state would cost, both measured in this run on this
 * machine; then how long the GM page in Chromium takes to paint a command with 300
 * combatants against 6 (see paint-bench.ts); then panning and dragging on a 4096×4096 map
 * with 300 tokens and 50 zones against 6 tokens, and the player's bytes for one token move
 * against its full snapshot (see map-bench.ts). Ratios are the result; absolute times only say
 * what machine produced them.
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

async function main(): Promise<void> {
  const began = performance.now()
  console.log(`Salvo core benchmark: ${COMBATANTS} combatants, ${ITERATIONS} samples per path after ${WARM_UP} warm-up`)
  console.log(`machine:     ${machineLine()}`)
  const fx = await openFixture(COMBATANTS)
  try {
    console.log(`data folder: ${storageLine(fx.dataDir)}`)
    const run = await measureDiffPath(fx)
    const quiet = await measureWithoutWindows(fx)

    const diff = summarize(run.toDiff)
    const full = summarize(run.fullState)
    const alone = summarize(quiet)
    console.log(`GM state:    ${describeState(run.snapshot)}`)
    console.log('')
    console.log('Time (one HP change; each path ends with the JSON text a window would be sent)')
    console.log(
      timingTable([
        ['command → GM diff (validate, decide, fsync journal, diff)', diff],
        ['command → ack (also the player diff and session push)', summarize(run.toAck)],
        ['full-state broadcast (GM snapshot through the core + JSON)', full],
        ['command → ack with no window attached (durable pipeline alone)', alone],
      ]),
    )
    console.log(`  diff pushed before the ack resolved: yes, checked on all ${WARM_UP + ITERATIONS} commands`)
    console.log('')
    console.log('Ratios (medians from this run)')
    console.log(`  command → GM diff / full-state broadcast                       = ${(diff.median / full.median).toFixed(3)}`)
    console.log(
      `  command → GM diff / (no-window command + full-state broadcast) = ${(diff.median / (alone.median + full.median)).toFixed(3)}` +
        '   (what a naive core pays per command)',
    )
    console.log('')
    const diffBytes = Buffer.byteLength(run.diffWire, 'utf8')
    const fullBytes = Buffer.byteLength(run.snapshotWire, 'utf8')
    console.log('Bytes (UTF-8 JSON of the ServerMessage, the same state)')
    console.log(`  one HP-change diff:  ${bytes(diffBytes).padStart(12)}   ${describeDiff(run.diffWire)}`)
    console.log(`  full GM snapshot:    ${bytes(fullBytes).padStart(12)}`)
    console.log(`  diff is ${percent(diffBytes, fullBytes)} of the full state, ${oneTo(diffBytes, fullBytes)}`)
    // The log grows with every command, so also compare against a state length cannot inflate.
    const combatants = run.snapshot.records.filter((r) => r.typeName === 'combatant')
    const combatantBytes = Buffer.byteLength(JSON.stringify(combatants), 'utf8')
    console.log(`  the ${combatants.length} combatant records alone: ${bytes(combatantBytes)}; diff is ${percent(diffBytes, combatantBytes)} of that, ${oneTo(diffBytes, combatantBytes)}`)
    console.log('')
    for (const line of runOddsBench()) console.log(line)
    console.log('')
  } finally {
    await fx.dispose()
  }
  // After the core fixture is gone, so its folder and timers do not share the CPU with Chromium.
  for (const line of await runPaintBench()) console.log(line)
  console.log('')
  for (const line of await runMapBench()) console.log(line)
  console.log('')
  console.log(`done in ${((performance.now() - began) / 1000).toFixed(1)} s`)
}

main().catch((e: unknown) => {
  console.error(`bench failed: ${e instanceof Error ? e.message : String(e)}`)
  process.exitCode = 1
})
