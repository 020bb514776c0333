import { describe, expect, it } from 'vitest'
import { asRulesCombatant } from '../../../../src-main/core/state/rules-combatants'
import { combatant, cx, fight, trooper } from './cx-harness'

/*
 * `000` Thrown Weapons: "All misc thrown weapons have a Reflex Modifier: -10" (SR-CX-58: the
 * weapon reflex adds to the holder's Reflex save). Vex: PER 8, DEX 6 → Reflex save 2·(8 + 6 − 6) = 16.
 */
const knives = trooper({ thrown: [{ itemId: 'gurber-throwing-knife', count: 2 }] })
const lastLog = (h: Awaited<ReturnType<typeof fight>>) => h.campaign.store.ofType('log').at(-1)!.text

describe('000 Thrown Weapons: a weapon’s Reflex modifier on its holder’s Reflex save (SR-CX-58)', () => {
  it('000 Thrown Weapons / SR-CX-58: the check dialog offers a Reflex save with the throwing knife in hand at −10, and with the C25 at +2', async () => {
    const h = await fight()
    h.must('combatant/setRules', { combatantId: h.combatantId('Vex'), rules: knives })
    const list = cx.checks!.list(asRulesCombatant(combatant(h, 'Vex')))
    expect(list).toContainEqual({
      key: 'save:reflex@thrown:gurber-throwing-knife',
      label: 'Reflex save, Gurber Throwing Knife in hand (weapon Reflex −10)',
    })
    expect(list).toContainEqual({ key: 'save:reflex@weapon:0', label: 'Reflex save, Anvil Arms C25 in hand (weapon Reflex +2)' })
    // d100 40 + 16 − 10 = 46 vs DC 50: a failure; the plain Reflex save, 56, would pass.
    h.must(
      'check/roll',
      { combatantId: h.combatantId('Vex'), check: 'save:reflex@thrown:gurber-throwing-knife', dc: 50, mode: 'normal', bonus: 0 },
      [40],
    )
    expect(lastLog(h)).toBe('Vex: Reflex save, Gurber Throwing Knife in hand 46 vs DC 50: failure (CX1)')
    h.must('check/roll', { combatantId: h.combatantId('Vex'), check: 'save:reflex', dc: 50, mode: 'normal', bonus: 0 }, [40])
    expect(lastLog(h)).toBe('Vex: Reflex save 56 vs DC 50: success (CX1)')
  })

  it('SR-CX-58: a Reflex save with a weapon the sheet does not carry is refused by name, nothing rolled', async () => {
    const h = await fight()
    const before = h.campaign.store.ofType('log').length
    const r = h.run('check/roll', {
      combatantId: h.combatantId('Vex'),
      check: 'save:reflex@thrown:eal-tactical-throwing-axe',
      dc: 50,
      mode: 'normal',
      bonus: 0,
    })
    expect(r.ok ? '' : r.error.code).toBe('check/unknown')
    expect(h.campaign.store.ofType('log')).toHaveLength(before)
    expect(cx.checks!.list(asRulesCombatant(combatant(h, 'Vex'))).some((c) => c.key.includes('@thrown'))).toBe(false)
  })
})
