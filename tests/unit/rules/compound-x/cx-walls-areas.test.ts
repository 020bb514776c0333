import { previewActionOdds } from '../../../../src-main/core/app/action-odds'
import { describe, expect, it } from 'vitest'
import type { ActionRequest } from '../../../../src-shared/attack'
import { RulesRequests } from '../../../../src-main/core/app/rules-requests'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { act, brawl, prompts } from './cx-brawl'
import { combatant, cx, trooper } from './cx-harness'

/**
 * Issue 34 in Compound X: a grenade's blast and a suppression zone reach only what their source
 * reaches through walls (SR-CORE-32), through the core's commands as the desk sends them. The
 * scene has no grid: every base is 0.5 m in radius.
 */
const fives = { str: 5, per: 5, fort: 5, cha: 5, int: 5, dex: 5, luck: 5 }
const bare = { rigIds: [], materialId: null }

/**
 * Vex (Explosives 8) at (0, 0) throws a frag (5 m blast) at the 3 m template on (10, 10): miss
 * chance 4 (as in cx-grenade.test.ts). Raider stands on the aim point, Brute 2 m east of it; with
 * walls, a wall at x = 11 from y 8 to 12 stands between the burst and Brute.
 */
async function dock(withWall: boolean) {
  const h = await CampaignHarness.create('cx-walls', tempDir(), undefined, cx)
  h.must('scene/create', { name: 'Dock' })
  const sceneId = h.campaign.store.ofType('scene')[0]!.id
  const places: Record<string, [number, number]> = { Vex: [0, 0], Raider: [10, 10], Brute: [12, 10] }
  for (const [name, [x, y]] of Object.entries(places)) {
    const rules =
      name === 'Vex'
        ? trooper({ skills: { Explosives: 8 }, grenades: [{ itemId: 'ecsc-fragmentation-grenade', count: 2 }] })
        : trooper({ stats: fives, armour: bare })
    h.must('combatant/add', { name, side: name === 'Vex' ? 'party' : 'enemy', kind: name === 'Vex' ? 'pc' : 'npc', maxHp: 1, rules })
    h.must('token/place', { sceneId, combatantId: h.combatantId(name), x, y })
  }
  if (withWall)
    h.must('wall/add', {
      sceneId,
      kind: 'wall',
      points: [
        { x: 11, y: 8 },
        { x: 11, y: 12 },
      ],
    })
  h.must('area/place', { sceneId, x: 10, y: 10, radius: 3, label: 'Grenade' })
  h.must('encounter/start', { name: 'Dock fight' })
  h.must('encounter/rollInitiative', {}, [10, 20, 90])
  const areaId = h.campaign.store.ofType('areaMark')[0]!.id
  const request: ActionRequest = {
    actorId: h.combatantId('Vex'),
    action: 'throw-grenade',
    targetId: null,
    areaId,
    options: { grenade: '0' },
  }
  const inBlast = (name: string) => {
    const r = new RulesRequests(h.campaign.store, cx).previewAction(request)
    if (!r.ok) throw new Error(r.error.message)
    return r.value.each.find((e) => e.name === name)?.outcomes.find((b) => b.label === 'in the blast')?.probability ?? 0
  }
  return { h, request, inBlast }
}

describe('000 Grenades behind a wall (SR-CORE-32, SR-CX-160)', () => {
  it('without the wall, a frag on target hits both under the template', async () => {
    const { h, request } = await dock(false)
    const before = ['Raider', 'Brute'].map((n) => combatant(h, n).hp)
    // d10 7 > miss chance 4: on target; each dodge d100 1 (caught); each body d100 10.
    h.must('action/perform', { request }, [7, 1, 1, 10, 10])
    expect(['Raider', 'Brute'].map((n) => combatant(h, n).hp)).toEqual(before.map((hp) => hp - 45))
  })

  it('SR-CX-160: with the wall between the burst and Brute, only Raider is hit; Brute is neither under the template nor in the blast', async () => {
    const { h, request } = await dock(true)
    const [raider, brute] = ['Raider', 'Brute'].map((n) => combatant(h, n).hp)
    h.must('action/perform', { request }, [7, 1, 10])
    expect(combatant(h, 'Raider').hp).toBe(raider! - 45)
    expect(combatant(h, 'Brute').hp).toBe(brute)
    const log = h.campaign.store
      .ofType('log')
      .sort((a, b) => a.seq - b.seq)
      .at(-1)!
    expect(log.text).toMatch(/45 ballistic to Raider;/)
    expect(log.text).not.toMatch(/Brute/)
  })

  it('the odds agree: without the wall Brute is in the blast at least whenever it lands true (6 in 10); with it only when a scatter puts the burst on its side', async () => {
    expect((await dock(false)).inBlast('Brute')).toBeGreaterThanOrEqual(0.6)
    const walled = (await dock(true)).inBlast('Brute')
    expect(walled).toBeGreaterThan(0)
    expect(walled).toBeLessThanOrEqual(0.4)
  })
})

/**
 * Brute (an ECSC MK15 R2, heavy) lays heavy suppression on Raider at (12, 5) from (0, 5): a 2 m
 * zone round Raider. Vex stands off at (16, 5). With walls, a wall at x = 13 from y 2 to 8 cuts
 * the zone's east end off from Brute.
 */
async function zone(withWall: boolean) {
  const mk15 = { kind: 'ranged' as const, itemId: 'ecsc-mk15r2', attachmentIds: [], ammo: 30, spareMagazines: 1 }
  const h = await brawl({ brute: { classId: 'specialist', weapons: [mk15] } }) // SR-CX-193: a machine gun is a Specialist's
  h.must('scene/create', { name: 'Dock' })
  const sceneId = h.campaign.store.ofType('scene')[0]!.id
  const place = (name: string, x: number, y: number) => h.must('token/place', { sceneId, combatantId: h.combatantId(name), x, y })
  place('Brute', 0, 5)
  place('Raider', 12, 5)
  place('Vex', 16, 5)
  if (withWall)
    h.must('wall/add', {
      sceneId,
      kind: 'wall',
      points: [
        { x: 13, y: 2 },
        { x: 13, y: 8 },
      ],
    })
  h.must('encounter/nextTurn', {}) // Raider
  h.must('encounter/nextTurn', {}) // Brute
  const heavy = act(h, 'Brute', 'suppress', 'Raider', { weapon: '0', level: 'heavy' })
  if (!heavy.ok) throw new Error(heavy.error.message)
  const suppressed = (name: string) => combatant(h, name).conditions.some((x) => x.conditionId === 'suppressed')
  expect(suppressed('Raider')).toBe(true)
  return { h, place, suppressed, fresh: () => prompts(h) }
}

describe('000 Suppression: not suppressed where the suppressor cannot physically hit you (CX25, CX26, SR-CX-161)', () => {
  it('without the wall, Raider stepping 1.8 m east stays in the zone: Brute reacts and Raider stays suppressed', async () => {
    const { place, suppressed, fresh } = await zone(false)
    place('Raider', 13.8, 5)
    expect(fresh().map((p) => p.text)).toEqual([expect.stringMatching(/^Brute reacts to Raider leaving cover: heavy suppression/)])
    expect(suppressed('Raider')).toBe(true)
  })

  it('SR-CX-161: with the wall, the same step ends where Brute has no line of fire: no reaction, and no longer suppressed', async () => {
    const { h, place, suppressed, fresh } = await zone(true)
    place('Raider', 13.8, 5)
    expect(fresh()).toEqual([])
    expect(suppressed('Raider')).toBe(false)
    const log = h.campaign.store.ofType('log').find((l) => l.text.includes('Raider moves') && l.text.includes('on the map'))
    expect(log?.text).toMatch(/cannot hit it through the walls: no reaction, no longer suppressed by it \(SR-CX-161\)/)
  })

  it('SR-CX-161: Vex, not suppressed, stepping into the zone behind the wall is not flagged; into its open part it is (CX26)', async () => {
    const walled = await zone(true)
    walled.place('Vex', 13.8, 5.5)
    expect(walled.fresh()).toEqual([])
    const open = await zone(false)
    open.place('Vex', 13.8, 5.5)
    expect(open.fresh().map((p) => p.text)).toEqual([
      expect.stringMatching(/Vex moves through a suppression zone without being suppressed/),
    ])
  })
})

describe('000 Suppression laid through walls: heavy catches no one the suppressor cannot hit (SR-CX-161)', () => {
  /** Brute at (0, 5) lays heavy suppression on Raider at (12, 5); Vex stands 1.5 m from Raider, at (13.5, 5). */
  async function heavyOn(withWall: boolean) {
    const mk15 = { kind: 'ranged' as const, itemId: 'ecsc-mk15r2', attachmentIds: [], ammo: 30, spareMagazines: 1 }
    const h = await brawl({ brute: { classId: 'specialist', weapons: [mk15] } }) // SR-CX-193: a machine gun is a Specialist's
    h.must('scene/create', { name: 'Dock' })
    const sceneId = h.campaign.store.ofType('scene')[0]!.id
    const place = (name: string, x: number, y: number) => h.must('token/place', { sceneId, combatantId: h.combatantId(name), x, y })
    place('Brute', 0, 5)
    place('Raider', 12, 5)
    place('Vex', 13.5, 5)
    if (withWall)
      h.must('wall/add', {
        sceneId,
        kind: 'wall',
        points: [
          { x: 12.75, y: 2 },
          { x: 12.75, y: 8 },
        ],
      })
    h.must('encounter/nextTurn', {}) // Raider
    h.must('encounter/nextTurn', {}) // Brute
    const heavy = act(h, 'Brute', 'suppress', 'Raider', { weapon: '0', level: 'heavy' })
    if (!heavy.ok) throw new Error(heavy.error.message)
    return (name: string) => combatant(h, name).conditions.some((x) => x.conditionId === 'suppressed')
  }

  it('without the wall Vex, 1.5 m from the target, is caught in the 2 m zone; behind the wall it is not', async () => {
    const open = await heavyOn(false)
    expect([open('Raider'), open('Vex')]).toEqual([true, true])
    const walled = await heavyOn(true)
    expect([walled('Raider'), walled('Vex')]).toEqual([true, false])
  })

  it('SR-CX-161: the odds before the roll name the same ones: Vex in the zone in the open, not behind the wall', async () => {
    for (const withWall of [false, true]) {
      const mk15 = { kind: 'ranged' as const, itemId: 'ecsc-mk15r2', attachmentIds: [], ammo: 30, spareMagazines: 1 }
      const h = await brawl({ brute: { classId: 'specialist', weapons: [mk15] } }) // SR-CX-193: a machine gun is a Specialist's
      h.must('scene/create', { name: 'Dock' })
      const sceneId = h.campaign.store.ofType('scene')[0]!.id
      const place = (name: string, x: number, y: number) => h.must('token/place', { sceneId, combatantId: h.combatantId(name), x, y })
      place('Brute', 0, 5)
      place('Raider', 12, 5)
      place('Vex', 13.5, 5)
      if (withWall)
        h.must('wall/add', {
          sceneId,
          kind: 'wall',
          points: [
            { x: 12.75, y: 2 },
            { x: 12.75, y: 8 },
          ],
        })
      h.must('encounter/nextTurn', {})
      h.must('encounter/nextTurn', {})
      const odds = previewActionOdds(h.campaign.store, h.ruleset, {
        actorId: h.combatantId('Brute'),
        action: 'suppress',
        targetId: h.combatantId('Raider'),
        options: { weapon: '0', level: 'heavy' },
      })
      if (!odds.ok) throw new Error(odds.error.message)
      const named = JSON.stringify(odds.value)
      expect(named).toContain('Raider')
      expect(named.includes('Vex')).toBe(!withWall)
    }
  })
})
