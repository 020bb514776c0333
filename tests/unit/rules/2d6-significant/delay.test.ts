import { describe, expect, it } from 'vitest'
import type { CombatantRecord } from '../../../../src-shared/records'
import type { Ruleset } from '../../../../src-main/rules/ruleset'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { sheet, twod6 } from './harness'

/**
 * `004 Delay` / T3: "Their initiative is then set to the count on which s/he acted" (SR-2D6-2).
 * Ana, Bo and Cy, all DEX 7 (DM 0), roll 2d6 for initiative 10, 8 and 6.
 */
async function fight(ruleset: Ruleset = twod6) {
  const h = await CampaignHarness.create('2d6-delay', tempDir(), undefined, ruleset)
  for (const name of ['Ana', 'Bo', 'Cy'])
    h.must('combatant/add', { name, side: name === 'Ana' ? 'party' : 'enemy', kind: 'pc', maxHp: 21, rules: sheet() })
  h.must('encounter/start', {})
  h.must('encounter/rollInitiative', {}, [5, 5, 4, 4, 3, 3])
  const of = (n: string) => h.campaign.store.get(h.combatantId(n)) as CombatantRecord
  const order = () =>
    h.campaign.store
      .ofType('combatant')
      .sort((a, b) => a.orderKey! - b.orderKey!)
      .map((c) => `${c.name} ${c.initiative!.total}`)
  const react = (n: string) =>
    h.must('action/perform', { request: { actorId: h.combatantId(n), action: 'react', targetId: null, options: {} } })
  return { h, of, order, react }
}

describe('004 Delay: initiative becomes the count on which the delayer acts (T3, SR-2D6-2)', () => {
  it('T3: Ana (10) delays and acts during Bo’s turn (8): her initiative is now 8, after Bo', async () => {
    const { h, of, order } = await fight()
    expect(order()).toEqual(['Ana 10', 'Bo 8', 'Cy 6'])
    h.must('initiative/delay', { combatantId: h.combatantId('Ana') })
    h.must('initiative/resume', { combatantId: h.combatantId('Ana') })
    expect(of('Ana').initiative!.total).toBe(8)
    expect(order()).toEqual(['Bo 8', 'Ana 8', 'Cy 6'])
    expect(h.logText()).toMatch(/Ana's initiative is now 8, the count on which it acts/)
  })

  it('T3: a later reaction (−2) re-sorts from the new count, not the old roll', async () => {
    const { h, order, react } = await fight()
    h.must('initiative/delay', { combatantId: h.combatantId('Ana') })
    h.must('initiative/resume', { combatantId: h.combatantId('Ana') }) // Ana 8, acting
    h.must('encounter/nextTurn', {}) // Cy's turn
    react('Ana') // 8 − 2 = 6: ties Cy, and slots in after it (from 10 it would be 8, still before Cy)
    expect(order()).toEqual(['Bo 8', 'Cy 6', 'Ana 6'])
  })

  it('a ruleset without the flag keeps the rolled number (the place moves only)', async () => {
    const { h, of, order } = await fight({ ...twod6, delaySetsInitiative: false })
    h.must('initiative/delay', { combatantId: h.combatantId('Ana') })
    h.must('initiative/resume', { combatantId: h.combatantId('Ana') })
    expect(of('Ana').initiative!.total).toBe(10)
    expect(order()).toEqual(['Bo 8', 'Ana 10', 'Cy 6'])
  })

  it('undo gives the old number back', async () => {
    const { h, of } = await fight()
    h.must('initiative/delay', { combatantId: h.combatantId('Ana') })
    h.must('initiative/resume', { combatantId: h.combatantId('Ana') })
    h.must('history/undo', {})
    expect(of('Ana').initiative!.total).toBe(10)
  })
})
