import { describe, expect, it } from 'vitest'
import { fight } from './cx-harness'

/** Starts a duel and returns the harness with the id of whoever acts first. */
async function duel() {
  const h = await fight()
  h.must('encounter/start', { name: 'Duel' })
  h.must('encounter/rollInitiative', {}, [10, 90])
  const acting = h.campaign.store.ofType('encounter')[0]!.currentCombatantId!
  return { h, acting }
}

describe('CX20 held actions (000 Actions: at most 2 held, for a trigger)', () => {
  it('CX20: holding 3 of the 4 actions is refused by name, and nothing changes', async () => {
    const { h, acting } = await duel()
    const before = h.campaign.store.ofType('combatant').find((c) => c.id === acting)!
    const r = h.run('hold/declare', { combatantId: acting, trigger: 'the door opens', amount: 3 })
    expect(r.ok ? '' : r.error.code).toBe('hold/tooMany')
    expect(r.ok ? '' : r.error.message).toContain('at most 2 actions')
    const after = h.campaign.store.ofType('combatant').find((c) => c.id === acting)!
    expect(after.held).toBeNull()
    expect(after.spent).toEqual(before.spent)
  })

  it('CX20: holding 2 is allowed and ends the turn with the actions waiting', async () => {
    const { h, acting } = await duel()
    h.must('hold/declare', { combatantId: acting, trigger: 'the door opens', amount: 2 })
    const held = h.campaign.store.ofType('combatant').find((c) => c.id === acting)!.held
    expect(held).toEqual({ trigger: 'the door opens', amount: 2, released: false })
  })
})

describe('CX20 on the card: how many it can hold now', () => {
  it('CX20: the card offers at most 2, and no more than the actions left', async () => {
    const { holdableNow } = await import('../../../../src-main/core/state/rules-combatants')
    const { cx } = await import('./cx-harness')
    const { h, acting } = await duel()
    const record = () => h.campaign.store.ofType('combatant').find((c) => c.id === acting)!
    expect(holdableNow(cx, record())).toBe(2)
    h.must('economy/set', { combatantId: acting, pool: 'actions', spent: 3 })
    expect(holdableNow(cx, record())).toBe(1)
  })
})
