import { describe, expect, it } from 'vitest'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { d20, sheet } from './d20-fixtures'

/**
 * `003 Combat Actions` Stealth: "One Action", and "cannot be done if an enemy's focus is on
 * you". The price is the desk's; focus has no measure in the document, so whether an enemy
 * watches is the GM's call before pressing the act. Through the core, on a campaign on disk.
 */
async function fight() {
  const h = await CampaignHarness.create('d20-stealth', tempDir(), undefined, d20)
  h.must('combatant/add', { name: 'Ana', side: 'party', kind: 'pc', maxHp: 30, rules: sheet() })
  h.must('combatant/add', { name: 'Bo', side: 'enemy', kind: 'npc', maxHp: 30, rules: sheet({}, { dex: 0 }) })
  h.must('encounter/start', {})
  h.must('encounter/rollInitiative', {}, [10, 10])
  return h
}

const slip = (h: CampaignHarness) =>
  h.run('action/perform', { request: { actorId: h.combatantId('Ana'), action: 'stealth', targetId: null, options: {} } })
const ana = (h: CampaignHarness) => h.campaign.store.ofType('combatant').find((c) => c.name === 'Ana')!
const actionsSpent = (h: CampaignHarness) => ana(h).spent['actions'] ?? 0

describe('003 Combat Actions Stealth, through the core', () => {
  it('Stealth: One Action, logged as slipping into the shadows', async () => {
    const h = await fight()
    expect(slip(h).ok).toBe(true)
    expect(actionsSpent(h)).toBe(1)
    expect(h.campaign.store.ofType('log').at(-1)!.text).toMatch(/^Ana .*shadows/)
  })

  it('Stealth: a second slip takes the second action, and a third is refused with nothing spent', async () => {
    const h = await fight()
    expect(slip(h).ok).toBe(true)
    expect(slip(h).ok).toBe(true)
    expect(actionsSpent(h)).toBe(2)
    const logs = h.campaign.store.ofType('log').length
    expect(slip(h).ok).toBe(false)
    expect(actionsSpent(h)).toBe(2)
    expect(h.campaign.store.ofType('log').length).toBe(logs)
  })
})
