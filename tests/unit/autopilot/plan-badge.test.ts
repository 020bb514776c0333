import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect, it } from 'vitest'
import { spawnWorkerAt } from '../../../src-main/core/autopilot/forecast-runners'
import { planSchema } from '../../../src-main/core/persistence/combatant-schemas'
import { PLAN_BADGE } from '../../../src-shared/limits'
import { badgeText, partyFingerprint as stampOf, sheetOfView, type PartySheet } from '../../../src-shared/plan-badge'
import type { PlanRecord } from '../../../src-shared/records'
import type { CombatantView } from '../../../src-shared/views'
import { attachWindow, coresForTests } from '../helpers/core-window'
import { trooper } from '../rules/compound-x/cx-harness'

/**
 * Issue 35: a saved encounter's difficulty badge through the core, with the built forecast worker
 * (`out/web/forecast-worker.js`): forecast in the background after the save, stored with the
 * plan as a change that is not an undo step, stale when a party sheet changes, never sent to the table.
 */

const partyFingerprint = (members: readonly (CombatantView | PartySheet)[]) =>
  stampOf(members.map((m) => ('numbers' in m ? sheetOfView(m) : m)))

const WORKER = resolve('out/web/forecast-worker.js')
const startCore = coresForTests()

async function savedAmbush() {
  if (!existsSync(WORKER)) throw new Error(`${WORKER} is missing: run npm run build first`)
  const { core, gm } = await startCore({ forecastWorker: spawnWorkerAt(WORKER), idleCompactMs: 50 })
  const table = attachWindow(core, 'player')
  await gm.must('createCampaign', { name: 'Badges', seed: 'badges', rulesetId: 'compound-x' })
  for (const name of ['Vex', 'Ash', 'Kit'])
    await gm.command('combatant/add', { name, side: 'party', kind: 'pc', maxHp: 1, rules: trooper() })
  await gm.command('squad/add', { entries: [{ kind: 'quickNpc', name: 'Raider', count: 2 }], side: 'enemy', saveAs: 'Ambush' })
  return { core, gm, table }
}

async function records(gm: ReturnType<typeof attachWindow>) {
  const snap = await gm.must('snapshot', undefined)
  const plans = snap.records.filter((r): r is PlanRecord => r.typeName === 'plan')
  const party = snap.records.filter((r): r is CombatantView => r.typeName === 'combatant' && r.side === 'party')
  return { plans, party }
}

async function badgeOf(gm: ReturnType<typeof attachWindow>, timeoutMs = 90_000): Promise<PlanRecord> {
  const began = Date.now()
  for (;;) {
    const plan = (await records(gm)).plans[0]
    if (plan?.badge) return plan
    if (Date.now() - began > timeoutMs) throw new Error('no badge arrived')
    await new Promise((r) => setTimeout(r, 50))
  }
}

it('forecasts a saved encounter in the background once saved and stores its badge, not as an undo step, the table hearing nothing', async () => {
  const { gm, table } = await savedAmbush()
  const [plan] = (await records(gm)).plans
  const undoBefore = gm.sessions().at(-1)?.undoLabel
  expect(undoBefore).toBeTruthy()
  const tableSaw = table.messages.length
  // No request: saving the encounter (here, a squad saved as one) starts its forecast.
  const badged = await badgeOf(gm)
  const { party } = await records(gm)
  const b = badged.badge!
  expect(b.fights).toBe(PLAN_BADGE.fights)
  expect(b.win).toBeGreaterThanOrEqual(0)
  expect(b.win).toBeLessThanOrEqual(1)
  expect(b.down).toBeGreaterThanOrEqual(0)
  expect(b.winInterval).toBeGreaterThan(0)
  expect(b.party).toBe(partyFingerprint(party))
  expect(badgeText(b)).toMatch(/^wins \d+ % · down \d+ %$/)
  // The line-up was not touched by the forecast.
  expect(badged.entries).toEqual(plan!.entries)
  // Ctrl+Z after the badge still undoes the save, not the badge.
  expect(gm.sessions().at(-1)?.undoLabel).toBe(undoBefore)
  await gm.command('history/undo', {})
  expect((await records(gm)).plans).toEqual([])
  // The table's frames never mention the plan or its badge.
  const heard = JSON.stringify(table.messages)
  expect(table.messages.length).toBeGreaterThanOrEqual(tableSaw)
  expect(heard).not.toContain(plan!.id)
  expect(heard).not.toContain('"badge"')
  expect(heard).not.toContain('plan:')
}, 120_000)

it('is stale once a party sheet changes: the fingerprint of the party now differs from the stamp', async () => {
  const { gm } = await savedAmbush()
  const [plan] = (await records(gm)).plans
  await gm.must('planBadge', { planId: plan!.id })
  const b = (await badgeOf(gm)).badge!
  const { party } = await records(gm)
  expect(partyFingerprint(party)).toBe(b.party)
  await gm.command('combatant/edit', { combatantId: party[0]!.id, maxHp: 12 })
  const after = await records(gm)
  expect(partyFingerprint(after.party)).not.toBe(b.party)
  // An enemy's change is not the party's: it does not make the badge stale.
  expect(
    partyFingerprint([...party, { id: 'combatant:x', name: 'Foe', side: 'enemy' as const, rules: null, maxHp: 3, initiativeModifier: 0 }]),
  ).toBe(partyFingerprint(party))
}, 120_000)

it('sets a saved encounter’s counts in one undo step, dropping the badge that measured the old ones', async () => {
  const { gm } = await savedAmbush()
  const [plan] = (await records(gm)).plans
  await gm.must('planBadge', { planId: plan!.id })
  await badgeOf(gm)
  await gm.command('plan/counts', { planId: plan!.id, counts: [4] })
  const changed = (await records(gm)).plans[0]!
  expect(changed.entries.map((e) => e.count)).toEqual([4])
  expect(changed.badge ?? null).toBeNull()
  // The new counts get their own badge, in the background.
  const rebadged = await badgeOf(gm)
  expect(rebadged.entries.map((e) => e.count)).toEqual([4])
  await gm.command('history/undo', {})
  const back = (await records(gm)).plans[0]!
  expect(back.entries.map((e) => e.count)).toEqual([2])
  expect(back.badge).not.toBeNull()
  // Wrong numbers of counts, and nobody left, are refused with nothing changed.
  const wrong = await gm.request('dispatch', {
    type: 'plan/counts',
    payload: { planId: plan!.id, counts: [1, 2] },
    meta: { commandId: 'counts-wrong' },
  } as never)
  expect(!wrong.ok && wrong.error.code).toBe('plan/countsMismatch')
  const none = await gm.request('dispatch', {
    type: 'plan/counts',
    payload: { planId: plan!.id, counts: [0] },
    meta: { commandId: 'counts-none' },
  } as never)
  expect(!none.ok && none.error.code).toBe('plan/empty')
  expect((await records(gm)).plans[0]!.entries.map((e) => e.count)).toEqual([2])
}, 120_000)

it('refuses a badge for a saved encounter that is gone, and by the table window', async () => {
  const { gm, table } = await savedAmbush()
  const gone = await gm.request('planBadge', { planId: 'plan:nope' })
  expect(!gone.ok && gone.error.code).toBe('plan/notFound')
  const [plan] = (await records(gm)).plans
  const fromTable = await table.request('planBadge', { planId: plan!.id })
  expect(fromTable.ok).toBe(false)
})

it('loads a saved encounter from before the badge', () => {
  const old = {
    typeName: 'plan',
    id: 'plan:old',
    name: 'Old',
    entries: [{ templateId: 'template:t', count: 2, hidden: false }],
    groupInitiative: false,
  }
  expect(planSchema.safeParse(old).success).toBe(true)
  expect(planSchema.safeParse({ ...old, badge: { win: 2 } }).success).toBe(false)
})
