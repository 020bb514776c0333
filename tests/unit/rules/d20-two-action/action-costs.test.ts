import { describe, expect, it } from 'vitest'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { d20, sheet } from './d20-fixtures'

/**
 * `003` Combat Actions and Taking Action price each act in Actions; the act is the price (the
 * move a Jump makes is the GM's drag). Through the core, on a campaign on disk: each act takes
 * what its row says from the actor's Two Actions, and one that needs more than is left is refused.
 */
async function fight() {
  const h = await CampaignHarness.create('d20-costs', tempDir(), undefined, d20)
  h.must('combatant/add', { name: 'Ana', side: 'party', kind: 'pc', maxHp: 30, rules: sheet() })
  h.must('combatant/add', { name: 'Bo', side: 'enemy', kind: 'npc', maxHp: 30, rules: sheet({}, { dex: 0 }) })
  h.must('encounter/start', {})
  h.must('encounter/rollInitiative', {}, [10, 10])
  return h
}

const act = (h: CampaignHarness, action: string, options: Record<string, string | number | boolean> = {}) =>
  h.run('action/perform', { request: { actorId: h.combatantId('Ana'), action, targetId: null, options } })
const ana = (h: CampaignHarness) => h.campaign.store.ofType('combatant').find((c) => c.name === 'Ana')!
const actionsSpent = (h: CampaignHarness) => ana(h).spent['actions'] ?? 0

describe('003 Combat Actions: what each act costs, through the core', () => {
  it.each([
    ['003 Combat Actions "Jump: One Action"', 'jump', 1],
    ['003 Combat Actions "Recover Item: One Action"', 'recover-item', 1],
    ['003 Taking Action "Items take One or Two Actions": a quick item takes One', 'use-item', 1],
    ['003 Taking Action "Items take One or Two Actions": a slow item takes Two', 'use-item-long', 2],
    ['003 Combat Actions "Unjam Weapon: Two Actions"', 'unjam', 2],
  ])('%s', async (_name, action, cost) => {
    const h = await fight()
    expect(act(h, action).ok).toBe(true)
    expect(actionsSpent(h)).toBe(cost)
    expect(h.campaign.store.ofType('log').at(-1)!.text).toMatch(new RegExp(`^Ana `))
  })

  it('003 Combat Actions "Stand: One Action by default": standing up takes One and ends Prone; lying down was free', async () => {
    const h = await fight()
    expect(act(h, 'drop-prone').ok).toBe(true)
    expect(actionsSpent(h)).toBe(0)
    expect(ana(h).conditions.some((c) => c.conditionId === 'prone')).toBe(true)
    expect(act(h, 'stand').ok).toBe(true)
    expect(actionsSpent(h)).toBe(1)
    expect(ana(h).conditions.some((c) => c.conditionId === 'prone')).toBe(false)
  })

  it('003 Combat Actions "Attribute Test: One Action": d20 + the attribute, and One Action spent', async () => {
    const h = await fight()
    const r = h.run(
      'action/perform',
      { request: { actorId: h.combatantId('Ana'), action: 'attribute-test', targetId: null, options: { check: 'dex', dc: 12 } } },
      [9],
    )
    expect(r.ok).toBe(true)
    expect(actionsSpent(h)).toBe(1)
    expect(h.campaign.store.ofType('log').at(-1)!.text).toMatch(/Dexterity/)
  })

  it('003 Taking Action: an act that needs Two Actions is refused with One left, and nothing is spent', async () => {
    const h = await fight()
    expect(act(h, 'jump').ok).toBe(true)
    const r = act(h, 'unjam')
    expect(r.ok).toBe(false)
    expect(actionsSpent(h)).toBe(1)
  })
})
