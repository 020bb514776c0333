import { describe, expect, it } from 'vitest'
import type { CombatantRecord } from '../../../src-shared/records'
import { genericRuleset } from '../../../src-main/rules/generic/generic-ruleset'
import type { Ruleset } from '../../../src-main/rules/ruleset'
import { CampaignHarness } from '../helpers/campaign-harness'
import { tempDir } from '../helpers/temp-dir'

/**
 * `edges.endOfTurn` (a test the documents make "at the end of its turn") and `roundEndsAtOwnTurn`
 * (d20 `003 Round Ends`), through the real engine with a made-up ruleset that records each edge.
 */
function edged(calls: string[], extra: Partial<Ruleset> = {}): Ruleset {
  return {
    ...genericRuleset,
    economy: () => [
      { key: 'actions', label: 'Actions', count: 2, per: 'turn' },
      { key: 'reactions', label: 'Reactions', count: 1, per: 'round', reaction: true },
    ],
    edges: {
      startOfTurn: (c) => (calls.push(`start ${c.name}`), null),
      endOfTurn: (c, dice) => {
        calls.push(`end ${c.name}${c.acting ? ' (acting)' : ''}`)
        const roll = dice.roll({ count: 1, sides: 10, modifier: 0 }, `${c.name}: end-of-turn test`)
        return { rules: null, hp: c.hp - roll.total, lines: [`loses ${roll.total}`], rolls: [roll] }
      },
      startOfEncounter: () => null,
      endOfEncounter: () => null,
    },
    ...extra,
  }
}

/** Ash (90), Bo (50), Cy (10). */
async function fight(ruleset: Ruleset) {
  const h = await CampaignHarness.create('end-edge', tempDir(), undefined, ruleset)
  for (const name of ['Ash', 'Bo', 'Cy']) h.must('combatant/add', { name, side: name === 'Bo' ? 'enemy' : 'party', kind: 'pc', maxHp: 30 })
  h.must('encounter/start', { name: 'Test' })
  h.must('encounter/rollInitiative', {}, [90, 50, 10])
  const of = (n: string) => h.campaign.store.get(h.combatantId(n)) as CombatantRecord
  return { h, of }
}

describe('edges.endOfTurn', () => {
  it("runs for the one whose turn passes, while it is still acting, before the next turn's start", async () => {
    const calls: string[] = []
    const { h, of } = await fight(edged(calls))
    calls.length = 0
    h.must('encounter/nextTurn', {}, [4])
    expect(calls).toEqual(['end Ash (acting)', 'start Bo'])
    expect(of('Ash').hp).toBe(26)
    expect(h.logText()).toMatch(/Ash: loses 4/)
  })

  it('runs for the last turn of a round too, and not for a turn passed over by a delay', async () => {
    const calls: string[] = []
    const { h } = await fight(edged(calls))
    calls.length = 0
    h.must('initiative/delay', { combatantId: h.combatantId('Ash') })
    expect(calls).toEqual(['start Bo'])
    h.must('encounter/nextTurn', {}, [1]) // Bo → Cy
    // Ash acts after Cy: Cy's turn ends; Ash's own turn started already, so no start runs for it.
    h.must('initiative/resume', { combatantId: h.combatantId('Ash') }, [1])
    h.must('encounter/nextTurn', {}, [2]) // Ash's resumed turn ends, round 2 begins with Bo
    expect(calls).toEqual(['start Bo', 'end Bo (acting)', 'start Cy', 'end Cy (acting)', 'end Ash (acting)', 'start Bo'])
  })

  it('undo takes the end-of-turn effect back with the turn', async () => {
    const { h, of } = await fight(edged([]))
    h.must('encounter/nextTurn', {}, [4])
    h.must('history/undo', {})
    expect(of('Ash').hp).toBe(30)
  })
})

describe('roundEndsAtOwnTurn (003 Round Ends, SR-D20-2)', () => {
  const react = (h: CampaignHarness, who: string) => h.must('economy/set', { combatantId: h.combatantId(who), pool: 'reactions', spent: 1 })

  it("per-round pools refill at each one's own turn start, not for everyone as the round begins", async () => {
    const { h, of } = await fight(edged([], { roundEndsAtOwnTurn: true }))
    react(h, 'Cy') // used during Ash's turn, before Cy's own turn
    h.must('encounter/nextTurn', {}, [1]) // Bo
    react(h, 'Ash')
    h.must('encounter/nextTurn', {}, [1]) // Cy: its round ended, its reaction is back
    expect(of('Cy').spent['reactions']).toBe(0)
    expect(of('Ash').spent['reactions']).toBe(1)
    react(h, 'Bo')
    h.must('encounter/nextTurn', {}, [1]) // round 2, Ash: Ash's back; Bo's not yet
    expect(of('Ash').spent['reactions']).toBe(0)
    expect(of('Bo').spent['reactions']).toBe(1)
  })

  it('without the flag the round start refills everyone (the other rulesets)', async () => {
    const { h, of } = await fight(edged([]))
    react(h, 'Cy')
    h.must('encounter/nextTurn', {}, [1]) // Bo
    h.must('encounter/nextTurn', {}, [1]) // Cy
    expect(of('Cy').spent['reactions']).toBe(1)
    react(h, 'Bo')
    h.must('encounter/nextTurn', {}, [1]) // round 2
    expect(of('Bo').spent['reactions']).toBe(0)
  })
})
