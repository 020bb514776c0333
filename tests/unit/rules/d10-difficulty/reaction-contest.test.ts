import { describe, expect, it } from 'vitest'
import type { RulesCombatant } from '../../../../src-main/rules/ruleset'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { combatant, d10, sheet, sheetInput, typed } from './d10-fixtures'

/* `002 Actions`: the reaction contest, d10 + DEX modifier each, the higher first (SR-D10-40). */

const contest = (a: RulesCombatant, b: RulesCombatant | null, ...faces: number[]) =>
  d10.actions!.perform({ actorId: a.id, action: 'reaction-contest', targetId: b?.id ?? null, options: {} }, a, b, typed(...faces))

const ash = combatant('Ash', sheet({ attributes: { str: 0, dex: 2, con: 0, per: 0 } }))
const bo = combatant('Bo', sheet({ attributes: { str: 0, dex: -1, con: 0, per: 0 } }))

describe('002 Actions: the reaction contest (SR-D10-40)', () => {
  it('002 Actions: both roll a d10 and add any dexterity modifier; the higher total goes first', () => {
    // Ash d10 4 + 2 = 6 against Bo d10 8 − 1 = 7: Bo draws first, though Ash declared the action.
    const r = contest(ash, bo, 4, 8)
    expect(r.ok && r.value.summary).toBe(
      'Reaction contest, Ash against Bo (d10 + DEX modifier): Bo goes first (6 vs 7) (002 Actions, SR-D10-40)',
    )
    const s = contest(ash, bo, 6, 8)
    expect(s.ok && s.value.summary).toMatch(/Ash goes first \(8 vs 7\)/)
  })

  it('SR-D10-40: a tie is rolled again by both until one is higher; nothing is spent', () => {
    // 5 + 2 = 7 against 8 − 1 = 7: tie; then 3 + 2 = 5 against 2 − 1 = 1.
    const r = contest(ash, bo, 5, 8, 3, 2)
    expect(r.ok && r.value.summary).toMatch(/Ash goes first \(5 vs 1 after 1 tie\)/)
    expect(r.ok && r.value.rolls.length).toBe(4)
    expect(r.ok && r.value.cost).toEqual([])
    expect(r.ok && r.value.outOfTurn).toBe('free')
  })

  it('SR-D10-40: the contest needs the other side, with a d10 sheet', () => {
    expect(contest(ash, null).ok).toBe(false)
    expect(contest(ash, ash).ok).toBe(false)
    expect(contest(ash, combatant('Crate', null)).ok).toBe(false)
  })

  it('SR-D10-40 through the core: the contest is logged in another combatant’s turn, and neither spends an action or reaction', async () => {
    const h = await CampaignHarness.create('d10-contest', tempDir(), undefined, d10)
    h.must('combatant/add', { name: 'Ash', side: 'party', kind: 'pc', maxHp: 20, rules: sheetInput() })
    h.must('combatant/add', { name: 'Bo', side: 'enemy', kind: 'npc', maxHp: 20, rules: sheetInput() })
    h.must('encounter/start', { name: 'Yard' })
    h.must('encounter/rollInitiative', {}, [9, 1])
    const request = { actorId: h.combatantId('Bo'), action: 'reaction-contest', targetId: h.combatantId('Ash'), options: {} }
    h.must('action/perform', { request }, [9, 2])
    expect(h.logText()).toMatch(/Reaction contest, Bo against Ash \(d10 \+ DEX modifier\): Bo goes first \(10 vs 3\)/)
    const spent = h.campaign.store.ofType('combatant').map((c) => c.spent)
    expect(spent.every((s) => Object.values(s ?? {}).every((n) => n === 0))).toBe(true)
  })
})
