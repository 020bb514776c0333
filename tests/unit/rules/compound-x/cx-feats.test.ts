import { describe, expect, it } from 'vitest'
import { cxCombatantSchema } from '../../../../src-main/rules/compound-x/sheet/cx-sheet'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { combatant, cx, trooper } from './cx-harness'
import { must, sheet } from './cx-rules'

const FEAT_KEY = 'feat.fight-fiercely-first'

/** Initiative d100s typed in name order (Ash, Bo): both Soldiers (+15); only Ash has the feat. */
async function initiative(ashFeats: string[]) {
  const h = await CampaignHarness.create('feats', tempDir(), undefined, cx)
  h.must('combatant/add', { name: 'Ash', side: 'party', kind: 'pc', maxHp: 1, rules: trooper({ feats: ashFeats, level: 2 }) })
  h.must('combatant/add', { name: 'Bo', side: 'enemy', kind: 'npc', maxHp: 1, rules: trooper() })
  h.must('encounter/start', { name: 'Feats' })
  h.must('encounter/rollInitiative', {}, [40, 45])
  const order = h.campaign.store.ofType('encounter')[0]!
  return { h, first: order.currentCombatantId }
}

describe('CX19: Fight Fiercely First (+10) counts in initiative from the sheet’s feats (SR-CX-13)', () => {
  it('CX19: a Soldier with the feat rolls d100 + 15 + 10 and goes before one without who rolled 5 more', async () => {
    const { h, first } = await initiative(['Fight Fiercely First'])
    expect(first).toBe(h.combatantId('Ash'))
    expect(combatant(h, 'Ash').initiative?.total).toBe(40 + 15 + 10)
    expect(combatant(h, 'Bo').initiative?.total).toBe(45 + 15)
  })

  it('CX19: without the feat the same dice put Bo first', async () => {
    const { h, first } = await initiative([])
    expect(first).toBe(h.combatantId('Bo'))
    expect(combatant(h, 'Ash').initiative?.total).toBe(40 + 15)
  })

  it('CX19: the feat name is matched however it is capitalised; other feats add nothing', async () => {
    const { h } = await initiative(['fight fiercely first', 'Lucky'])
    expect(combatant(h, 'Ash').initiative?.total).toBe(40 + 15 + 10)
  })

  it('the feats list is bounded and sheets stored before it read as no feats', () => {
    expect(cxCombatantSchema.safeParse(trooper({ feats: Array.from({ length: 31 }, (_, i) => `Feat ${i}`) })).success).toBe(false)
    expect(cxCombatantSchema.safeParse(trooper({ feats: [''] })).success).toBe(false)
    const old = cxCombatantSchema.safeParse(trooper())
    expect(old.success && old.data.feats).toEqual([])
  })

  it('the sheet form toggles the feat on and off and keeps the feats it does not offer', async () => {
    const h = await CampaignHarness.create('feat-form', tempDir(), undefined, cx)
    h.must('combatant/add', { name: 'Ash', side: 'party', kind: 'pc', maxHp: 1, rules: trooper({ feats: ['Lucky'], level: 2 }) })
    const form = cx.combatantRules!.form(combatant(h, 'Ash').rules)
    expect(form.find((f) => f.key === FEAT_KEY)).toMatchObject({ kind: 'toggle', value: false })
    h.must('combatant/setSheet', { combatantId: h.combatantId('Ash'), values: { [FEAT_KEY]: true } })
    expect((combatant(h, 'Ash').rules as { feats: string[] }).feats).toEqual(['Lucky', 'Fight Fiercely First'])
    expect(cx.combatantRules!.form(combatant(h, 'Ash').rules).find((f) => f.key === FEAT_KEY)?.value).toBe(true)
    h.must('combatant/setSheet', { combatantId: h.combatantId('Ash'), values: { [FEAT_KEY]: false } })
    expect((combatant(h, 'Ash').rules as { feats: string[] }).feats).toEqual(['Lucky'])
  })

  it('the card lists the feats when there are any', () => {
    const card = (feats: string[]) => cx.combatantRules!.card(must(cx.combatantRules!.parse(sheet({ feats, level: 2 }))).data)
    expect(card(['Fight Fiercely First']).find((s) => s.title === 'Feats')?.lines[0]?.label).toBe('Fight Fiercely First')
    expect(card([]).find((s) => s.title === 'Feats')?.lines[0]).toMatchObject({ label: 'none bought', value: '0/2 feats at level 2' })
  })
})
