import { describe, expect, it } from 'vitest'
import type { JsonValue } from '../../../../src-shared/json'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { d20, faces, fighter, must, sheet } from './d20-fixtures'

/** Ana (Dex 2) acts first, Bo second, in a real campaign on disk. */
async function fight() {
  const h = await CampaignHarness.create('d20-free', tempDir(), undefined, d20)
  h.must('combatant/add', { name: 'Ana', side: 'party', kind: 'pc', maxHp: 30, rules: sheet() })
  h.must('combatant/add', { name: 'Bo', side: 'enemy', kind: 'npc', maxHp: 30, rules: sheet({}, { dex: 0 }) })
  h.must('encounter/start', {})
  h.must('encounter/rollInitiative', {}, [10, 10])
  return h
}

const act = (h: CampaignHarness, who: string, action: string) =>
  h.run('action/perform', { request: { actorId: h.combatantId(who), action, targetId: null, options: {} } })
const spent = (h: CampaignHarness, who: string) => h.campaign.store.ofType('combatant').find((c) => c.name === who)!.spent

describe('003 Taking Action, Free Actions: typically one free action per turn (SR-D20-10)', () => {
  it('SR-D20-10 the economy has a free-action pool of one a turn beside the Two Actions', () => {
    const pools = d20.economy(sheet() as unknown as JsonValue)
    expect(pools.find((p) => p.key === 'free')).toMatchObject({ count: 1, per: 'turn' })
    expect(pools.find((p) => p.key === 'free')?.reaction).toBeUndefined()
  })

  it.each([
    { name: '003 Free Actions "Lowering position": dropping prone takes the free action, not an action', action: 'drop-prone' },
    { name: '003 Free Actions "Dropping an item" takes the free action', action: 'drop-item' },
    { name: '003 Free Actions "Saying a few words" takes the free action', action: 'speak' },
  ])('$name', ({ action }) => {
    const a = fighter('A', sheet(), { acting: true })
    const listed = d20.actions!.list(a).find((d) => d.key === action)
    expect(listed?.cost).toBe('1 free action')
    const r = must(d20.actions!.perform({ actorId: a.id, action, targetId: null, options: {} }, a, null, faces()))
    expect(r.cost).toEqual([{ pool: 'free', amount: 1 }])
    expect(r.summary).toMatch(/a free action, 003 Taking Action \(Free Actions\)/)
  })

  it('SR-D20-10 once the free action is spent the list says so for every free act', () => {
    const a = fighter('A', sheet(), { acting: true, spent: { free: 1 } })
    const free = d20.actions!.list(a).filter((d) => d.cost === '1 free action')
    expect(free.map((d) => d.key)).toEqual(['drop-prone', 'speak', 'drop-item'])
    for (const d of free) expect(d.unavailable).toBe('Its free action this turn is spent (003 Taking Action (Free Actions)).')
  })

  it('SR-D20-10 through the core: a second free act in the turn is refused by the pool, and the next turn gives it back', async () => {
    const h = await fight()
    expect(act(h, 'Ana', 'speak').ok).toBe(true)
    expect(spent(h, 'Ana')['free']).toBe(1)
    expect(spent(h, 'Ana')['actions'] ?? 0).toBe(0)
    const again = act(h, 'Ana', 'drop-prone')
    expect(!again.ok && again.error.message).toMatch(/Ana has no free actions left this turn; this needs 1 free action \(1 per turn\)/)
    // Ordinary actions are untouched by it.
    expect(act(h, 'Ana', 'jump').ok).toBe(true)
    h.must('encounter/nextTurn', {})
    h.must('encounter/nextTurn', {})
    expect(spent(h, 'Ana')['free'] ?? 0).toBe(0)
    expect(act(h, 'Ana', 'drop-item').ok).toBe(true)
  })
})
