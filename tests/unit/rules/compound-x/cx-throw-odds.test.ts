import { describe, expect, it } from 'vitest'
import type { ActionRequest } from '../../../../src-shared/attack'
import type { CxCombatantInput } from '../../../../src-main/rules/compound-x/sheet/cx-sheet'
import { RulesRequests } from '../../../../src-main/core/app/rules-requests'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { cx, trooper } from './cx-harness'

/**
 * The odds of a thrown grenade before the throw (000 Grenades, SR-CX-21..24), through the core's
 * previewAction as the Action panel asks. Vex (PER 8: combat modifier 1; Explosives 8) at (0, 0)
 * throws a frag at the 3 m template on (10, 10): 14.1 m, over half of 22 m, so the miss chance is
 * 5 − 1 = 4 and a d10 above 4 lands on target: 6 faces in 10. Raider stands at the aim point,
 * Scout 6 m east, Far 40 m away, beyond any scatter (d10 m at most, SR-CX-22).
 */
const fives = { str: 5, per: 5, fort: 5, cha: 5, int: 5, dex: 5, luck: 5 }
const bare = { rigIds: [], materialId: null }

async function table(vex: Partial<CxCombatantInput> = {}) {
  const h = await CampaignHarness.create('throw-odds', tempDir(), undefined, cx)
  h.must('scene/create', { name: 'Dock' })
  const scene = h.campaign.store.ofType('scene').find((s) => s.name === 'Dock')!
  const places: Record<string, [number, number]> = { Vex: [0, 0], Raider: [10, 10], Scout: [16, 10], Far: [50, 40] }
  for (const [name, [x, y]] of Object.entries(places)) {
    const rules =
      name === 'Vex'
        ? trooper({ skills: { Explosives: 8 }, grenades: [{ itemId: 'ecsc-fragmentation-grenade', count: 2 }], ...vex })
        : trooper({ stats: fives, armour: bare })
    h.must('combatant/add', { name, side: name === 'Vex' ? 'party' : 'enemy', kind: name === 'Vex' ? 'pc' : 'npc', maxHp: 1, rules })
    h.must('token/place', { sceneId: scene.id, combatantId: h.combatantId(name), x, y })
  }
  h.must('area/place', { sceneId: scene.id, x: 10, y: 10, radius: 3, label: 'Grenade' })
  const areaId = h.campaign.store.ofType('areaMark').find((m) => m.label === 'Grenade')!.id
  const requests = new RulesRequests(h.campaign.store, cx)
  const odds = (options: ActionRequest['options'] = {}) =>
    requests.previewAction({ actorId: h.combatantId('Vex'), action: 'throw-grenade', targetId: null, areaId, options })
  return { h, odds }
}

const band = (bands: readonly { label: string; probability: number }[], label: string) =>
  bands.find((b) => b.label === label)?.probability ?? 0

describe('Compound X grenade odds (000 Grenades)', () => {
  it('lands on target when the d10 beats the miss chance: 6 faces in 10', async () => {
    const { odds } = await table()
    const r = odds()
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(band(r.value.outcomes, 'on target')).toBeCloseTo(0.6, 12)
    expect(r.value.outcomes.reduce((s, b) => s + b.probability, 0)).toBeCloseTo(1, 12)
    expect(r.value.blocked).toBeNull()
  })

  it('puts each one in the blast by the landings that reach it: the one at the aim point at least as often as it lands true', async () => {
    const { odds } = await table()
    const r = odds()
    if (!r.ok) throw new Error(r.error.message)
    const inBlast = (name: string) => band(r.value.each.find((e) => e.name === name)?.outcomes ?? [], 'in the blast')
    expect(inBlast('Raider')).toBeGreaterThanOrEqual(0.6)
    expect(inBlast('Raider')).toBeLessThanOrEqual(1)
    // Scout is outside the template: only a scatter towards it can catch it.
    expect(inBlast('Scout')).toBeGreaterThan(0)
    expect(inBlast('Scout')).toBeLessThan(0.4)
    expect(r.value.each.map((e) => e.name)).not.toContain('Far')
    for (const e of r.value.each) expect(e.outcomes.reduce((s, b) => s + b.probability, 0)).toBeCloseTo(1, 12)
    expect(r.value.note).toMatch(/dive clear/)
    const cooked = odds({ cook: true })
    expect(cooked.ok && cooked.value.note).toMatch(/nobody may dive clear/)
  })

  it('refuses as the throw would: a thrower without the Explosives the grenade needs', async () => {
    const { odds } = await table({ skills: { Explosives: 0 } })
    const r = odds()
    expect(r.ok && r.value.blocked).toMatch(/Explosives 0/)
    expect(r.ok && r.value.outcomes).toEqual([])
  })

  it('refuses a throw beyond the thrower’s reach, as the throw does (SR-CX-21): DEX and STR 1 reach 12 m, the aim is 14.1 m off', async () => {
    const { odds } = await table({ stats: { ...fives, dex: 1, str: 1 } })
    const r = odds()
    expect(r.ok && r.value.blocked).toMatch(/reaches 12 m/)
  })
})
