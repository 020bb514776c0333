import { readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import { createRulesetRegistry } from '../../rules/ruleset-registry'
import type { Ruleset } from '../../rules/ruleset'
import { campaignRuleset } from '../engine/campaign-ruleset'
import { failedPart, type ForecastWorkerData, type FromForecastWorker, type ToForecastWorker } from './forecast-messages'
import { playForecast } from './forecast-loop'
import { PreviewMemo } from './opening-odds'

/*
 * A forecast thread (issue 17; one of a pool since issue 35): it builds the campaign's ruleset from
 * plain data and plays its share of the simulated fights, so the desk's thread never waits on
 * them. One job at a time; a newer start or a cancel makes the running one stop at its next slice.
 */

const port = parentPort
if (!port) throw new Error('The forecast worker must run in a worker thread.')

/**
 * The forecast gives way to the desk: on a 2-core laptop the busy worker, the desk's thread and
 * the browser pages share the cores, and at equal priority a click waited its turn behind
 * simulated fights. On Linux a thread has a priority of its own, found by its id in
 * /proc/thread-self; elsewhere (no such file) it keeps the process's.
 */
function giveWayToTheDesk(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop())
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 19)
  } catch {
    // Not Linux, or not allowed: the forecast runs at the desk's priority.
  }
}
giveWayToTheDesk()

/**
 * On 2 vCPUs that may share one physical core, a lower priority is not enough: a busy sibling
 * slows the desk's thread whatever its priority. So while the desk handles a GM command (and the
 * pages paint it) the forecast sleeps, looking again before every simulated act.
 */
const busyUntil = (workerData as ForecastWorkerData).deskBusyUntil
const until = busyUntil ? new Float64Array(busyUntil) : null
const sleeper = new Int32Array(new SharedArrayBuffer(4))
function stepAside(): void {
  if (!until) return
  for (let wait = until[0]! - Date.now(); wait > 0; wait = until[0]! - Date.now()) Atomics.wait(sleeper, 0, 0, Math.min(wait, 50))
}

const { resourcesDir } = workerData as ForecastWorkerData
const registry = createRulesetRegistry(resourcesDir)
const built = new Map<string, Ruleset>()
let current: string | null = null
const memo = new PreviewMemo()

async function rulesetFor(id: string, key: string, make: (base: Ruleset) => Ruleset): Promise<Ruleset> {
  const known = built.get(key)
  if (known) return known
  const base = await registry.load(id)
  if (!base) throw new Error(`There is no ruleset "${id}".`)
  const ruleset = make(base)
  built.clear() // one campaign's rules at a time: the GM's items could be large
  built.set(key, ruleset)
  return ruleset
}

const post = (m: FromForecastWorker) => port.postMessage(m)

port.on('message', (m: ToForecastWorker) => {
  if (m.kind === 'cancel') {
    if (current === m.jobId) current = null
    return
  }
  const key = `${m.rulesetId}\u0000${JSON.stringify(m.rules)}`
  const rules = () => rulesetFor(m.rulesetId, key, (base) => campaignRuleset(base, m.rules))
  if (m.kind === 'warm') {
    // A rules problem is the forecast's to report when it meets it; the desk only hears it is done.
    rules().then(
      () => post({ kind: 'warmed', rulesetId: m.rulesetId, problem: null }),
      (e: unknown) => post({ kind: 'warmed', rulesetId: m.rulesetId, problem: (e as Error).message }),
    )
    return
  }
  current = m.jobId
  rules()
    .then((ruleset) =>
      playForecast(
        m.jobId,
        m.setup,
        ruleset,
        (part) => post({ kind: 'part', part }),
        () => current === m.jobId,
        memo,
        stepAside,
      ),
    )
    .catch((e: unknown) => post({ kind: 'part', part: failedPart(m.jobId, `The forecast could not start: ${(e as Error).message}`) }))
})
