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

describe('003 Moving: "Diagonal movement is allowed"', () => {
  it('003 Moving diagonal: a drag across the squares on its own turn is taken, priced by its length like a straight one', async () => {
    const h = await fight()
    h.must('scene/create', { name: 'Yard', grid: { kind: 'square', cellPx: 50, metresPerCell: 1.5, offsetX: 0, offsetY: 0 } })
    const yard = h.campaign.store.ofType('scene')[0]!.id
    for (const [name, x] of [
      ['Ana', 3],
      ['Bo', 30],
    ] as const)
      h.must('token/place', { sceneId: yard, combatantId: h.combatantId(name), x, y: 3 })
    // Three squares on the diagonal: 6.36 m, within a move of 9 m (One Action); a straight 6.36 m costs the same.
    h.must('token/place', { sceneId: yard, combatantId: h.combatantId('Ana'), x: 3 + 4.5, y: 3 + 4.5 })
    expect(actionsSpent(h)).toBe(1)
    expect(h.campaign.store.ofType('log').at(-1)!.text).toMatch(/^Ana moves 6\.4 m \(1 action/)
    h.must('token/place', { sceneId: yard, combatantId: h.combatantId('Ana'), x: 7.5 + 6.36, y: 7.5 })
    expect(actionsSpent(h)).toBe(2)
  })
})
