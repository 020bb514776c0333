import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { SalvoCore, type Connection } from '../../src-main/core/app/salvo-core'
import type { ServerMessage } from '../../src-shared/contract'
import type { Snapshot } from '../../src-shared/diff'
import { combatantPayload, dispatch, must, snapshotOf, TROOPER } from './core-fixture'
import { atMost, bytes, medianP95, megabytes, type BenchGoal, type BenchPart } from './report'
import { runWhenMain } from './run-alone'
import { summarize } from './stats'

/**
 * What the GM's snapshot costs in a big, old campaign: a roster of 5,000 NPCs with sheets, a long
 * history (a finished fight and a running one), beside the same campaign's whole record set, the
 * way the snapshot used to be sent. Measured in one run; the campaign is built by real commands.
 */

/** `SALVO_BENCH_NPCS` / `SALVO_BENCH_HISTORY` shrink the campaign for a quick try of the bench itself. */
const NPCS = Number(process.env.SALVO_BENCH_NPCS ?? 5_000)
const HISTORY = Number(process.env.SALVO_BENCH_HISTORY ?? 3_000)
const FIGHTERS = 30
const SAMPLES = 15
/** The snapshot must be this much smaller than the whole record set in bytes, and this much quicker. */
const GOAL_BYTES = 0.25
const GOAL_TIME = 0.5

async function buildCampaign(gm: Connection): Promise<void> {
  must('createCampaign', await gm.request('createCampaign', { name: 'Old campaign', seed: 'salvo-old' }))
  for (let i = 0; i < NPCS; i++) {
    const p = combatantPayload(i)
    const entry = { name: `NPC ${i + 1}`, side: p.side, kind: 'npc' as const, maxHp: 1, faction: `Faction ${i % 40}`, tags: ['bench'] }
    must(`template/save #${i + 1}`, await dispatch(gm, 'template/save', { ...entry, rules: TROOPER }))
  }
  for (let i = 0; i < FIGHTERS; i++) must(`combatant/add #${i + 1}`, await dispatch(gm, 'combatant/add', combatantPayload(i)))
  // The history: a finished fight, then a running one; each command logs a line or more.
  for (const fight of ['The docks', 'The tower']) {
    must('encounter/start', await dispatch(gm, 'encounter/start', { name: fight }))
    must('encounter/rollInitiative', await dispatch(gm, 'encounter/rollInitiative', {}))
    for (let i = 0; i < HISTORY / 2; i++) must('encounter/nextTurn', await dispatch(gm, 'encounter/nextTurn', {}))
    if (fight === 'The docks') must('encounter/end', await dispatch(gm, 'encounter/end', {}))
  }
}

const wireOf = (snapshot: Snapshot) => JSON.stringify({ kind: 'snapshot', snapshot } satisfies ServerMessage)

function countByType(snapshot: Snapshot): string {
  const counts = new Map<string, number>()
  for (const r of snapshot.records) counts.set(r.typeName, (counts.get(r.typeName) ?? 0) + 1)
  return [...counts].map(([t, n]) => `${n.toLocaleString('en-US')} ${t}`).join(', ')
}

export async function runCoreSnapshot(): Promise<BenchPart> {
  const dataDir = mkdtempSync(join(tmpdir(), 'salvo-old-'))
  const core = new SalvoCore({ dataDir })
  try {
    await core.start()
    const gm = core.connect('gm', () => undefined)
    await buildCampaign(gm)
    // The whole record set, as the campaign file holds it; the old snapshot sent all of it but the generator and undo history.
    const file = must('exportCampaign', await gm.request('exportCampaign', undefined))
    const stored = (JSON.parse(file.text) as { document: { records: Record<string, { typeName: string }> } }).document.records
    const all = Object.values(stored).filter((r) => r.typeName !== 'rng' && r.typeName !== 'history')
    const ours: number[] = []
    const whole: number[] = []
    let wire = ''
    let wholeWire = ''
    let snapshot: Snapshot | null = null
    for (let i = 0; i < SAMPLES; i++) {
      const start = performance.now()
      snapshot = await snapshotOf(gm)
      const projected = performance.now()
      wire = wireOf(snapshot)
      const sent = performance.now()
      // The old path: the same projection work, then the whole record set serialised (its templates and log were sent as stored).
      wholeWire = wireOf({ version: snapshot.version, records: [...all] as unknown as Snapshot['records'] })
      ours.push(sent - start)
      whole.push(projected - start + (performance.now() - sent))
    }
    const s = summarize(ours)
    const w = summarize(whole)
    const b = Buffer.byteLength(wire, 'utf8')
    const wb = Buffer.byteLength(wholeWire, 'utf8')
    const goals: BenchGoal[] = [
      atMost(`core: GM snapshot bytes, ${NPCS.toLocaleString('en-US')}-NPC campaign / its whole record set`, b / wb, GOAL_BYTES, '×'),
      atMost(
        `core: GM snapshot time (median), ${NPCS.toLocaleString('en-US')}-NPC campaign / sending its whole record set`,
        s.median / w.median,
        GOAL_TIME,
        '×',
      ),
    ]
    const lines = [
      `Core: the GM snapshot of a campaign with ${NPCS.toLocaleString('en-US')} roster NPCs (sheets) and ${HISTORY.toLocaleString('en-US')} turns of history, ${SAMPLES} samples`,
      `  sent:         ${bytes(b).padStart(14)} (${megabytes(b)})  ${medianP95(s)}  ${countByType(snapshot!)}`,
      `  whole set:    ${bytes(wb).padStart(14)} (${megabytes(wb)})  ${medianP95(w)}  (the same projection, then every record serialised)`,
      ...goals.map((g, i) => `  ${g.name} = ${g.measured}  (goal ≤ ${i === 0 ? GOAL_BYTES : GOAL_TIME}×)`),
    ]
    return {
      lines,
      rows: [
        {
          measure: `GM snapshot, ${NPCS.toLocaleString('en-US')}-NPC campaign with history: bytes, median / p95 time`,
          salvo: `${megabytes(b)}, ${medianP95(s)}`,
          baseline: `whole record set ${megabytes(wb)}, ${medianP95(w)}`,
          ratio: `${(b / wb).toFixed(3)} / ${(s.median / w.median).toFixed(2)}`,
        },
      ],
      goals,
    }
  } finally {
    await core.shutdown()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

// `npx tsx tests/bench/core-snapshot.ts` runs this part alone.
runWhenMain(import.meta.url, 'core snapshot bench', runCoreSnapshot)
