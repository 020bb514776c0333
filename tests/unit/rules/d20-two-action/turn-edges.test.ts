import { describe, expect, it } from 'vitest'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { d20, sheet } from './d20-fixtures'

/**
 * Ana (Dex 2), Bo (Dex 1) and Cy (Dex 0) in a real campaign, all able to Dodge, acting in that
 * order on equal dice (W1: 10 + Dex).
 */
async function fight() {
  const h = await CampaignHarness.create('d20-edges', tempDir(), undefined, d20)
  const dex: Record<string, number> = { Ana: 2, Bo: 1, Cy: 0 }
  for (const name of ['Ana', 'Bo', 'Cy'])
    h.must('combatant/add', {
      name,
      side: name === 'Ana' ? 'party' : 'enemy',
      kind: 'pc',
      maxHp: 30,
      rules: sheet({ defences: ['dodge'] }, { dex: dex[name]! }),
    })
  h.must('encounter/start', {})
  h.must('encounter/rollInitiative', {}, [10, 10, 10])
  return h
}

const combatant = (h: CampaignHarness, name: string) => h.campaign.store.ofType('combatant').find((c) => c.name === name)!
const reactionsSpent = (h: CampaignHarness, name: string) => combatant(h, name).spent['reactions'] ?? 0
const current = (h: CampaignHarness) => {
  const e = h.campaign.store.ofType('encounter').find((x) => x.status === 'active')!
  return `${e.round}:${h.campaign.store.ofType('combatant').find((c) => c.id === e.currentCombatantId)!.name}`
}
/** `from` strikes `to`, who dodges: hit test 15 + 3 = 18 against AR 12, the Dodge d20 19. */
const strikeDodged = (h: CampaignHarness, from: string, to: string) =>
  h.must(
    'attack/resolve',
    { request: { attackerId: h.combatantId(from), targetId: h.combatantId(to), weapon: 0, mode: '', options: { reaction: 'dodge' } } },
    [15, 19],
  )

describe("003 Round Ends: reactions return at each combatant's own turn start (SR-D20-2)", () => {
  it('SR-D20-2: a reaction used before its turn in the round is back as its own turn starts', async () => {
    const h = await fight()
    expect(current(h)).toBe('1:Ana')
    strikeDodged(h, 'Ana', 'Bo')
    expect(reactionsSpent(h, 'Bo')).toBe(1)
    h.must('encounter/nextTurn', {})
    expect(current(h)).toBe('1:Bo')
    expect(reactionsSpent(h, 'Bo')).toBe(0)
    expect((combatant(h, 'Bo').rules as { live: { reactions: unknown[] } }).live.reactions).toEqual([])
  })

  it('SR-D20-2: a reaction used after its turn is not back when the next round begins, only at its own next turn', async () => {
    const h = await fight()
    h.must('encounter/nextTurn', {}) // Bo
    h.must('encounter/nextTurn', {}) // Cy
    strikeDodged(h, 'Cy', 'Bo')
    h.must('encounter/nextTurn', {})
    expect(current(h)).toBe('2:Ana')
    expect(reactionsSpent(h, 'Bo')).toBe(1)
    const refused = h.run(
      'attack/resolve',
      { request: { attackerId: h.combatantId('Ana'), targetId: h.combatantId('Bo'), weapon: 0, mode: '', options: { reaction: 'dodge' } } },
      [15, 19],
    )
    expect(refused.ok ? '' : refused.error.message).toMatch(/no reaction left/)
    h.must('encounter/nextTurn', {})
    expect(current(h)).toBe('2:Bo')
    expect(reactionsSpent(h, 'Bo')).toBe(0)
  })
})

describe('003 Statuses Stunned: the Vitality test at the end of its turn (SR-D20-1)', () => {
  it('SR-D20-1: the turn passing rolls the test; 13 keeps the stun, 14 lifts it before its next turn', async () => {
    const h = await fight()
    const ana = h.combatantId('Ana')
    h.must('condition/add', { combatantId: ana, condition: 'stunned', duration: { kind: 'rounds', rounds: 2 } })
    h.must('encounter/nextTurn', {}, [13]) // Ana's turn ends: d20 13 + Vitality 0
    expect(combatant(h, 'Ana').conditions.map((x) => x.conditionId)).toEqual(['stunned'])
    expect(h.logText()).toMatch(/Ana: Vitality test 13 at the end of its turn \(above 13 lifts it\): still stunned/)
    h.must('encounter/nextTurn', {}) // Bo → Cy: no test for them
    h.must('encounter/nextTurn', {}) // round 2: Ana's turn, still stunned: no actions
    expect(combatant(h, 'Ana').spent['actions']).toBe(2)
    h.must('encounter/nextTurn', {}, [14])
    expect(combatant(h, 'Ana').conditions).toEqual([])
    expect(h.logText()).toMatch(/Vitality test 14 .*the stun is lifted/)
  })
})
