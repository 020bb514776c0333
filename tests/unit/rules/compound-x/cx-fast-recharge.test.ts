import { describe, expect, it } from 'vitest'
import { combatant, fight, live, trooper, SHIELD_RIGS } from './cx-harness'

/*
 * `000` Shields, Fast Recharge (CX14): "at the start of your turn you can pay the Fast Recharge
 * Nanites cost to restart your shields. Or if your Shield's Strength is just damaged, at the
 * start of your turn you can pay … to boost the Shield's Strength by an extra Recharge Rate".
 */
async function shieldedDuel(strength: number) {
  const h = await fight()
  const vex = h.combatantId('Vex')
  h.must('combatant/setRules', { combatantId: vex, rules: trooper({ shieldId: 'a-class-electron-shield', armour: SHIELD_RIGS }) })
  const dented = { ...(combatant(h, 'Vex').rules as object), live: { ...live(h, 'Vex'), shieldStrength: strength, shieldDownTurns: null } }
  h.must('combatant/setRules', { combatantId: vex, rules: dented })
  h.must('encounter/start', { name: 'Duel' })
  h.must('encounter/rollInitiative', {})
  // On to Vex's turn (its start-of-turn recharge runs as it begins, CX14).
  if (h.campaign.store.ofType('encounter')[0]!.currentCombatantId !== vex) h.must('encounter/nextTurn', {})
  const recharge = (who: string) =>
    h.run('action/perform', { request: { actorId: h.combatantId(who), action: 'fast-recharge', targetId: null, options: {} } })
  return { h, vex, recharge }
}

describe('000 Shields: Fast Recharge at the start of the turn (CX14)', () => {
  it('CX14: on a dented shield, paid at the start of its turn, it adds one more recharge on top of the turn’s own (20 → 70 → 120)', async () => {
    const { h, vex, recharge } = await shieldedDuel(20)
    expect(h.campaign.store.ofType('encounter')[0]!.currentCombatantId).toBe(vex)
    expect(live(h, 'Vex').shieldStrength).toBe(70)
    expect(recharge('Vex').ok).toBe(true)
    expect(live(h, 'Vex')).toMatchObject({ shieldStrength: 120, nanites: 60 - 14 })
  })

  it('CX14: once it has spent an action this turn it is too late, and out of its turn it waits; nothing changes', async () => {
    const { h, vex, recharge } = await shieldedDuel(50)
    h.must('economy/set', { combatantId: vex, pool: 'actions', spent: 1 })
    const late = recharge('Vex')
    expect(late.ok ? '' : late.error.message).toMatch(/start of its turn, before it spends an action/)
    h.must('encounter/nextTurn', {})
    const outOfTurn = recharge('Vex')
    expect(outOfTurn.ok ? '' : outOfTurn.error.message).toMatch(/start of its own turn/)
    expect(live(h, 'Vex')).toMatchObject({ shieldStrength: 100, nanites: 60 })
  })
})
