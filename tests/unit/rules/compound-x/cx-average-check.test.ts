import { describe, expect, it } from 'vitest'
import { checkAction } from '../../../../src-main/core/app/check-action'
import { asRulesCombatant } from '../../../../src-main/core/state/rules-combatants'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { sheet, twod6 } from '../2d6-significant/harness'
import { combatant, cx, fight } from './cx-harness'

const lastLog = (h: CampaignHarness) => h.campaign.store.ofType('log').at(-1)!.text
function modeChoices(c: Parameters<typeof checkAction>[1], ruleset = cx): string[] {
  const field = checkAction(ruleset, c)[0]!.options.find((o) => o.key === 'mode')
  return field?.kind === 'choice' ? field.choices.map((x) => x.value) : []
}

describe('001 Rolling the Average (CX3) through check/roll', () => {
  it('CX3: the average of two d100, rounded down, plus the modifiers: (30 + 85) / 2 → 57 + Athletics 4 = 61', async () => {
    const h = await fight()
    h.must('check/roll', { combatantId: h.combatantId('Vex'), check: 'skill:Athletics', dc: 60, mode: 'average' }, [30, 85])
    expect(lastLog(h)).toBe('Vex: Athletics (STR) rolling the average (CX3) 61 vs DC 60: success (CX1)')
    const faces = h.campaign.store
      .ofType('log')
      .at(-1)!
      .rolls.map((r) => r.total)
    expect(faces).toEqual([30, 85])
  })

  it('CX3: the exact chance of an average check is the two-dice distribution, not a single d100', async () => {
    const h = await fight()
    const vex = asRulesCombatant(combatant(h, 'Vex'))
    const request = { check: 'skill:Athletics', dc: 60, bonus: 0 }
    const average = cx.checks!.chance({ ...request, mode: 'average' }, vex)
    const normal = cx.checks!.chance({ ...request, mode: 'normal' }, vex)
    // Natural > 56 needed: 44 of 100 faces plainly; floor((a + b) / 2) ≥ 57 by counting pairs.
    let pairs = 0
    for (let a = 1; a <= 100; a++) for (let b = 1; b <= 100; b++) if (Math.floor((a + b) / 2) >= 57) pairs++
    expect(normal.ok && normal.value).toBeCloseTo(0.44, 12)
    expect(average.ok && average.value).toBeCloseTo(pairs / 10_000, 12)
  })

  it('the desk offers "average of two" for Compound X only: a ruleset that does not list it is neither offered it nor accepts it', async () => {
    const h = await fight()
    expect(modeChoices(asRulesCombatant(combatant(h, 'Vex')))).toEqual(['normal', 'advantage', 'disadvantage', 'average'])
    // The 2d6 system has checks with boon and bane, but no average: refused before it is asked.
    const g = await CampaignHarness.create('2d6-average', tempDir(), undefined, twod6)
    g.must('combatant/add', { name: 'Ash', side: 'party', kind: 'pc', maxHp: 10, rules: sheet() })
    const ash = asRulesCombatant(g.campaign.store.ofType('combatant')[0]!)
    expect(modeChoices(ash, twod6)).toEqual(['normal', 'advantage', 'disadvantage'])
    const logged = g.campaign.store.ofType('log').length
    const r = g.run('check/roll', { combatantId: ash.id, check: 'char:edu', dc: 8, mode: 'average' })
    expect(r.ok ? '' : r.error.message).toBe(
      'The 2d6 significant/minor ruleset does not roll checks "average"; it offers: normal, advantage, disadvantage.',
    )
    expect(g.campaign.store.ofType('log')).toHaveLength(logged)
  })
})
