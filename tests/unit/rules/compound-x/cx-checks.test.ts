import { describe, expect, it } from 'vitest'
import { combatant, cx, fight } from './cx-harness'

describe('Compound X checks through the pipeline', () => {
  it('CX1/CX2: a skill check is d100 + stat bonus + ranks, and succeeds only above the DC', async () => {
    const h = await fight()
    const rules = combatant(h, 'Vex').rules as Record<string, unknown>
    h.must('combatant/setRules', { combatantId: h.combatantId('Vex'), rules: { ...rules, skills: { Athletics: 20 } } })
    // STR 6 → +4; d100 36 + 4 + 20 = 60: a tie with DC 60 fails; 37 succeeds.
    h.must('check/roll', { combatantId: h.combatantId('Vex'), check: 'skill:Athletics', dc: 60 }, [36])
    expect(h.campaign.store.ofType('log').at(-1)!.text).toBe('Vex: Athletics (STR) 60 vs DC 60: failure (CX1)')
    h.must('check/roll', { combatantId: h.combatantId('Vex'), check: 'skill:Athletics', dc: 60 }, [37])
    expect(h.campaign.store.ofType('log').at(-1)!.text).toMatch(/61 vs DC 60: success/)
  })

  it('CX3/CX23: saves with advantage keep the better die, with the exact chance available beforehand', async () => {
    const h = await fight()
    h.must('check/roll', { combatantId: h.combatantId('Vex'), check: 'save:shock', dc: 70, mode: 'advantage' }, [20, 90])
    // Shock save 2(FORT 6 + INT 5 − 6) = 10: 90 + 10 = 100.
    expect(h.campaign.store.ofType('log').at(-1)!.text).toBe('Vex: Shock save with advantage 100 vs DC 70: success (CX1)')
    const c = combatant(h, 'Vex')
    const chance = cx.checks!.chance(
      { check: 'save:shock', dc: 70, mode: 'advantage', bonus: 0 },
      { id: c.id, name: c.name, hp: c.hp, maxHp: c.maxHp, rules: c.rules, conditions: c.conditions },
    )
    // P(max of two d100 > 60) = 1 − 0.6² = 0.64.
    expect(chance.ok && chance.value).toBeCloseTo(0.64, 10)
  })

  it('names an unknown check', async () => {
    const h = await fight()
    const r = h.run('check/roll', { combatantId: h.combatantId('Vex'), check: 'vibes', dc: 10 })
    expect(!r.ok && r.error.code).toBe('check/unknown')
  })

  it('CX20: offers 4 actions a turn and 3 reactions a round (the pool an out-of-turn act draws on) and the conditions list', () => {
    expect(cx.economy(null)).toEqual([
      { key: 'actions', label: 'Actions', count: 4, per: 'turn' },
      { key: 'reactions', label: 'Reactions', count: 3, per: 'round', reaction: true },
    ])
    expect(cx.conditions.map((c) => c.id)).toEqual(expect.arrayContaining(['bleeding', 'plasma-burn', 'downed', 'suppressed']))
  })
})
