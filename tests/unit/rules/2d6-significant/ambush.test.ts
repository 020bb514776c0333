import { describe, expect, it } from 'vitest'
import type { CombatantRecord } from '../../../../src-shared/records'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { sheet, twod6 } from './harness'

/**
 * `004` Combat: "If it is a surprise attack, the ambushers are assumed to roll a 12" (T2). The 2d6
 * system has no surprise round: the ambush is the sheet's ambusher flag on the roll (issue 14 E5).
 */
describe('004 Combat: ambushers count 12, and no surprise round (T2)', () => {
  async function fight() {
    const h = await CampaignHarness.create('2d6-ambush', tempDir(), undefined, twod6)
    h.must('combatant/add', { name: 'Ana', side: 'party', kind: 'pc', maxHp: 21, rules: sheet() })
    h.must('combatant/add', { name: 'Bo', side: 'enemy', kind: 'pc', maxHp: 21, rules: sheet({ ambusher: true }) })
    h.must('encounter/start', {})
    return h
  }

  it('T2: the ambusher goes first on its 12 through the ordinary roll', async () => {
    const h = await fight()
    h.must('encounter/rollInitiative', {}, [6, 5])
    const bo = h.campaign.store.get(h.combatantId('Bo')) as CombatantRecord
    expect(bo.initiative!.total).toBe(12)
    expect(h.campaign.store.ofType('encounter')[0]!.currentCombatantId).toBe(h.combatantId('Bo'))
  })

  it('T2: a surprise round is refused by name, nothing rolled', async () => {
    const h = await fight()
    const r = h.run('encounter/rollInitiative', { surpriseBy: 'enemy' }, [6, 5])
    expect(r.ok ? '' : r.error.code).toBe('encounter/noSurpriseRound')
    expect(h.campaign.store.ofType('encounter')[0]!.round).toBe(0)
  })
})
