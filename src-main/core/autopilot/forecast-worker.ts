import { parentPort, workerData } from 'node:worker_threads'
import { createRulesetRegistry } from '../../rules/ruleset-registry'
import type { Ruleset } from '../../rules/ruleset'
import { campaignRuleset } from '../engine/campaign-ruleset'
import type { ForecastWorkerData, FromForecastWorker, ToForecastWorker } from './forecast-messages'
import { playForecast } from './forecast-loop'
import { PreviewMemo } from './opening-odds'

/*
 * The forecast's own thread (issue 17): it builds the campaign's ruleset from plain data and plays
 * simulated fights, so the desk's thread never waits on them. One job at a time; a newer start or
 * a cancel makes the running one stop at its next slice.
 */

const port = parentPort
if (!port) throw new Error('The forecast worker must run in a worker thread.')
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
  current = m.jobId
  const key = `${m.rulesetId}\u0000${JSON.stringify(m.rules)}`
  rulesetFor(m.rulesetId, key, (base) => campaignRuleset(base, m.rules))
    .then((ruleset) =>
      playForecast(
        m.jobId,
        m.setup,
        ruleset,
        (progress) => post({ kind: 'progress', progress }),
        () => current === m.jobId,
        memo,
      ),
    )
    .catch((e: unknown) =>
      post({
        kind: 'progress',
        progress: {
          jobId: m.jobId,
          state: 'failed',
          done: 0,
          total: 0,
          variants: [],
          notes: [],
          problem: `The forecast could not start: ${(e as Error).message}`,
          elapsedMs: 0,
        },
      }),
    )
})
