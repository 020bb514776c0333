import { describe, expect, it } from 'vitest'
import type { CampaignHarness } from '../../helpers/campaign-harness'
import { combatant, fight, trooper } from './cx-harness'

/* `001` Medicine Saving Throws (CX12 in the plan; SR-CX-40): one wound at a time, DC = its damage. */

async function ward() {
  const h = await fight()
  h.must('combatant/setRules', { combatantId: h.combatantId('Vex'), rules: trooper({ skills: { Medicine: 25 } }) })
  const max = combatant(h, 'Raider').maxHp
  h.must('combatant/setHp', { combatantId: h.combatantId('Raider'), hp: max - 70 })
  return { h, max }
}

const heal = (h: CampaignHarness, options: Record<string, number | boolean>, dice?: number[]) =>
  h.run(
    'action/perform',
    { request: { actorId: h.combatantId('Vex'), action: 'heal-wound', targetId: h.combatantId('Raider'), options } },
    dice,
  )

describe('001 Medicine Saving Throws: healing a wound', () => {
  it('001 worked example: 70 damage, Medicine 25, a roll of 86 with the skill heals 25 + (86 − 70) = 41', async () => {
    const { h, max } = await ward()
    expect(heal(h, { wound: 70 }, [61]).ok).toBe(true)
    expect(combatant(h, 'Raider').hp).toBe(max - 70 + 41)
    expect(h.campaign.store.ofType('log').at(-1)!.text).toMatch(/86 vs DC 70, heals 41/)
    // The 29 left is the next wound to treat, at DC 29.
    expect(heal(h, { wound: 29 }, [10]).ok).toBe(true)
    expect(combatant(h, 'Raider').hp).toBe(max)
  })

  it('001: a failed roll heals nothing; without the medicine bag the DC is 20 higher', async () => {
    const { h, max } = await ward()
    expect(heal(h, { wound: 70, bag: false }, [61]).ok).toBe(true)
    expect(h.campaign.store.ofType('log').at(-1)!.text).toMatch(/86 vs DC 90, heals nothing/)
    expect(combatant(h, 'Raider').hp).toBe(max - 70)
  })

  it('001: a non-medic heals only with a medkit, working as skill 30; refusals change nothing', async () => {
    const { h, max } = await ward()
    const refused = heal(h, { wound: 70, medic: false })
    expect(refused.ok ? '' : refused.error.message).toMatch(/no medic: without a medkit/)
    const bad = heal(h, { wound: -3 })
    expect(bad.ok ? '' : bad.error.code).toBe('action/badOption')
    expect(combatant(h, 'Raider').hp).toBe(max - 70)
    expect(heal(h, { wound: 70, medic: false, medkit: true }, [50]).ok).toBe(true)
    expect(combatant(h, 'Raider').hp).toBe(max - 70 + 30 + (50 + 30 - 70))
  })

  it('SR-CX-40: a downed patient is stabilised first; undo takes a heal back', async () => {
    const { h, max } = await ward()
    heal(h, { wound: 70 }, [61])
    h.must('history/undo', {})
    expect(combatant(h, 'Raider').hp).toBe(max - 70)
    h.must('combatant/damage', { combatantId: h.combatantId('Raider'), amount: max, damageType: 'untyped' })
    const r = heal(h, { wound: 70 }, [99])
    expect(r.ok ? '' : r.error.message).toMatch(/downed: stabilise it first/)
  })
})
