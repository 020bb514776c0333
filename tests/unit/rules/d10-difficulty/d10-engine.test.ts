import { describe, expect, it } from 'vitest'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import type { D10Sheet } from '../../../../src-main/rules/d10-difficulty/sheet/d10-sheet'
import { d10, sheetInput } from './d10-fixtures'

/** Two fighters in a real campaign: Ash (DEX +3) always acts before Bo (DEX 0) on the typed faces below. */
async function fight(setting?: 'fixed') {
  const h = await CampaignHarness.create('d10-engine', tempDir(), undefined, d10)
  if (setting) h.must('campaign/setRulesetSetting', { key: 'initiative', value: setting })
  h.must('combatant/add', {
    name: 'Ash',
    side: 'party',
    kind: 'pc',
    maxHp: 20,
    rules: sheetInput({ attributes: { str: 0, dex: 3, con: 0, per: 1 } }),
  })
  h.must('combatant/add', {
    name: 'Bo',
    side: 'enemy',
    kind: 'npc',
    maxHp: 20,
    rules: sheetInput({ attributes: { str: 0, dex: 0, con: 0, per: 1 }, effortMax: 3 }),
  })
  const bo = h.combatantId('Bo')
  h.must('combatant/setSheet', { combatantId: bo, values: { 'live.initiativeEffort': 2 } })
  h.must('encounter/start', { name: 'Yard' })
  h.must('encounter/rollInitiative', {}, [9, 1])
  const c = (name: string) => h.campaign.store.ofType('combatant').find((x) => x.name === name)!
  const knife = { attackerId: h.combatantId('Ash'), targetId: bo, weapon: 1, mode: 'strike', options: {} }
  return { h, c, knife, sheetOf: (name: string) => c(name).rules as unknown as D10Sheet }
}

describe('the d10 rules through the core', () => {
  it('D2: the declared effort adds to the roll and leaves the pool once the encounter starts', async () => {
    const { c, sheetOf } = await fight()
    expect(c('Bo').initiative!.total).toBe(1 + 0 + 2)
    expect(sheetOf('Bo').live).toMatchObject({ effort: 1, initiativeEffort: 0 })
  })

  it('D6 and D3: a dodge before its turn takes the action the turn would have had, off its pips at once', async () => {
    const { h, c, knife } = await fight()
    // Ash's knife: d10 2 + 3 (STR 0, DEX 3, Melee 2) = 5; Bo dodges d10 9 + 3 = 12: no damage.
    h.must('attack/resolve', { request: knife }, [2, 9])
    expect(c('Bo').hp).toBe(20)
    expect(c('Ash').spent).toMatchObject({ action: 1 })
    expect(c('Bo').spent).toMatchObject({ action: 1 })
    h.must('encounter/nextTurn', {})
    expect(c('Bo').spent).toMatchObject({ action: 1 })
    const back = h.run('attack/resolve', { request: { ...knife, attackerId: c('Bo').id, targetId: c('Ash').id } }, [5, 1, 3, 3, 2])
    expect(back.ok ? '' : back.error.message).toMatch(/no action left/)
  })

  it('D2 and D3: each new round rolls initiative again and fills the pools again', async () => {
    const { h, c } = await fight()
    h.must('action/perform', { request: { actorId: c('Ash').id, action: 'move', targetId: null, options: { metres: 3, mode: 'walk' } } })
    expect(c('Ash').spent).toMatchObject({ speed: 3 })
    h.must('encounter/nextTurn', {})
    h.must('encounter/nextTurn', {}, [4, 10])
    expect(h.logText()).toMatch(/rolls initiative for round 2/)
    expect(c('Ash').spent).toMatchObject({ speed: 0, action: 0 })
    expect(h.campaign.store.ofType('encounter')[0]!.currentCombatantId).toBe(c('Bo').id)
  })

  it('D2 option "fixed for the encounter": round 2 keeps round 1’s order and rolls nothing', async () => {
    const { h, c } = await fight('fixed')
    h.must('encounter/nextTurn', {})
    h.must('encounter/nextTurn', {})
    expect(h.logText()).not.toMatch(/for round 2/)
    expect(h.campaign.store.ofType('encounter')[0]!.currentCombatantId).toBe(c('Ash').id)
  })
})
