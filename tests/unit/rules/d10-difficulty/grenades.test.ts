import { describe, expect, it } from 'vitest'
import type { ActionRequest } from '../../../../src-shared/attack'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import type { D10Sheet } from '../../../../src-main/rules/d10-difficulty/sheet/d10-sheet'
import { issue } from '../../../../src-main/rules/d10-difficulty/sheet/d10-items'
import { d10SheetFromForm } from '../../../../src-main/rules/d10-difficulty/sheet/d10-sheet-form'
import { blastZone, healthAfterBlast } from '../../../../src-main/rules/d10-difficulty/damage/blast'
import { storyText } from '../../../../src-shared/table-story'
import { combatant, d10, sheet, sheetInput, typed } from './d10-fixtures'
import { RulesRequests } from '../../../../src-main/core/app/rules-requests'

/**
 * `002 Grenades` on a street (1 m squares: bases 0.4 m in radius): Ash throws from (30, 30), 28.3 m
 * from (10, 10) — within the grenade's 30 m (SR-D10-43; it stood at (40, 40), 42.4 m off, before
 * throws had a range). The grenade lands at (10, 10) under a 20 m template. Near stands on it
 * (killed), Mid 7 m off (incapacitated), Wall 2 m off behind grenade-proof cover, Far 16 m off
 * (under the template, its base 15.6 m out: beyond the 15 m casualty radius).
 */
async function street(templateRadius = 20) {
  const h = await CampaignHarness.create('d10-grenade', tempDir(), undefined, d10)
  h.must('scene/create', { name: 'Street' })
  const scene = h.campaign.store.ofType('scene').find((s) => s.name === 'Street')!
  const grenade = { ...issue('frag-grenade')! }
  const places: [string, number, number][] = [
    ['Ash', 30, 30],
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
/**
 * The throw is a Throwing check now (SR-D10-44): d10 10 + DEX 1 + PER 1 = 12 against 8 (medium at
 * maximum range +6, a still area −2, standing −1) puts it on target, where these tests are about the rings.
 */
const ON_TARGET = [10]

describe('002 Grenades through the engine (SR-D10-35…38)', () => {
  it('002 Grenades, SR-D10-36/37/38: kills within the effective radius, incapacitates within the casualty radius, spares grenade-proof cover and those beyond; one grenade spent; undo takes it back', async () => {
    const { h, c, request, hps } = await street()
    h.must('action/perform', { request: request() }, ON_TARGET)
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
  // Judged by the token's base since issue 31 (a 0.4 m base: its rim reaches 0.4 m past its centre), the test that puts it under the template.
  it('the rims count, touching the base', () => {
    const at = (x: number) => ({ x, y: 0, radius: 0.4 })
    expect([0, 5.4, 5.5, 15.4, 15.5].map((x) => blastZone({ x: 0, y: 0 }, at(x), radii))).toEqual([
      'effective',
      'effective',
      'casualty',
      'casualty',
      'outside',
    ])
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
    h.must('action/perform', { request: request() }, ON_TARGET)
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
    h.must('action/perform', { request: request() }, ON_TARGET)
    expect(hps()).toEqual([-20, 0, 20, 20, 20])
  })
})

/**
 * Issue 31: the throw from the thrower's token (SR-D10-43) and where a miss comes down
 * (SR-D10-44), on 1 m squares (bases 0.4 m in radius). A small grenade (kills within 2 m,
 * incapacitates within 4 m) is aimed at a 4 m template on Near at (10, 10); Ash throws from
 * (10, 30), 20 m off: medium at maximum range +6, a still area −2, standing −1 → difficulty 8,
 * against d10 + 2 (DEX 1, PER 1). East stands 5 m east of the aim point; Rim 4.3 m south of that,
 * its base reaching 0.4 m nearer.
 */
async function lot() {
  const h = await CampaignHarness.create('d10-throw', tempDir(), undefined, d10)
  h.must('scene/create', { name: 'Lot' })
  const sceneId = h.campaign.store.ofType('scene')[0]!.id
  const small = { ...issue('frag-grenade')!, blast: { effective: 2, casualty: 4 } }
  const places: [string, number, number][] = [
    ['Ash', 10, 30],
    ['Near', 10, 10],
    ['East', 15, 10],
    ['Rim', 15, 14.3],
  ]
  const place = (name: string, x: number, y: number) => {
    const rules = name === 'Ash' ? sheetInput({ weapons: [small] }) : sheetInput()
    h.must('combatant/add', { name, side: name === 'Ash' ? 'party' : 'enemy', kind: name === 'Ash' ? 'pc' : 'npc', maxHp: 20, rules })
    h.must('token/place', { sceneId, combatantId: h.combatantId(name), x, y })
  }
  for (const [name, x, y] of places) place(name, x, y)
  h.must('area/place', { sceneId, x: 10, y: 10, radius: 4, label: 'Grenade' })
  const areaId = h.campaign.store.ofType('areaMark')[0]!.id
  const template = () => h.campaign.store.get(areaId) as { x: number; y: number }
  const throwAt = (options: ActionRequest['options'] = {}): ActionRequest => ({
    actorId: h.combatantId('Ash'),
    action: 'throw-grenade',
    targetId: null,
    options: { weapon: '0', ...options },
    areaId,
  })
  const hps = () => ['Near', 'East', 'Rim'].map((n) => h.campaign.store.ofType('combatant').find((c) => c.name === n)!.hp)
  const story = () => {
    const s = h.campaign.store.get('story')
    return s?.typeName === 'story' ? s.lines.map((l) => storyText(l.fact)) : []
  }
  const lastLog = () =>
    h.campaign.store
      .ofType('log')
      .sort((a, b) => a.seq - b.seq)
      .at(-1)!
  const moveAsh = (x: number, y: number) => h.must('token/place', { sceneId, combatantId: h.combatantId('Ash'), x, y })
  const hpOf = (name: string) => h.campaign.store.ofType('combatant').find((c) => c.name === name)!.hp
  return { h, throwAt, hps, hpOf, story, template, lastLog, moveAsh, place }
}

describe('issue 31: the throw is a range task from the thrower’s token (SR-D10-43, SR-D10-44)', () => {
  it('002 Thrown Weapons, SR-D10-43: past the grenade’s effective range the throw is refused with both distances, nothing changed', async () => {
    const { h, throwAt, moveAsh } = await lot()
    moveAsh(10, 45)
    const before = snapshot(h)
    const r = h.run('action/perform', { request: throwAt() }, [10])
    expect(!r.ok && [r.error.code, r.error.message]).toEqual([
      'grenade/outOfRange',
      "Ash is 35 m from Grenade: 35 m is beyond the weapon's effective range of 30 m (D4). (002 Thrown Weapons, SR-D10-43)",
    ])
    expect(snapshot(h)).toBe(before)
  })

  it('002 Grenades: a Throwing check that reaches the difficulty lands where aimed; the table is told whom it hit', async () => {
    const { h, throwAt, hps, story, template, lastLog } = await lot()
    h.must('action/perform', { request: throwAt() }, [10])
    expect(template()).toMatchObject({ x: 10, y: 10 })
    expect(hps()).toEqual([-20, 20, 20])
    expect(lastLog().text).toBe(
      'Ash throws the Fragmentation grenade at Grenade: Throwing 12 vs difficulty 8, on target; kills Near (002 Grenades)',
    )
    expect(story()).toContain('Ash throws a grenade — Grenade 4 m: Near hit')
  })

  it('SR-D10-44: a miss comes down as many metres off as it missed by, towards the d8; the template moves there, whoever stands there is hit, Rim’s base under the rim is incapacitated, not untouched; undo puts it all back', async () => {
    const { h, throwAt, hps, story, template, lastLog } = await lot()
    // d10 1 + 2 = 3 against 8: missed by 5; d8 3 is east: (15, 10), on East.
    h.must('action/perform', { request: throwAt() }, [1, 3])
    expect(template()).toMatchObject({ x: 15, y: 10 })
    // Rim's centre is 4.3 m from the burst, its base 3.9 m: within the casualty radius (SR-D10-36).
    expect(hps()).toEqual([20, -20, 0])
    const log = lastLog()
    expect(log.text).toBe(
      'Ash throws the Fragmentation grenade at Grenade: Throwing 3 vs difficulty 8, misses by 5: lands 5 m east; kills East; incapacitates Rim (002 Grenades)',
    )
    expect(log.rolls.map((r) => r.purpose)).toEqual(['Ash: Throwing at Grenade', 'Ash: where the Fragmentation grenade scatters'])
    expect(JSON.stringify(log.detail)).toContain(
      '"label":"Rim (its base 3.9 m from the burst)","value":"incapacitated (casualty radius) → 0"',
    )
    expect(story()).toContain('Ash throws a grenade — Grenade 4 m lands 5 m off: East, Rim hit')
    h.must('history/undo', {})
    expect(template()).toMatchObject({ x: 10, y: 10 })
    expect(hps()).toEqual([20, 20, 20])
  })

  it('SR-D10-44, SR-D10-36: at the landing point the touching edge counts: a base whose rim the template’s rim meets is under it and in the casualty ring; a tenth of a metre further is neither', async () => {
    const { h, throwAt, hpOf, story, template, place } = await lot()
    // Lands at (15, 10) as above. Edge's base reaches exactly 4 m from the burst (centre 4.4 m, base 0.4 m); Past's 4.1 m.
    place('Edge', 19.4, 10)
    place('Past', 19.5, 10)
    h.must('action/perform', { request: throwAt() }, [1, 3])
    expect(template()).toMatchObject({ x: 15, y: 10 })
    expect([hpOf('Edge'), hpOf('Past')]).toEqual([0, 20])
    expect(story()).toContain('Ash throws a grenade — Grenade 4 m lands 5 m off: East, Rim, Edge hit')
  })

  it('SR-D10-44: a miss that comes down on empty ground hits no one there, not those where it was aimed; the table is told so', async () => {
    const { h, throwAt, hps, story, template, lastLog } = await lot()
    // Missed by 5 again; d8 7 is west: (5, 10). Near's base, 5 m east of there, is 4.6 m from the burst: outside the 4 m template.
    h.must('action/perform', { request: throwAt() }, [1, 7])
    expect(template()).toMatchObject({ x: 5, y: 10 })
    expect(hps()).toEqual([20, 20, 20])
    expect(lastLog().text).toBe(
      'Ash throws the Fragmentation grenade at Grenade: Throwing 3 vs difficulty 8, misses by 5: lands 5 m west; no one is caught (002 Grenades)',
    )
    expect(story()).toContain('Ash throws a grenade — Grenade 4 m lands 5 m off: no one hit')
  })

  it('SR-D10-44: the GM may rule it lands where aimed: no Throwing check is rolled, and the log says whose call it was', async () => {
    const { h, throwAt, hps, lastLog } = await lot()
    h.must('action/perform', { request: throwAt({ landing: 'aimed' }) })
    expect(hps()).toEqual([-20, 20, 20])
    expect(lastLog().rolls).toEqual([])
    expect(lastLog().text).toMatch(/lands where aimed \(the GM’s call\); kills Near/)
  })

  it('SR-D10-43: off the map the throw’s distance is typed; on it a typed distance that is not the map’s is refused; the GM may set positions aside, logged', async () => {
    const { h, throwAt } = await lot()
    const forged = h.run('action/perform', { request: throwAt({ distance: 12 }) }, [10])
    expect(!forged.ok && [forged.error.code, forged.error.message]).toEqual([
      'position/distanceNotTheMaps',
      'Ash stands 20 m from Grenade on the map, not 12 m: the map decides. Set positions aside for this act to use your distance.',
    ])
    h.must('action/perform', { request: throwAt({ distance: 12, ignorePositions: true, landing: 'aimed' }) })
    expect(h.logText()).toContain('Positions set aside by the GM for this act (distance typed: 12 m)')
    h.must('token/remove', { tokenId: h.campaign.store.ofType('token').find((t) => t.combatantId === h.combatantId('Ash'))!.id })
    const far = h.run('action/perform', { request: throwAt({ distance: 35 }) }, [10])
    expect(!far.ok && far.error.code).toBe('grenade/outOfRange')
    h.must('action/perform', { request: throwAt({ distance: 25 }) }, [10])
  })
})

describe('002 Grenades: the odds before the throw (SR-D10-44, SR-D10-37, SR-D10-38)', () => {
  const inBand = (bands: readonly { label: string; probability: number }[], label: string) =>
    bands.find((b) => b.label === label)?.probability ?? 0

  it('lands where aimed when d10 + DEX 1 + PER 1 reaches 8: faces 6–10, one in two; each one by the rings it can fall in', async () => {
    const { h, request } = await street()
    const before = snapshot(h)
    const r = new RulesRequests(h.campaign.store, d10).previewAction(request())
    if (!r.ok) throw new Error(r.error.message)
    expect(inBand(r.value.outcomes, 'lands where aimed')).toBeCloseTo(0.5, 12)
    const of = (name: string) => r.value.each.find((e) => e.name === name)?.outcomes ?? []
    // Near stands on the aim point: killed whenever it lands true, and by some scatters too.
    expect(inBand(of('Near'), 'killed')).toBeGreaterThanOrEqual(0.5)
    // Wall is behind grenade-proof cover: no landing harms it, so it is not listed.
    expect(r.value.each.map((e) => e.name)).not.toContain('Wall')
    for (const e of r.value.each) expect(e.outcomes.reduce((s, b) => s + b.probability, 0)).toBeCloseTo(1, 12)
    // The odds are a read: nothing changed, no die drawn.
    expect(snapshot(h)).toBe(before)
  })

  it('agrees with the throw itself on every face of the check that lands true', async () => {
    const { h, request, hps } = await street()
    const r = new RulesRequests(h.campaign.store, d10).previewAction(request())
    if (!r.ok) throw new Error(r.error.message)
    const killedWhenTrue = r.value.each.filter((e) => inBand(e.outcomes, 'killed') >= 0.5).map((e) => e.name)
    for (const face of [6, 8, 10]) {
      h.must('action/perform', { request: request() }, [face])
      const dead = ['Near', 'Mid', 'Wall', 'Far', 'Ash'].filter((_, i) => hps()[i]! <= -20)
      expect(killedWhenTrue).toEqual(expect.arrayContaining(dead))
      h.must('history/undo', {})
    }
  })
})
