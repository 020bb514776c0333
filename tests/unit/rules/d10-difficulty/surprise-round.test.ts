import { describe, expect, it } from 'vitest'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { d10, sheetInput } from './d10-fixtures'

/** `002 Surprise Round` (D-5, SR-D10-20): Ash's party springs it on Bo; initiative fixed, Ash first. */
async function yard() {
  const h = await CampaignHarness.create('d10-surprise', tempDir(), undefined, d10)
  h.must('campaign/setRulesetSetting', { key: 'initiative', value: 'fixed' })
  for (const [name, side, dex] of [
    ['Ash', 'party', 3],
    ['Bo', 'enemy', 0],
  ] as const)
    h.must('combatant/add', { name, side, kind: 'pc', maxHp: 20, rules: sheetInput({ attributes: { str: 0, dex, con: 0, per: 1 } }) })
  h.must('encounter/start', { name: 'Yard' })
  h.must('encounter/rollInitiative', { surpriseBy: 'party' }, [9, 1])
  const c = (name: string) => h.campaign.store.ofType('combatant').find((x) => x.name === name)!
  const encounter = () => h.campaign.store.ofType('encounter')[0]!
  const boKnife = { attackerId: c('Bo').id, targetId: c('Ash').id, weapon: 1, mode: 'strike', options: {} }
  return { h, c, encounter, boKnife }
}

describe('002 Surprise Round: the surprised side cannot use any actions', () => {
  it('SR-D10-20: the surprised carry Surprised through the surprise round, set by the flow, not by hand', async () => {
    const { c, encounter } = await yard()
    expect(encounter().surprise?.surprisedIds).toEqual([c('Bo').id])
    expect(c('Bo').conditions.map((x) => x.conditionId)).toEqual(['surprised'])
    expect(c('Ash').conditions).toEqual([])
  })

  it('SR-D10-20: a surprised combatant cannot act in the surprise round, not even out of turn', async () => {
    const { h, boKnife } = await yard()
    const r = h.run('attack/resolve', { request: boKnife }, [5, 5, 5, 5, 5])
    expect(r.ok ? '' : r.error.message).toMatch(/surprised/)
  })

  it('SR-CORE-20: after the surprise round the first normal round gives Bo his turn, and Surprised is gone', async () => {
    const { h, c, encounter, boKnife } = await yard()
    h.must('encounter/nextTurn', {}) // Bo's slot in the surprise round passes: round 2, Ash
    expect([encounter().round, encounter().currentCombatantId]).toEqual([2, c('Ash').id])
    expect(c('Bo').conditions).toEqual([])
    h.must('encounter/nextTurn', {})
    expect(encounter().currentCombatantId).toBe(c('Bo').id)
    const r = h.run('attack/resolve', { request: boKnife }, [5, 5, 5, 5, 5])
    expect(r.ok ? '' : r.error.message).not.toMatch(/surprised/)
  })
})
