import { describe, expect, it } from 'vitest'
import type { AttackRequest } from '../../../../src-shared/attack'
import type { CombatantView } from '../../../../src-shared/views'
import type { CxCombatantInput } from '../../../../src-main/rules/compound-x/sheet/cx-sheet'
import { coresForTests } from '../../helpers/core-window'
import { gridTable, type Fighter } from '../../helpers/grid-table'
import { cx, trooper } from './cx-harness'
import { knife } from './cx-brawl'
import { combatant, idOf, instance, must, sheet } from './cx-rules'
import { faces } from './fixtures'

/*
 * Issue 31, Compound X on the map, through the core on a campaign on disk: a map of 1.5 m
 * squares, where a token's base is 0.6 m across its centre. A strike reaches as far as its
 * weapon's listed Range base to base (1 m; the Guri Carbon Whip 3 m), and so do the maneuvers
 * (SR-CX-110); a melee begins and is left by the 1 m between the bases (SR-CX-111); an
 * opportunity attack is judged where it was set off (SR-CX-112); a shot's distance is the
 * tokens' (SR-CX-113). Off the map, the GM's call.
 */

const startCore = coresForTests()

const whip = { kind: 'melee' as const, itemId: 'guri-carbon-whip', attachmentIds: [], ammo: 0, spareMagazines: 0 }
const fives = { str: 5, per: 5, fort: 5, cha: 5, int: 5, dex: 5, luck: 5 }
/** Base to base `gap` metres east of `from` on this grid (both bases 0.6 m across their centres). */
const east = (from: { x: number; y: number }, gap: number) => ({ x: from.x + gap + 1.2, y: from.y })
const HOME = { x: 3, y: 3 }

const fighter = (name: string, side: Fighter['side'], at?: { x: number; y: number }, over: Partial<CxCombatantInput> = {}): Fighter => ({
  name,
  side,
  rules: trooper(over),
  ...(at ? { at } : {}),
})
const refusal = (r: { ok: boolean; error?: { code: string; message: string } }) => (r.ok ? null : [r.error!.code, r.error!.message])
/** Whom it is in melee with, from its 'engaged' condition as the GM's desk holds it. */
const engaged = async (t: Awaited<ReturnType<typeof gridTable>>, name: string) => {
  const rec = (await t.gm.must('snapshot', undefined)).records.find((r) => r.typeName === 'combatant' && r.name === name) as CombatantView
  const data = rec.turn?.conditions.find((c) => c.conditionId === 'engaged')?.data as { opponents: { name: string }[] } | undefined
  return data?.opponents.map((o) => o.name) ?? []
}

describe('issue 31: Compound X reach, engagement and range from the tokens (SR-CX-110 to SR-CX-114)', () => {
  it('SR-CX-110: a punch at a foe 40 m off is refused in the preview, the map’s marks and the attack, with the distance; one at touching distance lands', async () => {
    const t = await gridTable(startCore, 'compound-x', [
      fighter('Vex', 'party', HOME),
      fighter('Gunner', 'enemy', { x: HOME.x + 40, y: HOME.y }, { stats: fives }),
      fighter('Brute', 'enemy', east(HOME, 0), { stats: fives, weapons: [knife] }),
    ])
    await t.turnOf('Vex')
    // The trooper's slots: the C25, then bare hands.
    const far = /^A strike with the Unarmed Strike \(SR-CX-110\) needs Gunner within 1 m of Vex; Gunner is 38\.8 m away \(base to base\)\.$/
    expect(await t.marks('Vex', 1)).toEqual({ Gunner: expect.stringMatching(far), Brute: null })
    const preview = await t.preview('Vex', 'Gunner', 1, {}, 'strike')
    expect(preview.ok && preview.value.blocked).toMatch(far)
    const before = await t.version()
    const r = await t.attack('Vex', 'Gunner', 1, {}, undefined, 'strike')
    expect(refusal(r)?.[0]).toBe('position/outOfReach')
    expect(refusal(r)?.[1]).toMatch(far)
    expect(await t.version()).toBe(before)
    expect(await engaged(t, 'Gunner')).toEqual([])
    // Bases touching: the blow is struck, and the two are in melee.
    expect(refusal(await t.attack('Vex', 'Brute', 1, {}, [1, 10], 'strike'))).toBeNull()
    expect(await engaged(t, 'Vex')).toEqual(['Brute'])
  })

  it('SR-CX-110, SR-CX-111: the whip reaches a foe 2.5 m off base to base and a knife does not; the whip’s blow from there starts no melee', async () => {
    const t = await gridTable(startCore, 'compound-x', [
      fighter('Vex', 'party', HOME, { weapons: [whip, knife] }),
      fighter('Raider', 'enemy', east(HOME, 2.5), { stats: fives }),
    ])
    await t.turnOf('Vex')
    const marks = await t.marks('Vex', 1)
    expect(marks['Raider']).toMatch(
      /^A strike with the Gurber G1 Combat Knife \(SR-CX-110\) needs Raider within 1 m of Vex; Raider is 2\.5 m away \(base to base\)\.$/,
    )
    expect((await t.marks('Vex', 0))['Raider']).toBeNull()
    expect(refusal(await t.attack('Vex', 'Raider', 1, {}, [1, 10], 'strike'))?.[0]).toBe('position/outOfReach')
    expect(refusal(await t.attack('Vex', 'Raider', 0, {}, [1, 10], 'strike'))).toBeNull()
    expect(await engaged(t, 'Vex')).toEqual([])
    expect(await engaged(t, 'Raider')).toEqual([])
  })

  it('SR-CX-110: a grapple, kick or stabilise out of reach is refused with the distance; the whip carries a grapple and a shove to 3 m, not a kick', async () => {
    const t = await gridTable(startCore, 'compound-x', [
      fighter('Vex', 'party', HOME, { weapons: [whip] }),
      fighter('Ash', 'party', east(HOME, 4)),
      fighter('Raider', 'enemy', { x: HOME.x, y: HOME.y + 2.5 + 1.2 }, { stats: fives }),
      fighter('Cy', 'party', { x: HOME.x, y: HOME.y + 20 }, { weapons: [] }),
      fighter('Gil', 'enemy', { x: HOME.x + 2, y: HOME.y + 20 }, { stats: fives }),
    ])
    await t.turnOf('Cy')
    // Cy has bare hands only (nothing drawn that reaches): 1 m.
    const grapple = await t.act('Cy', 'grapple', 'Raider')
    expect(refusal(grapple)?.[0]).toBe('position/outOfReach')
    expect(refusal(grapple)?.[1]).toMatch(
      /^An attempt to grapple Raider \(SR-CX-110\) needs Raider within 1 m of Cy; Raider is 15\.1 m away/,
    )
    // 2 m centre to centre: 0.8 m base to base. Gil wins the check, but the attempt starts a melee.
    expect(refusal(await t.act('Cy', 'grapple', 'Gil', {}, [1, 100]))).toBeNull()
    expect(await engaged(t, 'Cy')).toEqual(['Gil'])
    // Hands on a patient: within 1 m (CX29 "adjacent", SR-CX-114).
    await t.gm.command('combatant/setHp', { combatantId: t.id('Ash'), hp: 30 })
    const heal = await t.act('Cy', 'heal-wound', 'Ash', { medkit: true })
    expect(refusal(heal)?.[0]).toBe('position/outOfReach')
    expect(refusal(heal)?.[1]).toMatch(/^Treating Ash's wound \(SR-CX-114\) needs Ash within 1 m of Cy; Ash is 19\.\d m away/)
    await t.gm.command('combatant/damage', { combatantId: t.id('Ash'), amount: 30, damageType: 'untyped' })
    const stabilise = await t.act('Cy', 'stabilise', 'Ash')
    expect(refusal(stabilise)?.[0]).toBe('position/outOfReach')
    expect(refusal(stabilise)?.[1]).toMatch(/^Stabilising Ash \(CX29, adjacent\) needs Ash within 1 m of Cy/)
    await t.turnOf('Vex')
    // The whip in hand: grapple and shove at 2.5 m base to base, no kick; none of them opens a melee from there.
    expect(refusal(await t.act('Vex', 'shove', 'Raider', {}, [50, 50]))).toBeNull()
    expect(refusal(await t.act('Vex', 'kick', 'Raider'))?.[1]).toMatch(
      /^An attempt to kick Raider \(SR-CX-110\) needs Raider within 1 m of Vex; Raider is 2\.5 m away/,
    )
    expect(await engaged(t, 'Vex')).toEqual([])
  })

  it('SR-CX-111, SR-CX-112: circling within 1 m keeps the melee and draws nothing; a drag out of reach prompts the foe, whose blow is struck where it was set off', async () => {
    const t = await gridTable(startCore, 'compound-x', [
      fighter('Vex', 'party', HOME),
      fighter('Brute', 'enemy', east(HOME, 0), { stats: fives, weapons: [knife] }),
    ])
    await t.turnOf('Vex')
    expect(refusal(await t.attack('Vex', 'Brute', 1, {}, [1, 10], 'strike'))).toBeNull() // a miss engages too
    expect(await engaged(t, 'Brute')).toEqual(['Vex'])
    // Round Brute to its other side: 2.4 m walked, still touching.
    const round = { x: HOME.x + 2.4, y: HOME.y }
    expect(await t.previewMove('Vex', round)).toMatchObject({ summary: null, prompts: [] })
    expect(refusal(await t.place('Vex', round, false))).toBeNull()
    expect(await t.prompts()).toEqual([])
    expect(await engaged(t, 'Vex')).toEqual(['Brute'])
    // Away 6 m: out of reach, so out of the melee; Brute may strike as Vex goes.
    const away = { x: HOME.x + 2.4, y: HOME.y + 6 }
    expect((await t.previewMove('Vex', away)).prompts).toHaveLength(1)
    expect(refusal(await t.place('Vex', away, true))).toBeNull()
    const [prompt] = await t.prompts()
    expect(prompt).toMatchObject({ reactorId: t.id('Brute'), targetId: t.id('Vex') })
    const options = prompt!.resolve.kind === 'attack' ? prompt!.resolve.request.options : {}
    // No typed distance rides in it (the core refuses one that is not the map's): the one where it left.
    expect(options).toEqual({ opportunity: true, opportunityAt: 1.2 })
    expect(await engaged(t, 'Vex')).toEqual([])
    expect(await engaged(t, 'Brute')).toEqual([])
    // Vex now stands 4.8 m off base to base; Brute's knife is still struck.
    const r = await t.send('prompt/resolve', { promptId: prompt!.id })
    expect(refusal(r)).toBeNull()
    expect(
      (await t.logs()).some((l) => l.startsWith('Brute makes an opportunity attack (000) on Vex with the Gurber G1 Combat Knife')),
    ).toBe(true)
  })

  it('SR-CX-113: a shot’s distance is the tokens’: the panel asks none on the map, the brackets read it, and a forged one is refused', async () => {
    const t = await gridTable(startCore, 'compound-x', [
      fighter('Vex', 'party', HOME),
      fighter('Gunner', 'enemy', { x: HOME.x + 23.1, y: HOME.y }, { stats: fives }),
    ])
    await t.turnOf('Vex')
    const p = await t.preview('Vex', 'Gunner', 0, {}, 'semi')
    if (!p.ok) throw new Error(p.error.message)
    expect(p.value.options.map((o) => o.key)).not.toContain('distance')
    expect(p.value.headline).toMatch(/^23\.1 m · bracket/)
    expect(refusal(await t.attack('Vex', 'Gunner', 0, { distance: 5 }, undefined, 'semi'))?.[0]).toBe('position/distanceNotTheMaps')
  })

  it('off the map reach is the GM’s call; on it the GM may set positions aside for one act, logged', async () => {
    const t = await gridTable(startCore, 'compound-x', [
      fighter('Vex', 'party', HOME),
      fighter('Gunner', 'enemy', { x: HOME.x + 40, y: HOME.y }, { stats: fives }),
      fighter('Cy', 'party'),
      fighter('Gil', 'enemy', undefined, { stats: fives }),
    ])
    await t.turnOf('Vex')
    expect(refusal(await t.attack('Vex', 'Gunner', 1, {}, [1, 10], 'strike'))?.[0]).toBe('position/outOfReach')
    expect(refusal(await t.attack('Vex', 'Gunner', 1, { ignorePositions: true }, [1, 10], 'strike'))).toBeNull()
    expect((await t.logs()).some((l) => l.startsWith('Positions set aside by the GM for this act; 40 m on the map'))).toBe(true)
    await t.turnOf('Cy')
    // Neither has a token: the GM's word that they are close stands, and the blow starts a melee.
    expect(refusal(await t.attack('Cy', 'Gil', 1, {}, [1, 10], 'strike'))).toBeNull()
    expect(await engaged(t, 'Cy')).toEqual(['Gil'])
    const p = await t.preview('Cy', 'Gil', 0, {}, 'semi')
    expect(p.ok && p.value.options.find((o) => o.key === 'distance')).toMatchObject({ value: 10 })
  })
})

describe('SR-CX-112: a shot from inside a melee draws opportunity attacks only from those still within reach', () => {
  const at = (x: number) => ({ x, y: 0, radius: 0.5 })
  const engagedWith = (...names: string[]) =>
    instance('engaged', 'engaged', {
      data: { opponents: names.map((n) => ({ id: idOf(n), name: n, sheet: sheet({ weapons: [knife] }) })) } as never,
    })
  const shooter = combatant('Vex', sheet(), {
    side: 'party',
    acting: true,
    position: at(0),
    conditions: [engagedWith('Brute', 'Far')],
  })
  const brute = combatant('Brute', sheet({ weapons: [knife] }), { side: 'enemy', position: at(1.5) })
  const far = combatant('Far', sheet({ weapons: [knife] }), { side: 'enemy', position: at(8) })
  const target = combatant('Gunner', sheet(), { side: 'enemy', position: at(20) })
  const shot: AttackRequest = { attackerId: shooter.id, targetId: target.id, weapon: 0, mode: 'semi', options: {} }

  it('on the map only Brute, beside Vex, is prompted, with where they stood frozen; off the map both are', () => {
    const r = must(cx.attacks!.resolve(shot, shooter, target, faces(1, 1, 1, 1, 1, 1), () => [shooter, brute, far, target]))
    expect(r.prompts?.map((p) => p.reactorId)).toEqual([brute.id])
    const request = r.prompts![0]!.resolve.kind === 'attack' ? r.prompts![0]!.resolve.request : null
    expect(request?.options).toEqual({ opportunity: true, opportunityAt: 1.5 })
    const unplaced = (c: typeof shooter) => ({ ...c, position: undefined })
    const off = must(
      cx.attacks!.resolve({ ...shot, options: { distance: 20 } }, unplaced(shooter), unplaced(target), faces(1, 1, 1, 1, 1, 1)),
    )
    expect(off.prompts?.map((p) => p.reactorId)).toEqual([brute.id, far.id])
  })

  it('the Move action away from the melee leaves both, but only Brute, within reach of where Vex stands, may strike', () => {
    const move = { actorId: shooter.id, action: 'move', targetId: null, options: { actions: '2' } }
    const r = must(cx.actions!.perform(move, shooter, null, faces(), [shooter, brute, far, target]))
    expect(r.prompts?.map((p) => p.reactorId)).toEqual([brute.id])
    expect(r.summary).toContain(
      'leaves the melee with Brute and Far: an opportunity attack (000 Opportunity Attack); Far already out of reach (SR-CX-112)',
    )
    expect(r.conditions?.find((c) => c.combatantId === shooter.id)).toEqual({ combatantId: shooter.id, remove: ['engaged'] })
  })
})

describe('SR-CX-113: a suppressor’s reaction on the map carries no stored distance', () => {
  it('the prompt of a suppressed mover on the map lets the tokens give the distance; off the map it keeps the one recorded', () => {
    const raider = combatant('Raider', sheet(), { side: 'enemy', position: { x: 20, y: 0, radius: 0.5 } })
    const vex = combatant('Vex', sheet(), { side: 'party', acting: true, position: { x: 0, y: 0, radius: 0.5 } })
    const suppress = { actorId: raider.id, action: 'suppress', targetId: vex.id, options: { weapon: '0', level: 'medium' } }
    const grants = must(cx.actions!.perform(suppress, raider, vex, faces())).conditions!.find((c) => c.combatantId === vex.id)!.add!
    const held = grants.map((g, i) => instance(`s${i}`, g.conditionId, { sourceId: g.sourceId, data: g.data, stacks: g.stacks }))
    const move = (mover: typeof vex) =>
      must(cx.actions!.perform({ actorId: vex.id, action: 'move', targetId: null, options: { actions: '2' } }, mover, null, faces()))
    const optionsOf = (r: ReturnType<typeof move>) => {
      const p = r.prompts!.find((x) => x.reactorId === raider.id)!
      return p.resolve.kind === 'attack' ? p.resolve.request.options : null
    }
    expect(optionsOf(move({ ...vex, conditions: held }))).toEqual({ suppressionReaction: 'medium' })
    expect(optionsOf(move({ ...vex, position: undefined, conditions: held }))).toEqual({ suppressionReaction: 'medium', distance: 20 })
  })
})
