import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { expect, it } from 'vitest'
import type { BalanceProgress } from '../../../src-shared/balance'
import type { RequestInputs } from '../../../src-shared/contract'
import { spawnWorkerAt } from '../../../src-main/core/autopilot/forecast-runners'
import { attachWindow, coresForTests } from '../helpers/core-window'
import { trooper } from '../rules/compound-x/cx-harness'

/**
 * Issue 35's Balance through the core as a window sees it, with the built forecast worker
 * (`out/web/forecast-worker.js`): each candidate's forecast streamed to the window that asked and
 * to no other, the campaign folder byte for byte as it was, bad input refused by name, a cancel heard.
 */

const WORKER = resolve('out/web/forecast-worker.js')
const startCore = coresForTests()

async function cxParty(sheets = true) {
  if (!existsSync(WORKER)) throw new Error(`${WORKER} is missing: run npm run build first`)
  // Compaction runs soon after the last command, so the folder is settled before a test reads its bytes.
  const { core, gm, dataDir } = await startCore({ forecastWorker: spawnWorkerAt(WORKER), idleCompactMs: 50 })
  await gm.must('createCampaign', { name: 'Balance', seed: 'balance', rulesetId: 'compound-x' })
  for (const name of ['Vex', 'Ash', 'Kit'])
    await gm.command('combatant/add', { name, side: 'party', kind: 'pc', maxHp: 1, ...(sheets ? { rules: trooper() } : {}) })
  await new Promise((r) => setTimeout(r, 400))
  return { core, gm, dataDir, table: attachWindow(core, 'player') }
}

/** Every file under the data folder with its bytes, to compare before and after. */
function folderBytes(dir: string): Map<string, string> {
  const out = new Map<string, string>()
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name)
      if (statSync(p).isDirectory()) walk(p)
      else out.set(p, readFileSync(p).toString('base64'))
    }
  }
  walk(dir)
  return out
}

/** The balance messages of one search, until it ends. */
function searchOf(gm: ReturnType<typeof attachWindow>, searchId: string, timeoutMs = 90_000): Promise<BalanceProgress[]> {
  return new Promise((done, fail) => {
    const began = Date.now()
    const poll = setInterval(() => {
      const mine = gm.messages.flatMap((m) => (m.kind === 'balance' && m.balance.searchId === searchId ? [m.balance] : []))
      if (mine.some((p) => p.state !== 'running')) {
        clearInterval(poll)
        done(mine)
      } else if (Date.now() - began > timeoutMs) {
        clearInterval(poll)
        fail(new Error(`no end to ${searchId} in ${timeoutMs} ms`))
      }
    }, 20)
  })
}

const twoLines = (over: Partial<RequestInputs['balanceStart']> = {}): RequestInputs['balanceStart'] => ({
  target: { win: 75, downRisk: 30 },
  lines: [
    { source: { kind: 'quickNpc', name: 'Raider' }, count: 1, min: 1, max: 4 },
    { source: { kind: 'quickNpc', name: 'Sniper' }, count: 1, min: 1, max: 3, swaps: ['Breacher'] },
  ],
  fights: 80,
  seed: 'balance',
  ...over,
})

it('forecasts candidate line-ups for three PCs against two NPC lines, to the asking window only, changing nothing', async () => {
  const { gm, table, dataDir } = await cxParty()
  const before = await gm.must('snapshot', undefined)
  const bytes = folderBytes(dataDir)
  const tableSaw = table.messages.length
  const { searchId } = await gm.must('balanceStart', twoLines())
  const progress = await searchOf(gm, searchId)
  const last = progress.at(-1)!
  expect(['settled', 'exhausted']).toContain(last.state)
  expect(last.message).toBeTruthy()
  // Streamed as it went: the first candidate shown before the last, estimates refining.
  expect(progress.length).toBeGreaterThan(2)
  expect(last.candidates.length).toBeGreaterThanOrEqual(1)
  expect(last.candidates[0]!.lineUp.map((l) => [l.name, l.count])).toEqual([
    ['Raider', 1],
    ['Sniper', 1],
  ])
  for (const c of last.candidates) {
    expect(c.estimate!.fights).toBeGreaterThan(0)
    expect(c.estimate!.win.share).toBeGreaterThanOrEqual(0)
    expect(c.lineUp.reduce((n, l) => n + l.count, 0)).toBeGreaterThanOrEqual(2)
  }
  // Each candidate is its own line-up, and the best is the closest measured.
  const keys = last.candidates.map((c) => JSON.stringify(c.lineUp))
  expect(new Set(keys).size).toBe(keys.length)
  const best = last.candidates[last.best!]!
  for (const c of last.candidates) if (c.verdict !== 'on' && best.verdict !== 'on') expect(best.score!).toBeLessThanOrEqual(c.score!)
  if (last.state === 'settled') expect(best.verdict).toBe('on')
  // Nothing changed: the same records and version, the folder byte for byte, the table told nothing.
  expect(await gm.must('snapshot', undefined)).toEqual(before)
  expect(folderBytes(dataDir)).toEqual(bytes)
  expect(table.messages.slice(tableSaw)).toEqual([])
  // The GM adds the chosen line-up: one command, one undo step that takes it back.
  await gm.command('squad/add', {
    entries: best.lineUp.map((l) => ({ ...l.source, count: l.count })),
    side: 'enemy',
    hidden: false,
    oneInitiativeRoll: false,
  })
  const enemies = async () =>
    (await gm.must('snapshot', undefined)).records.filter((r) => r.typeName === 'combatant' && r.side === 'enemy').length
  expect(await enemies()).toBe(best.lineUp.reduce((n, l) => n + l.count, 0))
  await gm.command('history/undo', {})
  expect(await enemies()).toBe(0)
}, 180_000)

it('settles when a line-up’s whole interval is on target, stopping there', async () => {
  const { gm } = await cxParty()
  const lines: RequestInputs['balanceStart']['lines'] = [
    { source: { kind: 'quickNpc', name: 'Raider' }, count: 1, min: 1, max: 6 },
    { source: { kind: 'quickNpc', name: 'Sniper' }, count: 1, min: 1, max: 3 },
  ]
  const { searchId } = await gm.must('balanceStart', twoLines({ target: { win: 70, downRisk: 70 }, lines, fights: 300, seed: 'settle' }))
  const last = (await searchOf(gm, searchId)).at(-1)!
  expect(last.state).toBe('settled')
  const best = last.candidates[last.best!]!
  expect(best).toMatchObject({ verdict: 'on', done: true })
  // On target means the whole 95% interval inside 60–80 % and under the 70 % down risk.
  const { win, downRisk } = best.estimate!
  expect(win.share - win.interval).toBeGreaterThanOrEqual(0.6)
  expect(win.share + win.interval).toBeLessThanOrEqual(0.8)
  expect(downRisk.share + downRisk.interval).toBeLessThanOrEqual(0.7)
  // It stopped at the first one on target: the last tried.
  expect(last.best).toBe(last.candidates.length - 1)
  expect(last.message).toMatch(/^On target: /)
}, 180_000)

it('refuses bad input by name, with nothing changed and nothing streamed', async () => {
  const { gm, dataDir } = await cxParty()
  const before = await gm.must('snapshot', undefined)
  const bytes = folderBytes(dataDir)
  const refused = async (input: RequestInputs['balanceStart']) => {
    const r = await gm.request('balanceStart', input)
    if (r.ok) throw new Error('a bad balance search was started')
    return r.error
  }
  for (const win of [0, 100, 120, -5])
    expect(await refused(twoLines({ target: { win, downRisk: 30 } }))).toMatchObject({
      code: 'request/invalid',
      message: expect.stringMatching(/target\.win must be between 1 and 99 %/),
    })
  expect(await refused(twoLines({ target: { win: 75, downRisk: 100 } }))).toMatchObject({
    message: expect.stringMatching(/target\.downRisk must be between 1 and 99 %/),
  })
  expect(await refused(twoLines({ lines: [] }))).toMatchObject({
    message: expect.stringMatching(/lines is empty: add at least one enemy line/),
  })
  expect(await refused(twoLines({ lines: [{ source: { kind: 'quickNpc', name: 'Dragon' }, count: 1, min: 1, max: 2 }] }))).toMatchObject({
    code: 'balance/source',
    message: expect.stringMatching(/Line 1: the .* ruleset has no ready-made NPC named “Dragon”/),
  })
  expect(await refused(twoLines({ lines: [{ source: { kind: 'quickNpc', name: 'Raider' }, count: 5, min: 1, max: 3 }] }))).toMatchObject({
    code: 'balance/range',
  })
  const sixty: RequestInputs['balanceStart']['lines'] = [
    { source: { kind: 'quickNpc', name: 'Raider' }, count: 30, min: 1, max: 40 },
    { source: { kind: 'quickNpc', name: 'Sniper' }, count: 30, min: 1, max: 40 },
  ]
  expect(await refused(twoLines({ lines: sixty }))).toMatchObject({
    code: 'balance/size',
    message: expect.stringMatching(/The squad as it stands is 60 combatants/),
  })
  expect(await gm.must('snapshot', undefined)).toEqual(before)
  expect(folderBytes(dataDir)).toEqual(bytes)
  expect(gm.messages.some((m) => m.kind === 'balance')).toBe(false)
}, 60_000)

it('refuses a party with no sheets, and a campaign with no party, by name', async () => {
  const { gm } = await cxParty(false)
  const r = await gm.request('balanceStart', twoLines())
  expect(r.ok || r.error).toMatchObject({
    code: 'balance/sheets',
    message: expect.stringMatching(/The party has no sheets \(Vex, Ash, Kit\)/),
  })
  for (const c of (await gm.must('snapshot', undefined)).records)
    if (c.typeName === 'combatant') await gm.command('combatant/remove', { combatantId: c.id })
  const none = await gm.request('balanceStart', twoLines())
  expect(none.ok || none.error).toMatchObject({ code: 'balance/party' })
  expect(gm.messages.some((m) => m.kind === 'balance')).toBe(false)
}, 60_000)

it('stops when the GM cancels midway, saying so, and when the GM starts a forecast of their own', async () => {
  const { gm, dataDir, table } = await cxParty()
  const bytes = folderBytes(dataDir)
  const { searchId } = await gm.must('balanceStart', twoLines({ fights: 2_000, seed: 'long' }))
  while (!gm.messages.some((m) => m.kind === 'balance' && m.balance.candidates[0]?.estimate)) await new Promise((r) => setTimeout(r, 20))
  expect(await gm.must('balanceCancel', { searchId })).toEqual({ cancelled: true })
  const ended = (await searchOf(gm, searchId)).at(-1)!
  expect(ended).toMatchObject({ state: 'cancelled', message: expect.stringMatching(/^Cancelled: nothing was added/) })
  // Heard once: nothing more about it after its end, and a second cancel finds nothing running.
  await new Promise((r) => setTimeout(r, 400))
  const after = gm.messages.flatMap((m) => (m.kind === 'balance' && m.balance.searchId === searchId ? [m.balance] : []))
  expect(after.at(-1)).toMatchObject({ state: 'cancelled' })
  expect(await gm.must('balanceCancel', { searchId })).toEqual({ cancelled: false })

  expect(folderBytes(dataDir)).toEqual(bytes)

  // A forecast of the GM's own takes the simulator; one the core refuses does not stop the search.
  const second = await gm.must('balanceStart', twoLines({ fights: 2_000, seed: 'again' }))
  expect(await gm.request('forecastStart', { fights: 10 })).toMatchObject({ ok: false, error: { code: 'forecast/sides' } })
  await gm.command('combatant/add', { name: 'Lone Raider', side: 'enemy', kind: 'npc', maxHp: 1, rules: trooper() })
  await gm.must('forecastStart', { fights: 10, seed: 'mine' })
  const taken = (await searchOf(gm, second.searchId)).at(-1)!
  expect(taken).toMatchObject({ state: 'cancelled', message: expect.stringMatching(/A forecast the GM started took over/) })
  expect(taken.candidates.length).toBeGreaterThanOrEqual(1)
  expect(table.messages.some((m) => m.kind === 'balance' || m.kind === 'forecast')).toBe(false)
}, 120_000)

it('stops when the GM opens another campaign mid-search', async () => {
  const { gm } = await cxParty()
  const { searchId } = await gm.must('balanceStart', twoLines({ fights: 2_000, seed: 'switch' }))
  await gm.must('createCampaign', { name: 'Elsewhere', seed: 'elsewhere', rulesetId: 'compound-x' })
  const ended = (await searchOf(gm, searchId)).at(-1)!
  expect(ended).toMatchObject({ state: 'cancelled', message: expect.stringMatching(/no longer open/) })
}, 60_000)

it('refuses the table window', async () => {
  const { table } = await cxParty()
  const r = await table.request('balanceStart', twoLines())
  expect(r.ok || r.error.code).toBe('request/forbidden')
})
