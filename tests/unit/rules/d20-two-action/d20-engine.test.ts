import { describe, expect, it } from 'vitest'
import type { D20Sheet } from '../../../../src-main/rules/d20-two-action/sheet/d20-sheet'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { d20, sheet } from './d20-fixtures'

/** Two fighters in a real campaign on disk, through the core's commands (Ana Dex 2 acts before Bo Dex 0 on equal dice). */
async function fight() {
  const h = await CampaignHarness.create('d20-seed', tempDir(), undefined, d20)
  h.must('combatant/add', { name: 'Ana', side: 'party', kind: 'pc', maxHp: 30, rules: sheet({ defences: ['dodge'] }) })
  h.must('combatant/add', { name: 'Bo', side: 'enemy', kind: 'npc', maxHp: 30, rules: sheet({}, { dex: 0 }) })
  h.must('encounter/start', {})
  // W1: Ana d20 10 + 2 = 12, Bo d20 10 + 0 = 10.
  h.must('encounter/rollInitiative', {}, [10, 10])
  return h
}

const combatant = (h: CampaignHarness, name: string) => h.campaign.store.ofType('combatant').find((c) => c.name === name)!
const liveOf = (h: CampaignHarness, name: string) => (combatant(h, name).rules as unknown as D20Sheet).live
const current = (h: CampaignHarness) => h.campaign.store.ofType('encounter').find((e) => e.status === 'active')!.currentCombatantId
const request = (h: CampaignHarness, from: string, to: string, options = {}, mode = '') => ({
  attackerId: h.combatantId(from),
  targetId: h.combatantId(to),
  weapon: 0,
  mode,
  options,
})

describe('the d20 two-action system in the core', () => {
  it('W1 rolls initiative through the campaign: d20 + Dex, higher first', async () => {
    const h = await fight()
    expect(current(h)).toBe(h.combatantId('Ana'))
    expect(combatant(h, 'Ana').initiative!.total).toBe(12)
  })

  it('W2 an attack spends its actions from the pips; a second one in the turn is refused without Combat Prowess', async () => {
    const h = await fight()
    h.must('attack/resolve', { request: request(h, 'Ana', 'Bo') }, [2])
    expect(combatant(h, 'Ana').spent['actions']).toBe(1)
    expect(liveOf(h, 'Ana').attacksThisTurn).toBe(1)
    const again = h.run('attack/resolve', { request: request(h, 'Ana', 'Bo') }, [2])
    expect(!again.ok && again.error.message).toMatch(/Combat Prowess \(W2\)/)
    // Its next turn starts the count again.
    h.must('encounter/nextTurn', {})
    h.must('encounter/nextTurn', {})
    expect(liveOf(h, 'Ana').attacksThisTurn).toBe(0)
  })

  it('W4/W2 the defender’s Dodge comes off its own reaction pips at once, and the round gives it back', async () => {
    const h = await fight()
    h.must('encounter/nextTurn', {})
    // Bo's hit test 15 + 3 = 18 vs AR 12; Ana's Dodge 19 + 2 = 21 stops it.
    h.must('attack/resolve', { request: request(h, 'Bo', 'Ana', { reaction: 'dodge' }) }, [15, 19])
    expect(combatant(h, 'Ana').hp).toBe(30)
    expect(liveOf(h, 'Ana').reactions).toEqual([{ kind: 'dodge', pool: true }])
    expect(combatant(h, 'Ana').spent['reactions']).toBe(1)
    h.must('encounter/nextTurn', {}) // round 2
    expect(liveOf(h, 'Ana').reactions).toEqual([])
    expect(combatant(h, 'Ana').spent['reactions'] ?? 0).toBe(0)
  })

  it('W5 bleeding ticks at the start of its bearer’s turn, not at anyone else’s', async () => {
    const h = await fight()
    h.must('condition/add', { combatantId: h.combatantId('Bo'), condition: 'bleeding', duration: { kind: 'rounds', rounds: 2 }, stacks: 2 })
    expect(combatant(h, 'Bo').hp).toBe(30)
    h.must('encounter/nextTurn', {}, [3, 4]) // Bo's turn: 2d4
    expect(combatant(h, 'Bo').hp).toBe(23)
    h.must('encounter/nextTurn', {}) // Ana's turn: nothing ticks on Bo
    expect(combatant(h, 'Bo').hp).toBe(23)
  })
})
