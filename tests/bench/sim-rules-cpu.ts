import { resolve } from 'node:path'
import { playFight } from '../../src-main/core/autopilot/fight-runner'
import { openingOdds } from '../../src-main/core/autopilot/opening-odds'
import { SimTable } from '../../src-main/core/autopilot/sim-table'
import { seededSource } from '../../src-main/core/dice/random-source'
import { RecordStore } from '../../src-main/core/state/record-store'
import { createRulesetRegistry } from '../../src-main/rules/ruleset-registry'
import { benchFightRecords, quickNpcFight } from './forecast-fights'

/*
 * Issue 35: where a simulated fight's CPU time goes, per ruleset (4 v 6 of its first ready-made
 * NPC, the fast path, as `sim-cpu.ts` plays it): commands per fight by type and outcome, the CPU
 * time each kind took, and how much of the attacks' time the ruleset's own resolve took.
 * `npx tsx tests/bench/sim-rules-cpu.ts <ruleset id> [fights] [plain]`.
 */

const registry = createRulesetRegistry(resolve('resources'))
const id = process.argv[2] ?? 'd20-two-action'
const n = Number(process.argv[3] ?? 300)
const ruleset = (await registry.all()).find((r) => r.id === id)
if (!ruleset?.attacks || !ruleset.quickNpcs?.length) throw new Error(`No ruleset "${id}" with attacks and ready-made NPCs.`)

const cpu = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}
const records = benchFightRecords(ruleset, quickNpcFight(ruleset)!)
const odds = openingOdds(ruleset, new RecordStore(records as never[]))
const counts = new Map<string, number>()
const times = new Map<string, number>()
// `plain`: no timers round the commands (for `--cpu-prof`).
const plain = process.argv[4] === 'plain'
const run0 = SimTable.prototype.run
if (!plain)
  SimTable.prototype.run = function (this: SimTable, type: string, payload: unknown) {
    const t0 = cpu()
    const r = run0.call(this, type as never, payload as never)
    const k = `${type} ${r.ok ? 'accepted' : 'refused'}`
    counts.set(k, (counts.get(k) ?? 0) + 1)
    times.set(k, (times.get(k) ?? 0) + cpu() - t0)
    return r
  } as never
const attacks = ruleset.attacks
const resolve0 = attacks.resolve
const inResolve = { all: 0, refused: 0 }
if (!plain)
  (attacks as { resolve: typeof resolve0 }).resolve = (...args) => {
    const t0 = cpu()
    const r = resolve0.apply(attacks, args)
    const dt = cpu() - t0
    inResolve.all += dt
    if (!r.ok) inResolve.refused += dt
    return r
  }
let rounds = 0
const t0 = cpu()
for (let f = 0; f < n; f++) {
  const table = new SimTable(records, ruleset, seededSource(`bench:${f}`), { fast: true })
  rounds += playFight(table, odds, { roundCap: 30 }).rounds
}
const per = (ms: number) => (ms / n).toFixed(3)
console.log(`${id}: ${per(cpu() - t0)} ms/fight CPU (timers included), ${(rounds / n).toFixed(1)} rounds/fight`)
console.log(`  the ruleset's attack resolve: ${per(inResolve.all)} ms/fight, refused ones ${per(inResolve.refused)}`)
for (const [k, v] of [...counts].sort((a, b) => b[1] - a[1]))
  console.log(`  ${k}: ${(v / n).toFixed(1)}/fight, ${per(times.get(k) ?? 0)} ms/fight`)
