import { describe, expect, it } from 'vitest'
import type { Ruleset } from '../../../src-main/rules/ruleset'
import type { JsonValue } from '../../../src-shared/json'
import { CampaignHarness } from '../helpers/campaign-harness'
import { tempDir } from '../helpers/temp-dir'
import { cx, trooper } from '../rules/compound-x/cx-harness'
import { d10, sheetInput } from '../rules/d10-difficulty/d10-fixtures'
import { d20, sheet as d20Sheet } from '../rules/d20-two-action/d20-fixtures'
import { sheet as twod6Sheet, twod6 } from '../rules/2d6-significant/harness'

/*
 * Issue 14 (E2): a token dragged on its mover's turn pays what the ruleset prices the move at —
 * CX actions (000 Movement), d10 speed points (D3), d20 actions (003 Moving), 2d6 minor actions
 * (004 Movement, T3) — and the GM can waive it in one step, logged.
 */

async function onMap(ruleset: Ruleset, rules: JsonValue) {
  const h = await CampaignHarness.create('moves', tempDir(), undefined, ruleset)
  h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 30, rules })
  h.must('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 30, rules })
  h.must('scene/create', { name: 'Dock' })
  const sceneId = h.campaign.store.ofType('scene')[0]!.id
  const vex = h.combatantId('Vex')
  const raider = h.combatantId('Raider')
  h.must('token/place', { sceneId, combatantId: vex, x: 0, y: 0 })
  h.must('token/place', { sceneId, combatantId: raider, x: 20, y: 20 })
  h.must('encounter/start', { name: 'Fight' })
  h.must('encounter/rollInitiative', {})
  const acting = h.campaign.store.ofType('encounter')[0]!.currentCombatantId!
  const other = acting === vex ? raider : vex
  const record = (id: string) => h.campaign.store.ofType('combatant').find((c) => c.id === id)!
  const token = (id: string) => h.campaign.store.ofType('token').find((t) => t.combatantId === id)!
  const move = (id: `combatant:${string}`, x: number, y: number, free?: boolean) =>
    h.run('token/place', { sceneId, combatantId: id, x, y, ...(free === undefined ? {} : { free }) })
  return { h, acting, other, record, token, move }
}

describe('a drag on the map pays for the move (issue 14, E2)', () => {
  it('000 Movement: a CX drag on its own turn spends its actions, and the log names them', async () => {
    const { h, acting, record, token, move } = await onMap(cx, trooper() as unknown as JsonValue)
    const from = token(acting)
    expect(move(acting, from.x + 2, from.y).ok).toBe(true)
    expect(record(acting).spent['actions']).toBe(1)
    expect(h.campaign.store.ofType('log').at(-1)!.text).toMatch(/moves 2\.0 m \(1 action\)$/)
  })

  it('000 Movement: a drag the turn cannot pay for is refused by name, with a way to place it anyway, and nothing changes', async () => {
    const { h, acting, record, token, move } = await onMap(cx, trooper() as unknown as JsonValue)
    const from = token(acting)
    const logs = h.campaign.store.ofType('log').length
    const r = move(acting, from.x + 30, from.y)
    expect(r.ok ? '' : r.error.code).toBe('move/notEnough')
    expect(r.ok ? '' : r.error.message).toMatch(/cannot move 30\.0 m .*4 actions left.*free move/)
    expect(token(acting)).toEqual(from)
    expect(record(acting).spent['actions'] ?? 0).toBe(0)
    expect(h.campaign.store.ofType('log')).toHaveLength(logs)
  })

  it('the GM waives the cost in one step: the token moves, nothing is spent, and the log says it was waived; undo puts it back', async () => {
    const { h, acting, record, token, move } = await onMap(cx, trooper() as unknown as JsonValue)
    const from = token(acting)
    expect(move(acting, from.x + 30, from.y, true).ok).toBe(true)
    expect(token(acting).x).toBe(from.x + 30)
    expect(record(acting).spent['actions'] ?? 0).toBe(0)
    expect(h.campaign.store.ofType('log').at(-1)!.text).toMatch(/moves 30\.0 m \(.*; free move, waived by the GM\)$/)
    h.must('history/undo', {})
    expect(token(acting)).toEqual(from)
  })

  it('out of its turn the GM is placing the token (a shove, a fall): nothing is spent, and the log says so', async () => {
    const { h, other, record, token, move } = await onMap(cx, trooper() as unknown as JsonValue)
    const from = token(other)
    expect(move(other, from.x + 2, from.y).ok).toBe(true)
    expect(record(other).spent['actions'] ?? 0).toBe(0)
    expect(h.campaign.store.ofType('log').at(-1)!.text).toMatch(/out of turn: nothing spent\)$/)
  })

  it('D3: a d10 drag spends speed points; more than are left is refused', async () => {
    const { acting, record, token, move } = await onMap(d10, sheetInput() as unknown as JsonValue)
    const from = token(acting)
    expect(move(acting, from.x + 3, from.y).ok).toBe(true)
    expect(record(acting).spent['speed']).toBe(3)
    const r = move(acting, from.x + 60, from.y)
    expect(r.ok ? '' : r.error.code).toBe('move/notEnough')
    expect(record(acting).spent['speed']).toBe(3)
  })

  it('003 Moving: a d20 drag spends one action a move', async () => {
    const { acting, record, token, move } = await onMap(d20, d20Sheet() as unknown as JsonValue)
    const from = token(acting)
    expect(move(acting, from.x + 3, from.y).ok).toBe(true)
    expect(record(acting).spent['actions']).toBe(1)
  })

  it('004 Movement, T3: a 2d6 drag spends the minor action, then half the significant one', async () => {
    const { acting, record, token, move } = await onMap(twod6, twod6Sheet() as unknown as JsonValue)
    const from = token(acting)
    expect(move(acting, from.x + 5, from.y).ok).toBe(true)
    expect(record(acting).spent).toMatchObject({ minor: 1 })
    expect(move(acting, from.x + 10, from.y).ok).toBe(true)
    expect(record(acting).spent).toMatchObject({ minor: 1, significant: 1 })
  })
})
