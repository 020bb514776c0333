import { describe, expect, it } from 'vitest'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { d10, sheetInput } from './d10-fixtures'

/**
 * `002` Ranged combat: "the player who is being targeted ... usually has little chance to evade
 * (except on extreme distances)". The usual case is the desk's: a shot rolls the shooter's check
 * alone and the target spends nothing on a defence, where the same target dodges a knife (D6).
 * The extreme-distance exception has no number in the document and stays the GM's modifier.
 */
async function fight() {
  const h = await CampaignHarness.create('d10-no-evade', tempDir(), undefined, d10)
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
    rules: sheetInput({ attributes: { str: 0, dex: 0, con: 0, per: 1 } }),
  })
  h.must('encounter/start', { name: 'Yard' })
  h.must('encounter/rollInitiative', {}, [9, 1])
  const c = (name: string) => h.campaign.store.ofType('combatant').find((x) => x.name === name)!
  const at = (weapon: number, mode: string) => ({ attackerId: c('Ash').id, targetId: c('Bo').id, weapon, mode, options: {} })
  return { h, c, at }
}

const boSpent = (c: (name: string) => { spent: Record<string, number> }) => c('Bo').spent['action'] ?? 0

describe('002 Ranged combat: the target of a shot does not evade', () => {
  it('a shot at a target with its action left rolls no defence and spends none of its actions', async () => {
    const { h, c, at } = await fight()
    const logs = h.campaign.store.ofType('log').length
    h.must('attack/resolve', { request: at(0, 'single') })
    expect(h.campaign.store.ofType('log').length).toBeGreaterThan(logs)
    expect(h.logText()).toMatch(/fires the Test carbine at Bo: \d+ vs difficulty \d+/)
    expect(boSpent(c)).toBe(0)
    expect(h.logText()).not.toMatch(/dodg|block|Bo: Dodge/i)
  })

  it('the same target dodges a knife, which takes its action (D6)', async () => {
    const { h, c, at } = await fight()
    h.must('attack/resolve', { request: at(1, 'strike') }, [2, 9])
    expect(boSpent(c)).toBe(1)
  })
})
