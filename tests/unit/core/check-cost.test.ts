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
 * Issue 14 (E2): a check rolled at the desk in the roller's own turn is an act and pays what its
 * ruleset prices it at — 000 Actions "Performing a Skill Check … 1 Action", 002 "perform a skill
 * check" as the action, 003 "Use Skill / Attribute Test", 004 "any skill check" as a significant
 * act — and the GM can waive it in one step, logged.
 */

async function inFight(ruleset: Ruleset, rules: JsonValue) {
  const h = await CampaignHarness.create('checks', tempDir(), undefined, ruleset)
  h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 30, rules })
  h.must('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 30, rules })
  h.must('encounter/start', { name: 'Fight' })
  h.must('encounter/rollInitiative', {})
  const acting = h.campaign.store.ofType('encounter')[0]!.currentCombatantId!
  const other = [h.combatantId('Vex'), h.combatantId('Raider')].find((id) => id !== acting)!
  const spent = (id: string) => h.campaign.store.ofType('combatant').find((c) => c.id === id)!.spent
  return { h, acting, other, spent }
}

const cxRules = trooper() as unknown as JsonValue

describe('a check rolled in its own turn pays for it (issue 14, E2)', () => {
  it('000 Actions: a Compound X skill check in its turn costs 1 action, and the log says so', async () => {
    const { h, acting, spent } = await inFight(cx, cxRules)
    h.must('check/roll', { combatantId: acting, check: 'skill:Athletics', dc: 60 }, [70])
    expect(spent(acting)['actions']).toBe(1)
    expect(h.campaign.store.ofType('log').at(-1)!.text).toMatch(/\(1 action\)$/)
  })

  it('SR-CX-7: a save and a PER check cost nothing; out of its turn no check costs anything', async () => {
    const { h, acting, other, spent } = await inFight(cx, cxRules)
    h.must('check/roll', { combatantId: acting, check: 'save:shock', dc: 60 }, [70])
    h.must('check/roll', { combatantId: acting, check: 'stat:per', dc: 60 }, [70])
    expect(spent(acting)['actions'] ?? 0).toBe(0)
    h.must('check/roll', { combatantId: other, check: 'skill:Athletics', dc: 60 }, [70])
    expect(spent(other)['actions'] ?? 0).toBe(0)
  })

  it('a check the turn cannot pay for is refused by name before any die is rolled, and nothing changes', async () => {
    const { h, acting, spent } = await inFight(cx, cxRules)
    h.must('economy/set', { combatantId: acting, pool: 'actions', spent: 4 })
    const logs = h.campaign.store.ofType('log').length
    const r = h.run('check/roll', { combatantId: acting, check: 'skill:Athletics', dc: 60 }, [70])
    expect(r.ok ? '' : r.error.code).toBe('check/notEnough')
    expect(r.ok ? '' : r.error.message).toMatch(/no actions left this turn.*free/)
    expect(h.campaign.store.ofType('log')).toHaveLength(logs)
    expect(spent(acting)['actions']).toBe(4)
  })

  it('the GM waives the cost in one step: the check is rolled, nothing is spent, the log says it was waived', async () => {
    const { h, acting, spent } = await inFight(cx, cxRules)
    h.must('economy/set', { combatantId: acting, pool: 'actions', spent: 4 })
    h.must('check/roll', { combatantId: acting, check: 'skill:Athletics', dc: 60, free: true }, [70])
    expect(spent(acting)['actions']).toBe(4)
    expect(h.campaign.store.ofType('log').at(-1)!.text).toMatch(/\(1 action: waived by the GM\)$/)
  })

  it('002 Actions: a d10 skill check is its action', async () => {
    const { h, acting, spent } = await inFight(d10, sheetInput() as unknown as JsonValue)
    h.must('check/roll', { combatantId: acting, check: 'attr:dex', dc: 5 }, [7])
    expect(spent(acting)['action']).toBe(1)
  })

  it('003 Combat Actions: a d20 attribute test is One Action', async () => {
    const { h, acting, spent } = await inFight(d20, d20Sheet() as unknown as JsonValue)
    h.must('check/roll', { combatantId: acting, check: 'attr:dex', dc: 10 }, [12])
    expect(spent(acting)['actions']).toBe(1)
  })

  it('004 Miscellaneous: a 2d6 skill check is a significant action', async () => {
    const { h, acting, spent } = await inFight(twod6, twod6Sheet() as unknown as JsonValue)
    h.must('check/roll', { combatantId: acting, check: 'skill:Melee', dc: 8 }, [4, 4])
    expect(spent(acting)['significant']).toBe(2)
  })

  it('the check dialog offers the waiver and says what checks cost', async () => {
    const { checkAction } = await import('../../../src-main/core/app/check-action')
    const { h, acting } = await inFight(cx, cxRules)
    const c = h.campaign.store.ofType('combatant').find((x) => x.id === acting)!
    const [entry] = checkAction(cx, { id: c.id, name: c.name, hp: c.hp, maxHp: c.maxHp, rules: c.rules, conditions: [] })
    expect(entry!.cost).toMatch(/skill or stat check costs 1 action/)
    expect(entry!.options.find((o) => o.key === 'free')).toMatchObject({ kind: 'toggle', value: false })
  })
})
