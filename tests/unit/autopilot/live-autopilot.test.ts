import { expect, it } from 'vitest'
import { runNpcTurns, suggestTurn } from '../../../src-main/core/autopilot/live-autopilot'
import { activeEncounter } from '../../../src-main/core/commands/decide-context'
import { cx, trooper } from '../rules/compound-x/cx-harness'
import type { CampaignHarness } from '../helpers/campaign-harness'
import { autopilotCommand, fightingRulesets, liveFight } from './fights'

/** Issue 17: Do it and Run NPC turns on a live Compound X campaign: ordinary commands, marked, undone one at a time. */

const acting = (h: CampaignHarness) => h.campaign.store.get(activeEncounter(h.campaign.store)!.currentCombatantId!)

/** Passes turns (by hand, as the GM would) until an NPC acts. */
function toNpcTurn(h: CampaignHarness): void {
  for (let i = 0; i < 10; i++) {
    const c = acting(h)
    if (c?.typeName === 'combatant' && c.kind === 'npc') return
    h.must('encounter/nextTurn', {})
  }
  throw new Error('no NPC turn came')
}

it('does the suggested attack as an ordinary command whose log lines say it was the autopilot, and one undo takes it back', async () => {
  const h = await liveFight(cx, 2, 2)
  toNpcTurn(h)
  const before = h.campaign.store.ofType('combatant').map((c) => [c.hp, c.rules])
  const s = suggestTurn(h.campaign.store, cx)
  if (!s.ok) throw new Error(s.error.message)
  expect(s.value.command.type).toBe('attack/resolve')
  expect(s.value.odds?.expectedDamage).toBeGreaterThan(0)
  // The chance of any hit at all, read off the ruleset's outcomes (a volley's "0 of 3 hit" is the miss).
  expect(s.value.odds?.hit).toBeGreaterThan(0)
  expect(s.value.reasons.join(' ')).toMatch(/\d+% to hit/)
  const logBefore = h.campaign.store.ofType('log').length
  const done = autopilotCommand(h, s.value.command)
  if (!done.ok) throw new Error(done.error.message)
  const added = h.campaign.store.ofType('log').slice(logBefore)
  expect(added.length).toBeGreaterThan(0)
  expect(added.every((l) => l.autopilot === true)).toBe(true)
  // A GM's own command is not marked.
  h.must('history/undo', {})
  expect(h.campaign.store.ofType('combatant').map((c) => [c.hp, c.rules])).toEqual(before)
  expect(h.campaign.store.ofType('log')).toHaveLength(logBefore)
  h.must('encounter/nextTurn', {})
  expect(h.campaign.store.ofType('log').at(-1)!.autopilot).toBeUndefined()
})

it('plays NPC turns until a player character acts, each act its own command', async () => {
  // Three heroes against one foe: its turn cannot end the fight, so the run must stop at a hero's turn.
  const h = await liveFight(cx, 3, 1)
  toNpcTurn(h)
  const issued: string[] = []
  const run = await runNpcTurns(
    () => ({ state: h.campaign.store, ruleset: h.engine.ruleset }),
    (command) => {
      issued.push(command.type)
      expect(command.meta.autopilot).toBe(true)
      const r = h.engine.execute(command)
      return r.ok ? { ok: true, value: r.value.ack } : r
    },
  )
  expect(run.stopped).toBe('player')
  const now = acting(h)
  expect(now?.typeName === 'combatant' && now.kind).toBe('pc')
  expect(run.message).toContain(`${now?.typeName === 'combatant' ? now.name : ''}'s turn`)
  expect(issued).toContain('encounter/nextTurn')
  expect(issued.length).toBeGreaterThan(1)
  expect(run.acts).toBe(issued.length)
  // Each act is its own undo step: as many undos as acts bring the first NPC's turn back.
  for (let i = 0; i < run.acts; i++) h.must('history/undo', {})
  const back = acting(h)
  expect(back?.typeName === 'combatant' && back.kind).toBe('npc')
})

it('says what is missing instead of guessing: no turn before initiative, and only the acting combatant', async () => {
  const h = await liveFight(cx, 1, 1)
  const someone = h.campaign.store.ofType('combatant').find((c) => c.id !== acting(h)?.id)!
  const wrong = suggestTurn(h.campaign.store, cx, someone.id)
  expect(wrong.ok || wrong.error.code).toBe('autopilot/notTheirTurn')
  h.must('encounter/end', {})
  const none = suggestTurn(h.campaign.store, cx)
  expect(none.ok || none.error.message).toMatch(/Roll initiative first/)
  const run = await runNpcTurns(
    () => ({ state: h.campaign.store, ruleset: cx }),
    () => ({ ok: false, error: { code: 'x', message: 'x' } }),
  )
  expect(run.stopped).toBe('noTurn')
})

it('reloads an empty magazine and clears a jam before trying to shoot (Compound X hints)', async () => {
  const h = await liveFight(cx, 1, 1)
  toNpcTurn(h)
  const npc = acting(h)!
  if (npc.typeName !== 'combatant') throw new Error('no npc')
  const empty = trooper({ weapons: [{ kind: 'ranged', itemId: 'anvil-arms-c25', attachmentIds: [], ammo: 0, spareMagazines: 2 }] })
  h.must('combatant/setRules', { combatantId: npc.id, rules: empty })
  const s = suggestTurn(h.campaign.store, cx)
  if (!s.ok) throw new Error(s.error.message)
  expect(s.value.command.type).toBe('action/perform')
  expect(s.value.label).toMatch(/Reload/)
  expect(s.value.reasons.join(' ')).toMatch(/magazine is empty/)
  const jammed = trooper({
    weapons: [{ kind: 'ranged', itemId: 'anvil-arms-c25', attachmentIds: [], ammo: 10, spareMagazines: 2, jammed: true }],
  })
  h.must('combatant/setRules', { combatantId: npc.id, rules: jammed })
  const j = suggestTurn(h.campaign.store, cx)
  expect(j.ok && j.value.label).toMatch(/Clear a jam/)
})

it('reloads an empty magazine in the 2d6 system too (its own hint)', async () => {
  const twoD6 = (await fightingRulesets()).find((r) => r.id === '2d6-significant')!
  const h = await liveFight(twoD6, 1, 1)
  toNpcTurn(h)
  const npc = acting(h)!
  if (npc.typeName !== 'combatant') throw new Error('no npc')
  const sheet = npc.rules as { weapons: { magazine: number; ammo: number; spareMagazines: number }[] }
  const slot = sheet.weapons.findIndex((w) => w.magazine > 0)
  expect(slot).toBeGreaterThanOrEqual(0)
  const emptied = { ...sheet, weapons: sheet.weapons.map((w, i) => (i === slot ? { ...w, ammo: 0, spareMagazines: 2 } : w)) }
  h.must('combatant/setRules', { combatantId: npc.id, rules: emptied as never })
  const s = suggestTurn(h.campaign.store, twoD6)
  if (!s.ok) throw new Error(s.error.message)
  expect(s.value.reasons.join(' ')).toMatch(/empty and a spare magazine is left/)
  expect(s.value.command).toMatchObject({
    type: 'action/perform',
    payload: { request: { action: 'reload', options: { weapon: String(slot) } } },
  })
})
