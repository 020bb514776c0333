import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { BalanceLineInput, BalanceProgress, BalanceTarget } from '../../src-shared/balance'
import type { RequestInputs, RequestName, RequestResults, ServerMessage } from '../../src-shared/contract'
import type { Result } from '../../src-shared/result'
import { spawnProcessAt } from '../../src-main/core/autopilot/forecast-runners'
import { SalvoCore } from '../../src-main/core/app/salvo-core'
import { atMost, machineLine, type BenchPart } from './report'
import { runWhenMain } from './run-alone'

/*
 * Issue 35's Balance, timed: from the GM's Run to the search's end (on target, or the closest
 * there is), for three PCs against one, two and three lines of Compound X's ready-made NPCs,
 * through the core's own request and its forecast worker as the desk runs them. Goal: ≤ 10 s.
 */

const WORKER = resolve('out/web/forecast-worker.js')
const SETTLE_GOAL_S = 10
const trooper = {
  stats: { str: 6, per: 8, fort: 6, cha: 5, int: 5, dex: 6, luck: 5 },
  classId: 'soldier',
  speciesId: 'human',
  weapons: [{ kind: 'ranged', itemId: 'anvil-arms-c25', attachmentIds: [], ammo: 25, spareMagazines: 3 }],
  armour: { rigIds: ['medium-chest-rig'], materialId: 'standard-l1-kevlar' },
}

const npc = (name: string, max: number, swaps?: string[]): BalanceLineInput => ({
  source: { kind: 'quickNpc', name },
  count: 1,
  min: 1,
  max,
  ...(swaps ? { swaps } : {}),
})

const CASES: readonly { readonly label: string; readonly target: BalanceTarget; readonly lines: BalanceLineInput[] }[] = [
  { label: 'one line (Raider 1–6), 75 % / 30 %', target: { win: 75, downRisk: 30 }, lines: [npc('Raider', 6)] },
  {
    label: 'two lines (Raider, Sniper + a swap), 75 % / 30 %',
    target: { win: 75, downRisk: 30 },
    lines: [npc('Raider', 4), npc('Sniper', 3, ['Breacher'])],
  },
  { label: 'two lines (Raider, Sniper), 70 % / 70 %', target: { win: 70, downRisk: 70 }, lines: [npc('Raider', 5), npc('Sniper', 3)] },
  {
    label: 'three lines (Raider, Sniper, Gunner), 60 % / 60 %',
    target: { win: 60, downRisk: 60 },
    lines: [npc('Raider', 4), npc('Sniper', 3), npc('Gunner', 2)],
  },
  {
    label: 'three lines (Raider, Sniper, Gunner), 45 % / 90 %',
    target: { win: 45, downRisk: 90 },
    lines: [npc('Raider', 4), npc('Sniper', 3), npc('Gunner', 2)],
  },
]

async function settleTimes(): Promise<BenchPart> {
  if (!existsSync(WORKER)) throw new Error(`${WORKER} is missing: run npm run build first`)
  const dataDir = mkdtempSync(join(tmpdir(), 'salvo-balance-bench-'))
  const core = new SalvoCore({ dataDir, forecastWorker: spawnProcessAt(WORKER) })
  const lines: string[] = [`Balance: time to settle, three Compound X troopers against ready-made NPCs — ${machineLine()}`]
  const goals = []
  try {
    await core.start()
    const messages: ServerMessage[] = []
    const conn = core.connect('gm', (m) => messages.push(m))
    const must = async <N extends RequestName>(name: N, input: RequestInputs[N]): Promise<RequestResults[N]> => {
      const r: Result<RequestResults[N]> = await conn.request(name, input)
      if (!r.ok) throw new Error(`${name}: ${r.error.message}`)
      return r.value
    }
    await must('createCampaign', { name: 'Balance bench', seed: 'balance-bench', rulesetId: 'compound-x' })
    let n = 0
    for (const name of ['Vex', 'Ash', 'Kit'])
      await must('dispatch', {
        type: 'combatant/add',
        payload: { name, side: 'party', kind: 'pc', maxHp: 1, rules: trooper },
        meta: { commandId: `bench-${++n}` },
      } as RequestInputs['dispatch'])
    // The worker starts once; its start is not the search's cost.
    const warm = await must('balanceStart', { target: CASES[0]!.target, lines: CASES[0]!.lines, fights: 40, seed: 'warm' })
    await ended(messages, warm.searchId)
    for (const c of CASES) {
      const began = performance.now()
      const { searchId } = await must('balanceStart', { target: c.target, lines: c.lines, seed: 'bench' })
      const last = await ended(messages, searchId)
      const seconds = (performance.now() - began) / 1000
      const best = last.best === null ? null : last.candidates[last.best]!
      const bestText = best
        ? `${best.lineUp.map((l) => `${l.count} × ${l.name}`).join(', ')}: wins ${Math.round(best.estimate!.win.share * 100)} %, down risk ${Math.round(best.estimate!.downRisk.share * 100)} %`
        : 'none'
      lines.push(
        `  ${c.label}: ${seconds.toFixed(1)} s (goal ≤ ${SETTLE_GOAL_S} s), ${last.state} after ${last.candidates.length} line-ups; closest ${bestText}`,
      )
      for (const cand of last.candidates)
        lines.push(
          `      ${cand.lineUp.map((l) => `${l.count} × ${l.name}`).join(', ')}: ${cand.estimate ? `wins ${Math.round(cand.estimate.win.share * 100)} ± ${Math.round(cand.estimate.win.interval * 100)} %, down risk ${Math.round(cand.estimate.downRisk.share * 100)} ± ${Math.round(cand.estimate.downRisk.interval * 100)} %, ${cand.estimate.fights} fights, ${cand.verdict}` : 'not measured'}`,
        )
      goals.push(atMost(`Balance settles, ${c.label}`, seconds, SETTLE_GOAL_S, ' s'))
    }
  } finally {
    await core.shutdown()
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { lines, rows: [], goals }
}

function ended(messages: readonly ServerMessage[], searchId: string, timeoutMs = 300_000): Promise<BalanceProgress> {
  return new Promise((done, fail) => {
    const began = Date.now()
    const poll = setInterval(() => {
      const last = messages.findLast((m) => m.kind === 'balance' && m.balance.searchId === searchId)
      if (last?.kind === 'balance' && last.balance.state !== 'running') {
        clearInterval(poll)
        done(last.balance)
      } else if (Date.now() - began > timeoutMs) {
        clearInterval(poll)
        fail(new Error(`${searchId} did not end in ${timeoutMs} ms`))
      }
    }, 20)
  })
}

runWhenMain(import.meta.url, 'Balance bench', settleTimes)
export { settleTimes as balanceBench }
