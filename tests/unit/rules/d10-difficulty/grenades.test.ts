import { describe, expect, it } from 'vitest'
import type { ActionRequest } from '../../../../src-shared/attack'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import type { D10Sheet } from '../../../../src-main/rules/d10-difficulty/sheet/d10-sheet'
import { issue } from '../../../../src-main/rules/d10-difficulty/sheet/d10-items'
import { d10SheetFromForm } from '../../../../src-main/rules/d10-difficulty/sheet/d10-sheet-form'
import { blastZone, healthAfterBlast } from '../../../../src-main/rules/d10-difficulty/damage/blast'
import { combatant, d10, sheet, sheetInput, typed } from './d10-fixtures'

/**
 * `002 Grenades` on a street: Ash throws from (40, 40). The grenade lands at (10, 10) under a 20 m
 * template. Near stands on it (killed), Mid 7 m off (incapacitated), Wall 2 m off behind
 * grenade-proof cover, Far 16 m off (under the template, beyond the 15 m casualty radius).
 */
async function street(templateRadius = 20) {
  const h = await CampaignHarness.create('d10-grenade', tempDir(), undefined, d10)
  h.must('scene/create', { name: 'Street' })
  const scene = h.campaign.store.ofType('scene').find((s) => s.name === 'Street')!
  const grenade = { ...issue('frag-grenade')! }
  const places: [string, number, number][] = [
    ['Ash', 40, 40],
    ['Near', 10, 10],
    ['Mid', 10, 17],
    ['Wall', 12, 10],
    ['Far', 10, 26],
  ]
  for (const [name, x, y] of places) {
    const rules = name === 'Ash' ? sheetInput({ weapons: [grenade] }) : sheetInput()
    h.must('combatant/add', { name, side: name === 'Ash' ? 'party' : 'enemy', kind: name === 'Ash' ? 'pc' : 'npc', maxHp: 20, rules })
    h.must('token/place', { sceneId: scene.id, combatantId: h.combatantId(name), x, y })
  }
  h.must('condition/add', { combatantId: h.combatantId('Wall'), condition: 'grenade-proof-cover', duration: { kind: 'indefinite' } })
  h.must('area/place', { sceneId: scene.id, x: 10, y: 10, radius: templateRadius, label: 'Grenade' })
  const areaId = h.campaign.store.ofType('areaMark')[0]!.id
  const c = (name: string) => h.campaign.store.ofType('combatant').find((x) => x.name === name)!
  const request = (more: Partial<ActionRequest> = {}): ActionRequest => ({
    actorId: c('Ash').id,
    action: 'throw-grenade',
    targetId: null,
    options: { weapon: '0' },
    areaId,
    ...more,
  })
  const hps = () => ['Near', 'Mid', 'Wall', 'Far', 'Ash'].map((n) => c(n).hp)
  return { h, c, request, hps }
}

const snapshot = (h: CampaignHarness) => JSON.stringify(h.campaign.store.toObject())

describe('002 Grenades through the engine (SR-D10-35…38)', () => {
  it('002 Grenades, SR-D10-36/37/38: kills within the effective radius, incapacitates within the casualty radius, spares grenade-proof cover and those beyond; one grenade spent; undo takes it back', async () => {
    const { h, c, request, hps } = await street()
    h.must('action/perform', { request: request() })
    expect(hps()).toEqual([-20, 0, 20, 20, 20])
    expect((c('Ash').rules as unknown as D10Sheet).weapons[0]!.ammo).toBe(1)
    expect(h.logText()).toMatch(/kills Near; incapacitates Mid/)
    h.must('history/undo', {})
    expect(hps()).toEqual([20, 20, 20, 20, 20])
    expect((c('Ash').rules as unknown as D10Sheet).weapons[0]!.ammo).toBe(2)
  })

  it('002 Grenades: refused with nothing changed — no template, a template smaller than the casualty radius, no grenade left, no grenade at all', async () => {
    const { h, c, request } = await street(10)
    const before = snapshot(h)
    const noArea = h.run('action/perform', { request: { ...request(), areaId: undefined } })
    expect(noArea.ok ? '' : noArea.error.message).toMatch(/pick a template/)
    const small = h.run('action/perform', { request: request() })
    expect(small.ok ? '' : small.error.code).toBe('grenade/templateSmall')
    expect(snapshot(h)).toBe(before)
    h.must('combatant/setSheet', { combatantId: c('Ash').id, values: { 'weapons.0.ammo': 0 } })
    const afterEdit = snapshot(h)
    const empty = h.run('action/perform', { request: request() })
    expect(empty.ok ? '' : empty.error.code).toBe('grenade/none')
    expect(snapshot(h)).toBe(afterEdit)
    const near = h.run('action/perform', { request: { ...request(), actorId: c('Near').id } })
    expect(near.ok).toBe(false)
    expect(snapshot(h)).toBe(afterEdit)
  })

  it('002 Grenades: a grenade thrown as an ordinary attack is refused and pointed at the area action', () => {
    const ash = combatant('Ash', sheet({ weapons: [issue('frag-grenade')!] }))
    const bo = combatant('Bo', sheet())
    const r = d10.attacks!.resolve({ attackerId: ash.id, targetId: bo.id, weapon: 0, mode: 'throw', options: {} }, ash, bo, typed(9))
    expect(r.ok ? '' : r.error.message).toMatch(/Throw a grenade/)
  })
})

describe('SR-D10-35: the radii on the sheet', () => {
  it('the starter grenade has 5 m and 15 m; the GM edits them on the form; other weapons have none', () => {
    const s = sheet({ weapons: [issue('frag-grenade')!] })
    expect(s.weapons[0]!.blast).toEqual({ effective: 5, casualty: 15 })
    expect(sheet().weapons[0]!.blast).toBeNull()
    const edited = d10.combatantRules!.parse(d10SheetFromForm({ 'weapons.0.blast.effective': 3, 'weapons.0.blast.casualty': 10 }, s))
    expect(edited.ok && (edited.value.data as unknown as D10Sheet).weapons[0]!.blast).toEqual({ effective: 3, casualty: 10 })
  })
})

describe('SR-D10-36/37: the rings and the health they leave', () => {
  const radii = { effective: 5, casualty: 15 }
  it('the rims count', () => {
    expect([0, 5, 5.1, 15, 15.1].map((d) => blastZone(d, radii))).toEqual(['effective', 'effective', 'casualty', 'casualty', 'outside'])
  })
  it('killed is a whole health bar below 0, incapacitated 0, never raised; cover spares both', () => {
    expect(healthAfterBlast(20, 20, 'effective', false)).toBe(-20)
    expect(healthAfterBlast(12, 20, 'casualty', false)).toBe(0)
    expect(healthAfterBlast(-3, 20, 'casualty', false)).toBe(-3)
    expect(healthAfterBlast(12, 20, 'effective', true)).toBe(12)
  })
})

describe('002 Grenades: bludgeoning and piercing (SR-D10-41)', () => {
  it('002 Grenades, SR-D10-41: full cover or full body armour stops the shrapnel: the shock wave alone incapacitates within the effective radius and spares the casualty ring', async () => {
    const { h, c, request, hps } = await street()
    h.must('condition/add', { combatantId: c('Near').id, condition: 'full-cover', duration: { kind: 'indefinite' } })
    const armoured = { head: 2, torso: 4, arms: 2, legs: 2 }
    h.must('combatant/setRules', { combatantId: c('Mid').id, rules: sheetInput({ dr: armoured }) })
    h.must('action/perform', { request: request() })
    // Near on the spot behind full cover: incapacitated, not killed; Mid in full armour 7 m off: unharmed.
    expect(hps()).toEqual([0, 20, 20, 20, 20])
    expect(h.logText()).toMatch(/incapacitates Near/)
    const lines = h.campaign.store.ofType('log').at(-1)!
    expect(JSON.stringify(lines)).toMatch(/full cover stops the shrapnel \(piercing\); the shock wave \(bludgeoning\): incapacitated → 0/)
    expect(JSON.stringify(lines)).toMatch(/full body armour stops the shrapnel \(piercing\); the shock wave \(bludgeoning\): unharmed/)
  })

  it('SR-D10-41: armour on some zones only is not full body armour; the shrapnel goes through', async () => {
    const { h, c, request, hps } = await street()
    h.must('combatant/setRules', { combatantId: c('Mid').id, rules: sheetInput({ dr: { head: 0, torso: 4, arms: 2, legs: 2 } }) })
    h.must('action/perform', { request: request() })
    expect(hps()).toEqual([-20, 0, 20, 20, 20])
  })
})
