import { performance } from 'node:perf_hooks'
import type { CombatantView } from '../../src-shared/views'
import { combatantPayload, dispatch, must, TROOPER, type Fixture } from './core-fixture'
import { openTableOf } from './core-fixture'
import { atMost, medianP95, timingTable, type BenchGoal, type BenchPart } from './report'
import { runWhenMain } from './run-alone'
import { summarize, type Summary } from './stats'

/**
 * Whether a command's cost in the core grows with the fight: the same four commands at 30 and at
 * 3,000 combatants, each timed from the request to the ack (validate, decide, fsync, both
 * windows' diffs), in one run. The two tables take turns command by command, so whatever else
 * the machine is doing falls on both alike.
 */

const SMALL = 30
/** `SALVO_BENCH_LARGE` shrinks the big table for a quick try of the bench itself; the report uses 3,000. */
const LARGE = Number(process.env.SALVO_BENCH_LARGE ?? 3_000)
const WARM_UP = 20
const SAMPLES = 400
/** How many of each table's combatants carry a sheet: attackers need a weapon, the rest are cheap to add. */
const ARMED = 20
const SHOOTERS = 15
const P95_RATIO = 1.5

type Step = (fx: Fixture, i: number) => Promise<void>

interface Probe {
  readonly name: string
  /** Untimed set-up before sample i (removing what the previous sample added). */
  readonly before?: Step
  readonly timed: Step
}

const ok = async (what: string, p: ReturnType<typeof dispatch>) => void must(what, await p)

/** The latest condition the GM window was told about on this combatant, so the next probe can remove it. */
function lastConditionKey(fx: Fixture, id: string): string | null {
  const diff = fx.gmWindow.take()?.diff
  const view = diff?.updated.find(([, to]) => to.id === id)?.[1] as CombatantView | undefined
  return view?.turn?.conditions.at(-1)?.key ?? null
}

const pending = new Map<Fixture, { id: `combatant:${string}`; key: string }>()

const PROBES: readonly Probe[] = [
  { name: 'next turn', timed: (fx) => ok('encounter/nextTurn', dispatch(fx.gm, 'encounter/nextTurn', {})) },
  {
    name: 'HP edit',
    timed: (fx, i) =>
      ok(
        'combatant/adjustHp',
        // Sample i hurts combatant ⌊i/2⌋ by 1 and the next heals it back, so no one runs into max HP.
        dispatch(fx.gm, 'combatant/adjustHp', {
          combatantId: fx.combatantIds[Math.floor(i / 2) % fx.combatantIds.length]!,
          delta: i % 2 ? 1 : -1,
        }),
      ),
  },
  {
    name: 'attack resolution',
    // Out of its turn a shot costs a reaction (3 a round): the GM's pip clicks give them back first.
    before: async (fx, i) => {
      const combatantId = fx.combatantIds[i % SHOOTERS]!
      // A fresh sheet: a full magazine, no jam (a real table would clear it with a check first).
      const fresh = await dispatch(fx.gm, 'combatant/setRules', { combatantId, rules: TROOPER })
      if (!fresh.ok && !fresh.error.code.endsWith('noChange')) must('combatant/setRules', fresh)
      // In its own turn it spends actions instead, so both pools are reset.
      for (const pool of ['reactions', 'actions']) {
        const r = await dispatch(fx.gm, 'economy/set', { combatantId, pool, spent: 0 })
        if (!r.ok && r.error.code !== 'economy/noChange') must('economy/set', r)
      }
    },
    timed: (fx, i) => {
      // The shooters are never shot at (a downed one could not act), and each fires well within one magazine.
      const attackerId = fx.combatantIds[i % SHOOTERS]!
      const targetId = fx.combatantIds[SHOOTERS + (i % (ARMED - SHOOTERS))]!
      return ok(
        'attack/resolve',
        dispatch(fx.gm, 'attack/resolve', { request: { attackerId, targetId, weapon: 0, mode: 'semi', options: { distance: 5 } } }),
      )
    },
  },
  {
    name: 'condition added',
    before: async (fx) => {
      const last = pending.get(fx)
      if (!last) return
      pending.delete(fx)
      await ok('condition/remove', dispatch(fx.gm, 'condition/remove', { combatantId: last.id, key: last.key }))
    },
    timed: async (fx, i) => {
      const combatantId = fx.combatantIds[i % fx.combatantIds.length]!
      fx.gmWindow.take()
      await ok('condition/add', dispatch(fx.gm, 'condition/add', { combatantId, condition: 'prone', duration: { kind: 'indefinite' } }))
      const key = lastConditionKey(fx, combatantId)
      if (key === null) throw new Error(`the GM window was not told of the condition added to ${combatantId}`)
      pending.set(fx, { id: combatantId, key })
    },
  },
]

/** `count` combatants in a running fight, the first few armed. */
async function openTable(count: number): Promise<Fixture> {
  return openTableOf(count, (i) => (i < ARMED ? { ...combatantPayload(i), rules: TROOPER } : combatantPayload(i)))
}

async function sample(fx: Fixture, probe: Probe, i: number): Promise<number> {
  await probe.before?.(fx, i)
  const start = performance.now()
  await probe.timed(fx, i)
  const took = performance.now() - start
  // Compaction (every 200 commands) is queued behind a command; a cheap request waits it out of the next sample.
  must('session', await fx.gm.request('session', undefined))
  return took
}

export async function runCoreScale(): Promise<BenchPart> {
  const lines = [
    `Core at scale: ${SMALL} vs ${LARGE.toLocaleString('en-US')} combatants, ${SAMPLES} samples each after ${WARM_UP} warm-up, interleaved`,
  ]
  const rows: BenchPart['rows'] = []
  const goals: BenchGoal[] = []
  const small = await openTable(SMALL)
  try {
    const large = await openTable(LARGE)
    try {
      const table: [string, Summary][] = []
      for (const probe of PROBES) {
        const times = { small: [] as number[], large: [] as number[] }
        for (let i = 0; i < WARM_UP + SAMPLES; i++) {
          const a = await sample(small, probe, i)
          const b = await sample(large, probe, i)
          if (i < WARM_UP) continue
          times.small.push(a)
          times.large.push(b)
        }
        const s = summarize(times.small)
        const l = summarize(times.large)
        table.push([`${probe.name}, ${SMALL} combatants`, s], [`${probe.name}, ${LARGE.toLocaleString('en-US')} combatants`, l])
        const ratio = l.p95 / s.p95
        rows.push({
          measure: `core: ${probe.name} → ack at ${LARGE.toLocaleString('en-US')} combatants, median / p95`,
          salvo: medianP95(l),
          baseline: `${SMALL} combatants ${medianP95(s)}`,
          ratio: `${(l.median / s.median).toFixed(2)} / ${ratio.toFixed(2)}`,
        })
        goals.push(atMost(`core: ${probe.name} p95, ${LARGE.toLocaleString('en-US')} / ${SMALL} combatants`, ratio, P95_RATIO, '×'))
      }
      lines.push('Time (command → ack: validate, decide, fsync, diffs to a GM and a player window)')
      lines.push(timingTable(table))
      lines.push('Ratios (p95, same run)')
      for (const g of goals) lines.push(`  ${g.name} = ${g.measured}  (goal ≤ ${P95_RATIO}×)`)
      return { lines, rows, goals }
    } finally {
      await large.dispose()
    }
  } finally {
    await small.dispose()
  }
}

// `npx tsx tests/bench/core-scale.ts` runs this part alone.
runWhenMain(import.meta.url, 'core scale bench', runCoreScale)
