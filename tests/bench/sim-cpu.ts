import { resolve } from 'node:path'
import { playFight } from '../../src-main/core/autopilot/fight-runner'
import { openingOdds } from '../../src-main/core/autopilot/opening-odds'
import { SimTable } from '../../src-main/core/autopilot/sim-table'
import { seededSource } from '../../src-main/core/dice/random-source'
import { RecordStore } from '../../src-main/core/state/record-store'
import type { Ruleset } from '../../src-main/rules/ruleset'
import type { CommandPayload, CommandType } from '../../src-shared/commands'
import { createRulesetRegistry } from '../../src-main/rules/ruleset-registry'
import { benchFightRecords, quickNpcFight, TROOPER_FIGHT } from './forecast-fights'

/*
 * Issue 35: CPU time per simulated fight, per ruleset (4 vs 6 of the ruleset's first ready-made
 * NPC; `bench`: the forecast bench's troopers), the fast sim path and the full one in alternating
 * blocks in one process, so a loaded machine weighs on both alike.
 * `npx tsx tests/bench/sim-cpu.ts [blocks] [fightsPerBlock] [ruleset id | bench]`.
 */

const registry = createRulesetRegistry(resolve('resources'))

/** The forecast bench's own fight (four Compound X troopers against six), or four of the ruleset's first ready-made NPC against six. */
const recordsOf = (ruleset: Ruleset, bench: boolean): unknown[] =>
  benchFightRecords(ruleset, bench ? TROOPER_FIGHT : quickNpcFight(ruleset)!)

function block(ruleset: Ruleset, records: unknown[], fast: boolean, from: number, n: number): number {
  const odds = openingOdds(ruleset, new RecordStore(records as never[]))
  const t0 = process.cpuUsage()
  for (let f = from; f < from + n; f++) {
    const table = new SimTable(records, ruleset, seededSource(`bench:${f}`), { fast })
    playFight(table, odds, { roundCap: 30 })
  }
  const d = process.cpuUsage(t0)
  return (d.user + d.system) / 1000
}

/**
 * What a fight is made of (not timed): commands per fight by type, and rounds. A fight's cost is
 * mostly its count of commands — a Raider fight is long because Raiders are hard to put down.
 */
function shapeOfFights(ruleset: Ruleset, records: unknown[], n: number): string {
  const odds = openingOdds(ruleset, new RecordStore(records as never[]))
  const counts = new Map<string, number>()
  let rounds = 0
  class Counted extends SimTable {
    override run<T extends CommandType>(type: T, payload: CommandPayload<T>) {
      const done = super.run(type, payload)
      const what = type === 'action/perform' ? `${type} ${(payload as { request: { action: string } }).request.action}` : type
      const key = done.ok ? what : `${what} (refused)`
      counts.set(key, (counts.get(key) ?? 0) + 1)
      return done
    }
  }
  for (let f = 0; f < n; f++) rounds += playFight(new Counted(records, ruleset, seededSource(`shape:${f}`)), odds, { roundCap: 30 }).rounds
  const parts = [...counts].sort((a, b) => b[1] - a[1]).map(([k, c]) => `${k} ${(c / n).toFixed(1)}`)
  return `${(rounds / n).toFixed(1)} rounds/fight; per fight: ${parts.join(', ')}`
}

const blocks = Number(process.argv[2] ?? 6)
const perBlock = Number(process.argv[3] ?? 100)
const only = process.argv[4]
for (const ruleset of (await registry.all()).filter((r) => r.attacks && (r.quickNpcs?.length ?? 0) > 0)) {
  const bench = only === 'bench' && ruleset.id === 'compound-x'
  if (only && ruleset.id !== only && !bench) continue
  const records = recordsOf(ruleset, bench)
  // Warm both paths up first.
  block(ruleset, records, false, 0, 20)
  block(ruleset, records, true, 0, 20)
  const ms = { full: 0, fast: 0 }
  for (let b = 0; b < blocks; b++) {
    for (const fast of b % 2 ? [true, false] : [false, true])
      ms[fast ? 'fast' : 'full'] += block(ruleset, records, fast, 1000 + b * perBlock, perBlock)
  }
  const n = blocks * perBlock
  console.log(
    `${bench ? 'bench fight (4 v 6 CX troopers)' : `${ruleset.id} (4 v 6 ${ruleset.quickNpcs![0]!.name})`}: ${shapeOfFights(ruleset, records, perBlock)}\n  full ${(ms.full / n).toFixed(3)} ms/fight (${((1000 * n) / ms.full).toFixed(0)}/s) · fast ${(ms.fast / n).toFixed(3)} ms/fight (${((1000 * n) / ms.fast).toFixed(0)}/s) · ${(ms.full / ms.fast).toFixed(2)}×`,
  )
}
