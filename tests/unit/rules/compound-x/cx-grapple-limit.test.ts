import { describe, expect, it } from 'vitest'
import { asRulesCombatant } from '../../../../src-main/core/state/rules-combatants'
import { act, attack, brawl, preview, request, sheetOf, spent, type H } from './cx-brawl'
import { combatant, cx } from './cx-harness'

const WIN = [50, 40] // 54 vs 40 (CX18)
const must = (r: ReturnType<typeof act>) => {
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
/** Vex grapples Raider on Vex's turn; then it is Raider's turn (order Vex, Raider, Brute). */
async function grappled(): Promise<H> {
  const h = await brawl()
  must(act(h, 'Vex', 'grapple', 'Raider', {}, WIN))
  h.must('encounter/nextTurn', {})
  return h
}
/** Raider's Unarmed Strike at Vex (the slot after its one carried weapon). */
const punch = (h: H) => request(h, 'Raider', 'Vex', 1, 'strike')

describe('000 Grappling: "a grappled or pinned character may use only one Action per round" (SR-CX-14)', () => {
  it('000 Grappling: a grappled combatant’s second action in its turn is refused by name, nothing spent', async () => {
    const h = await grappled()
    must(act(h, 'Raider', 'disengage', 'Vex', {}, [10, 90])) // a loss: still grappled
    expect(spent(h, 'Raider', 'actions')).toBe(1)
    const again = act(h, 'Raider', 'disengage', 'Vex', {}, [90, 10])
    expect(again.ok ? '' : again.error.code).toBe('action/grappleLimit')
    expect(again.ok ? '' : again.error.message).toBe('Raider is in a grapple: one action a round, already used (000 Grappling).')
    expect(spent(h, 'Raider', 'actions')).toBe(1)
  })

  it('000 Grappling: an Unarmed Strike counts too; the preview shows the block, the list marks the efforts', async () => {
    const h = await grappled()
    expect(attack(h, punch(h), [1, 10]).ok).toBe(true)
    expect(sheetOf(h, 'Raider').live.grappleActionsUsed).toBe(1)
    expect(preview(h, punch(h)).blocked).toMatch(/Raider is in a grapple: one action a round, already used/)
    const second = attack(h, punch(h), [1, 10])
    expect(second.ok ? '' : second.error.code).toBe('attack/grappleLimit')
    const list = cx.actions!.list(asRulesCombatant(combatant(h, 'Raider')))
    expect(list.find((a) => a.key === 'disengage')?.unavailable).toMatch(/one action a round/)
    // Free acts stay open.
    expect(list.find((a) => a.key === 'stop-aiming')?.unavailable).not.toMatch(/one action a round/)
  })

  it('000 Grappling: the count starts afresh at the combatant’s next turn', async () => {
    const h = await grappled()
    must(act(h, 'Raider', 'disengage', 'Vex', {}, [10, 90]))
    for (let i = 0; i < 3; i++) h.must('encounter/nextTurn', {}) // Brute, Vex (round 2), Raider
    expect(sheetOf(h, 'Raider').live.grappleActionsUsed).toBe(0)
    expect(act(h, 'Raider', 'disengage', 'Vex', {}, [10, 90]).ok).toBe(true)
  })

  it('000 Grappling: an action taken before the grapple does not count; a free combatant has no limit', async () => {
    const h = await brawl()
    must(act(h, 'Vex', 'aim', 'Raider'))
    must(act(h, 'Vex', 'grapple', 'Raider', {}, WIN))
    // Vex, now grappling with control, still has its one action of the grapple this round.
    expect(sheetOf(h, 'Vex').live.grappleActionsUsed).toBe(0)
    must(act(h, 'Vex', 'pin', 'Raider', {}, WIN))
    expect(sheetOf(h, 'Vex').live.grappleActionsUsed).toBe(1)
    expect(spent(h, 'Vex', 'actions')).toBe(3)
  })
})
