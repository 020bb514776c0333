import { createRulesetRegistry } from '../../rules/ruleset-registry'
import type { Ruleset } from '../../rules/ruleset'
import { campaignRuleset } from '../engine/campaign-ruleset'
import { failedPart, type FromForecastWorker } from './forecast-messages'
import { runnerPort } from './forecast-port'
import { playForecast } from './forecast-loop'
import { PreviewMemo } from './opening-odds'

/*
 * A forecast runner (issue 17; one of a pool since issue 35, a thread or a process): it builds the campaign's ruleset from
 * plain data and plays its share of the simulated fights, so the desk's thread never waits on
 * them. One job at a time; a newer start or a cancel makes the running one stop at its next slice.
 */

const port = runnerPort()

/**
 * On 2 vCPUs that may share one physical core, a lower priority is not enough: a busy sibling
 * slows the desk's thread whatever its priority. So while the desk handles a GM command (and the
 * pages paint it) the forecast sleeps, looking again before every simulated act. A process hears
 * of a busy spell only between slices, which are short for that reason (forecast-loop.ts).
 */
const sleeper = new Int32Array(new SharedArrayBuffer(4))
function stepAside(): void {
  for (let wait = port.busyUntil() - Date.now(); wait > 0; wait = port.busyUntil() - Date.now())
    Atomics.wait(sleeper, 0, 0, Math.min(wait, 50))
}

const registry = createRulesetRegistry(port.resourcesDir)
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

const post = (m: FromForecastWorker) => port.post(m)

port.onMessage((m) => {
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
