import { describe, expect, it } from 'vitest'
import type { ActionRequest } from '../../../../src-shared/attack'
import type { CxCombatant, CxCombatantInput } from '../../../../src-main/rules/compound-x/sheet/cx-sheet'
import { asRulesCombatant } from '../../../../src-main/core/state/rules-combatants'
import { storyText } from '../../../../src-shared/table-story'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { combatant, cx, trooper } from './cx-harness'

/**
 * Issue 14, CX1: "Throw a grenade" aimed at an area template, through the real engine.
 *
 * Vex (PER 8: combat modifier 1; DEX 6, STR 6: throws 10 + 2 × 6 = 22 m; Explosives 8) stands at
 * (0, 0). The squad, unarmoured so only the CX11 body roll is rolled: Raider at (10, 10) and
 * Brute at (12, 10) under the 3 m template "Grenade" centred on (10, 10); Scout at (16, 10)
 * outside it. The aim point is 14.1 m away: over half of 22 m, so no +2, and a frag's miss
 * chance is 5 − 1 (PER) = 4.
 */
const fives = { str: 5, per: 5, fort: 5, cha: 5, int: 5, dex: 5, luck: 5 }
const bare = { rigIds: [], materialId: null }
const FRAG = 'ecsc-fragmentation-grenade'
const CHEMICAL = 'frontier-chemical-grenade'

async function table(vex: Partial<CxCombatantInput> = {}, vexAt: [number, number] = [0, 0]) {
  const h = await CampaignHarness.create('grenade', tempDir(), undefined, cx)
  h.must('scene/create', { name: 'Dock' })
  const scene = h.campaign.store.ofType('scene').find((s) => s.name === 'Dock')!
  const sheets: Record<string, CxCombatantInput> = {
    Vex: trooper({
      skills: { Explosives: 8 },
      grenades: [
        { itemId: FRAG, count: 2 },
        { itemId: CHEMICAL, count: 1 },
        { itemId: 'ecsc-c10-plastic-he', count: 1 },
      ],
      ...vex,
    }),
    Raider: trooper({ stats: fives, armour: bare }),
    Brute: trooper({ stats: fives, armour: bare }),
    Scout: trooper({ stats: fives, armour: bare }),
  }
  const places: Record<string, [number, number]> = { Vex: vexAt, Raider: [10, 10], Brute: [12, 10], Scout: [16, 10] }
  for (const [name, rules] of Object.entries(sheets)) {
    h.must('combatant/add', { name, side: name === 'Vex' ? 'party' : 'enemy', kind: name === 'Vex' ? 'pc' : 'npc', maxHp: 1, rules })
    const [x, y] = places[name]!
    h.must('token/place', { sceneId: scene.id, combatantId: h.combatantId(name), x, y })
  }
  h.must('area/place', { sceneId: scene.id, x: 10, y: 10, radius: 3, label: 'Grenade' })
  h.must('encounter/start', { name: 'Dock fight' })
  // Name order Brute, Raider, Scout, Vex: Vex rolls highest and acts first.
  h.must('encounter/rollInitiative', {}, [10, 20, 30, 90])
  expect(h.campaign.store.ofType('encounter')[0]!.currentCombatantId).toBe(h.combatantId('Vex'))
  const areaId = h.campaign.store.ofType('areaMark').find((m) => m.label === 'Grenade')!.id
  const throwAt = (options: ActionRequest['options'] = {}, dice?: number[], at = areaId) =>
    h.run(
      'action/perform',
      { request: { actorId: h.combatantId('Vex'), action: 'throw-grenade', targetId: null, areaId: at, options } },
      dice,
    )
  return { h, scene, throwAt }
}

type H = CampaignHarness
const hp = (h: H, name: string) => combatant(h, name).hp
const hps = (h: H) => ['Raider', 'Brute', 'Scout', 'Vex'].map((n) => hp(h, n))
const grenades = (h: H) => (combatant(h, 'Vex').rules as unknown as CxCombatant).grenades.map((g) => g.count)
const lastLog = (h: H) =>
  h.campaign.store
    .ofType('log')
    .sort((a, b) => a.seq - b.seq)
    .at(-1)!
const actionsSpent = (h: H) => combatant(h, 'Vex').spent['actions'] ?? 0
const snapshot = (h: H) => JSON.stringify(h.campaign.store.toObject())
/** The table's "what just happened" strip, as the table reads it. */
const story = (h: H) => {
  const s = h.campaign.store.get('story')
  return s?.typeName === 'story' ? s.lines.map((l) => storyText(l.fact)) : []
}
const grenadeMark = (h: H) => h.campaign.store.ofType('areaMark').find((m) => m.label === 'Grenade')!

describe('000 Grenades: a grenade thrown at a template hits the squad under it', () => {
  it('000 Grenades / SR-CX-23: a frag on target deals its 45 ballistic to each under the template (typed dice), spends the grenade and 1 action', async () => {
    const { h, throwAt } = await table()
    const before = hps(h)
    // d10 7 > miss chance 4: on target. Each one's dodge d100 (1: caught, SR-CX-57), then each
    // one's CX11 body d100: 10 (full) for Raider, 10 for Brute.
    expect(throwAt({ grenade: '0' }, [7, 1, 1, 10, 10]).ok).toBe(true)
    expect(hps(h)).toEqual([before[0]! - 45, before[1]! - 45, before[2], before[3]])
    expect(grenades(h)).toEqual([1, 1, 1])
    const log = lastLog(h)
    expect(log.text).toMatch(
      /^Vex throws an ECSC Fragmentation Grenade at Grenade: d10 7 > miss chance 4: on target; 45 ballistic to Raider, Brute; Raider dodges: Reflex -1 vs DC 100, caught \(SR-CX-57\)/,
    )
    expect(actionsSpent(h)).toBe(1)
  })

  it('000 Grenades: "Gain +2 Accuracy if you are throwing under half of your grenade\'s max throwing distance" — 8 m of 22 m, miss chance 2', async () => {
    const { h, throwAt } = await table({}, [2, 10])
    expect(throwAt({ grenade: '0' }, [3, 1, 1, 10, 10]).ok).toBe(true)
    expect(lastLog(h).text).toMatch(/d10 3 > miss chance 2: on target/)
  })

  it('000 Grenades: cooking costs 1 more action and nobody may dodge', async () => {
    const { h, throwAt } = await table()
    expect(throwAt({ grenade: '0', cook: true }, [7, 10, 10]).ok).toBe(true)
    expect(lastLog(h).text).toMatch(/^Vex cooks and throws .*cooked: nobody may dodge/)
    expect(actionsSpent(h)).toBe(2)
  })

  it('CX13: explosive-free internal damage passes armour — a chemical grenade on an armoured trooper rolls no armour die', async () => {
    const { h, throwAt } = await table()
    h.must('combatant/setSheet', {
      combatantId: h.combatantId('Raider'),
      values: { armourFamily: 'medium', materialId: 'standard-l1-kevlar' },
    })
    const raider = hp(h, 'Raider')
    // Only the accuracy d10: internal damage ignores armour and shields, so no CX11 roll.
    expect(throwAt({ grenade: '1' }, [9, 1, 1]).ok).toBe(true)
    expect(hp(h, 'Raider')).toBe(raider - 30)
  })

  it('undo takes the whole throw back (hit points, the grenade, the action) and redo puts it back', async () => {
    const { h, throwAt } = await table()
    const people = () => JSON.stringify(h.campaign.store.ofType('combatant'))
    const before = people()
    const hpBefore = hps(h)
    expect(throwAt({ grenade: '0' }, [7, 1, 1, 10, 10]).ok).toBe(true)
    const after = hps(h)
    h.must('history/undo', {})
    expect(people()).toBe(before)
    expect(hps(h)).toEqual(hpBefore)
    expect(grenades(h)).toEqual([2, 1, 1])
    h.must('history/redo', {})
    expect(hps(h)).toEqual(after)
  })
})

describe('000 Grenades / SR-CX-57: an uncooked grenade is dodged with a Reflex save at −10', () => {
  it('SR-CX-57: Raider (PER 10, DEX 10: Reflex 28, −10 → 18) rolls 83: 101 beats the frag DC 100 and dives clear; Brute (Reflex 8 − 10) rolls 99: 97, caught', async () => {
    const { h, throwAt } = await table()
    h.must('combatant/setSheet', { combatantId: h.combatantId('Raider'), values: { per: 10, dex: 10 } })
    const before = hps(h)
    // d10 7 on target; dodges: Raider 83, Brute 99; then only Brute's CX11 body d100 (10: full).
    expect(throwAt({ grenade: '0' }, [7, 83, 99, 10]).ok).toBe(true)
    expect(hps(h)).toEqual([before[0], before[1]! - 45, before[2], before[3]])
    const text = lastLog(h).text
    expect(text).toMatch(
      /45 ballistic to Brute; Raider dodges: Reflex 101 vs DC 100, dives clear, no damage \(SR-CX-57\); Brute dodges: Reflex 97 vs DC 100, caught/,
    )
  })

  it('SR-CX-57: a tie fails (CX1) — Raider at exactly 100 is caught; a cooked grenade rolls no dodge at all', async () => {
    const { h, throwAt } = await table()
    h.must('combatant/setSheet', { combatantId: h.combatantId('Raider'), values: { per: 10, dex: 10 } })
    const before = hps(h)
    expect(throwAt({ grenade: '0' }, [7, 82, 1, 10, 10]).ok).toBe(true)
    expect(hps(h)).toEqual([before[0]! - 45, before[1]! - 45, before[2], before[3]])
    expect(lastLog(h).text).toMatch(/Raider dodges: Reflex 100 vs DC 100, caught/)
    // Cooked: the accuracy d10 and the two body d100s only; a fourth die would be left over.
    expect(throwAt({ grenade: '0', cook: true }, [7, 10, 10]).ok).toBe(true)
    expect(lastLog(h).text).not.toMatch(/dodges/)
  })
})

describe('000 Grenades / SR-CX-57 with SR-CX-60: the restrained cannot dive clear', () => {
  it('SR-CX-57: Raider, restrained with zip cuffs, rolls no dodge; only Brute does', async () => {
    const { h, throwAt } = await table()
    h.must('condition/add', { combatantId: h.combatantId('Raider'), condition: 'restrained', duration: { kind: 'indefinite' }, stacks: 1 })
    const before = hps(h)
    // d10 7 on target; one dodge (Brute's 1: caught); then both CX11 body d100s.
    expect(throwAt({ grenade: '0' }, [7, 1, 10, 10]).ok).toBe(true)
    expect(hps(h)).toEqual([before[0]! - 45, before[1]! - 45, before[2], before[3]])
    expect(lastLog(h).text).not.toMatch(/Raider dodges/)
    expect(lastLog(h).text).toMatch(/Brute dodges/)
  })
})

describe('000 Grenades / SR-CX-22 / SR-CX-24: a missed throw scatters, and the log says where', () => {
  it('SR-CX-22, SR-CX-24: d10 3, beyond 1 miss chance → d10 6 m west (d8 7): the template moves to (4, 10), no one is under it there, and Raider, 6 m off in the 7 m blast, is named for the GM', async () => {
    const { h, throwAt } = await table()
    const before = hps(h)
    // Issue 31: the template goes where the grenade landed, and only those under it there are
    // changed. Before, the template stayed on the aim point and Raider (under it there) took the
    // 30 internal; now no one's base is within the 3 m template at (4, 10), so no dodge is rolled.
    expect(throwAt({ grenade: '1' }, [3, 6, 7]).ok).toBe(true)
    expect(hps(h)).toEqual(before)
    expect(h.campaign.store.ofType('areaMark')[0]).toMatchObject({ label: 'Grenade', x: 4, y: 10 })
    expect(lastLog(h).text).toMatch(
      /d10 3 ≤ miss chance 4: off target; scatters d10 6 m west \(d8, SR-CX-22\), landing at \(4, 10\); 30 internal to no one; also in the blast but outside the template, for the GM to apply by hand \(SR-CX-24\): Raider/,
    )
    expect(story(h)).toContain('Vex throws a grenade — Grenade 3 m lands 6 m off: no one hit')
  })

  it('SR-CX-22: d10 4, within 1 miss chance → d4 2 m north: everyone under the template is hit and Scout, in the blast outside it, is named for the GM', async () => {
    const { h, throwAt } = await table()
    const before = hps(h)
    expect(throwAt({ grenade: '1' }, [4, 2, 1, 1, 1]).ok).toBe(true)
    expect(hps(h)).toEqual([before[0]! - 30, before[1]! - 30, before[2], before[3]])
    const text = lastLog(h).text
    expect(text).toMatch(/scatters d4 2 m north \(d8, SR-CX-22\), landing at \(10, 8\)/)
    expect(text).toMatch(/also in the blast but outside the template, for the GM to apply by hand \(SR-CX-24\): Scout/)
  })
})

/*
 * Issue 31, "things land somewhere": the core moves a scattered grenade's template to where it
 * landed (on both screens, undo puts it back), the blast changes those whose base the template
 * touches there, and the log and the table's story say who was hit, or that no one was. Bases on
 * the Dock's 1 m grid are 0.4 m across the centre, so a token 3.4 m from a 3 m template's centre
 * just touches its rim and one 3.5 m off is just clear.
 */
describe('issue 31 / SR-CX-24: a scattered grenade lands somewhere, and hits whose base is under it there', () => {
  // d10 3 (beyond 1 miss chance) → d10 6 m east (d8 3): from the aim point (10, 10) to (16, 10).
  const EAST_6 = [3, 6, 3]

  it('SR-CX-24, SR-CORE-10: the template moves to (16, 10); Scout under its centre and Brute, whose base only touches its rim, take the 30 internal; Raider, in the blast off the template, is named for the GM; undo puts it all back', async () => {
    const { h, scene, throwAt } = await table()
    h.must('token/place', { sceneId: scene.id, combatantId: h.combatantId('Brute'), x: 19.4, y: 10, free: true })
    const before = hps(h)
    const people = JSON.stringify(h.campaign.store.ofType('combatant'))
    // Both dodges 1: caught. Internal damage passes armour (CX13): no body die.
    expect(throwAt({ grenade: '1' }, [...EAST_6, 1, 1]).ok).toBe(true)
    expect(grenadeMark(h)).toMatchObject({ x: 16, y: 10, radius: 3 })
    expect(hps(h)).toEqual([before[0], before[1]! - 30, before[2]! - 30, before[3]])
    const text = lastLog(h).text
    expect(text).toMatch(/scatters d10 6 m east \(d8, SR-CX-22\), landing at \(16, 10\); 30 internal to (Brute, Scout|Scout, Brute);/)
    expect(text).toMatch(/also in the blast but outside the template, for the GM to apply by hand \(SR-CX-24\): Raider/)
    const line = story(h).find((l) => l.startsWith('Vex throws a grenade'))
    expect(line).toMatch(/^Vex throws a grenade — Grenade 3 m lands 6 m off: (Brute, Scout|Scout, Brute) hit$/)
    h.must('history/undo', {})
    expect(grenadeMark(h)).toMatchObject({ x: 10, y: 10 })
    expect(JSON.stringify(h.campaign.store.ofType('combatant'))).toBe(people)
  })

  it('SR-CORE-10: Brute a tenth further (3.5 m from the landing point, its base 0.1 m clear of the rim) is not under it, only in the blast: named for the GM, unhurt', async () => {
    const { h, scene, throwAt } = await table()
    h.must('token/place', { sceneId: scene.id, combatantId: h.combatantId('Brute'), x: 19.5, y: 10, free: true })
    const before = hps(h)
    // One dodge (Scout's): Brute is not reached.
    expect(throwAt({ grenade: '1' }, [...EAST_6, 1]).ok).toBe(true)
    expect(hps(h)).toEqual([before[0], before[1], before[2]! - 30, before[3]])
    expect(lastLog(h).text).toMatch(
      /30 internal to Scout;.*outside the template, for the GM to apply by hand \(SR-CX-24\): (Raider, Brute|Brute, Raider)/,
    )
    expect(story(h)).toContain('Vex throws a grenade — Grenade 3 m lands 6 m off: Scout hit')
  })

  it('SR-CX-23: on target, the blast reaches a base that only touches its radius — the frag’s 5 m round (10, 10) reaches Brute at 5.4 m, not Scout at 5.5 m, both under an 8 m template', async () => {
    const { h, scene, throwAt } = await table()
    h.must('area/edit', { areaId: grenadeMark(h).id, radius: 8 })
    h.must('token/place', { sceneId: scene.id, combatantId: h.combatantId('Brute'), x: 15.4, y: 10, free: true })
    h.must('token/place', { sceneId: scene.id, combatantId: h.combatantId('Scout'), x: 15.5, y: 10, free: true })
    const before = hps(h)
    // d10 7 on target; two dodges (1: caught); two CX11 body d100s (10: full).
    expect(throwAt({ grenade: '0' }, [7, 1, 1, 10, 10]).ok).toBe(true)
    expect(hps(h)).toEqual([before[0]! - 45, before[1]! - 45, before[2], before[3]])
    expect(grenadeMark(h)).toMatchObject({ x: 10, y: 10 })
    expect(lastLog(h).text).toMatch(/on target; 45 ballistic to (Raider, Brute|Brute, Raider);/)
    // On target the template stays: the story names those under it, with no landing.
    expect(story(h).find((l) => l.startsWith('Vex throws a grenade'))).toMatch(/^Vex throws a grenade — Grenade 8 m: /)
  })
})

describe('issue 31 / SR-CX-21 / SR-CX-150: the throw is measured from the thrower’s token to the aim point', () => {
  it('SR-CX-21: exactly 22 m is within the 22 m reach; 22.1 m is refused with the distance and nothing changes', async () => {
    const edge = await table({}, [10, 32])
    expect(edge.throwAt({ grenade: '0' }, [7, 1, 1, 10, 10]).ok).toBe(true)
    const { h, throwAt } = await table({}, [10, 32.1])
    const before = snapshot(h)
    const r = throwAt({ grenade: '0' }, [7])
    expect(!r.ok && [r.error.code, r.error.message]).toEqual([
      'grenade/outOfRange',
      'Grenade is 22.1 m from Vex; the ECSC Fragmentation Grenade reaches 22 m (10 + 2 × DEX, 000 Thrown Weapons).',
    ])
    expect(snapshot(h)).toBe(before)
  })

  it('SR-CX-150: a typed distance that is not the map’s is refused; with positions set aside by the GM, the typed distance decides (8 m: under half the reach, +2)', async () => {
    const { h, throwAt } = await table()
    const before = snapshot(h)
    const forged = throwAt({ grenade: '0', distance: 5 }, [7])
    expect(!forged.ok && [forged.error.code, forged.error.message]).toEqual([
      'position/distanceNotTheMaps',
      expect.stringMatching(/^Grenade is 14\.1 m from Vex on the map, not 5 m: the map decides/),
    ])
    expect(snapshot(h)).toBe(before)
    const far = throwAt({ grenade: '0', distance: 30, ignorePositions: true }, [7])
    expect(!far.ok && far.error.message).toMatch(/^Grenade is 30 m from Vex; the ECSC Fragmentation Grenade reaches 22 m/)
    expect(snapshot(h)).toBe(before)
    expect(throwAt({ grenade: '0', distance: 8, ignorePositions: true }, [3, 1, 1, 10, 10]).ok).toBe(true)
    expect(lastLog(h).text).toMatch(/d10 3 > miss chance 2: on target/)
  })
})

describe('000 Grenades: every refusal names the problem and changes nothing', () => {
  it('refuses Explosives below 6, no grenade left, a placed charge, a template out of reach, and no template', async () => {
    const low = await table({ skills: { Explosives: 5 } })
    const s1 = snapshot(low.h)
    const r1 = low.throwAt({ grenade: '0' }, [7])
    expect(!r1.ok && [r1.error.code, r1.error.message]).toEqual([
      'action/unavailable',
      expect.stringMatching(/Explosives 5: grenades need at least 6/),
    ])
    expect(snapshot(low.h)).toBe(s1)

    const none = await table({ grenades: [{ itemId: FRAG, count: 0 }] })
    const r2 = none.throwAt({ grenade: '0' }, [7])
    expect(!r2.ok && [r2.error.code, r2.error.message]).toEqual(['action/unavailable', expect.stringMatching(/No grenade left/)])

    const { h, scene, throwAt } = await table()
    const before = snapshot(h)
    const placed = throwAt({ grenade: '2' }, [7])
    expect(!placed.ok && [placed.error.code, placed.error.message]).toEqual([
      'grenade/notThrown',
      expect.stringMatching(/ECSC C10 Plastic HE is not thrown/),
    ])
    h.must('area/place', { sceneId: scene.id, x: 30, y: 30, radius: 3, label: 'Far' })
    const far = h.campaign.store.ofType('areaMark').find((m) => m.label === 'Far')!.id
    const afterPlacing = snapshot(h)
    const out = throwAt({ grenade: '0' }, [7], far)
    expect(!out.ok && [out.error.code, out.error.message]).toEqual([
      'grenade/outOfRange',
      expect.stringMatching(/Far is 42\.4 m from Vex; the ECSC Fragmentation Grenade reaches 22 m \(10 \+ 2 × DEX/),
    ])
    const noLine = throwAt({ grenade: '7' }, [7])
    expect(!noLine.ok && noLine.error.code).toBe('grenade/none')
    const noArea = h.run('action/perform', {
      request: { actorId: h.combatantId('Vex'), action: 'throw-grenade', targetId: null, options: { grenade: '0' } },
    })
    expect(!noArea.ok && noArea.error.code).toBe('action/areaNeeded')
    expect(snapshot(h)).toBe(afterPlacing)
    expect(before).not.toBe(afterPlacing)
  })

  it('SR-CX-20: a sheet with no grenades is not offered the throw; one with grenades is, aimed at an area', async () => {
    const { h } = await table()
    const list = (name: string) => cx.actions!.list(asRules(h, name))
    expect(list('Raider').some((a) => a.key === 'throw-grenade')).toBe(false)
    const offer = list('Vex').find((a) => a.key === 'throw-grenade')
    expect(offer).toMatchObject({ target: 'area', cost: '1 action', unavailable: null })
  })
})
const asRules = (h: H, name: string) => asRulesCombatant(combatant(h, name))

describe('000 Grenades: the thrower and the melee', () => {
  it('SR-CX-24: a thrower under its own blast is hurt like the rest (through its own fields), and spends its grenade', async () => {
    const { h, throwAt } = await table({}, [9, 10])
    const before = hps(h)
    // Vex 1 m from the centre, under the template: the chemical grenade's 30 internal reach it too.
    expect(throwAt({ grenade: '1' }, [9, 1, 1, 1]).ok).toBe(true)
    // Scout, on the 7 m blast's rim but outside the 3 m template, is named for the GM, not changed.
    expect(hps(h)).toEqual([before[0]! - 30, before[1]! - 30, before[2], before[3]! - 30])
    expect(grenades(h)).toEqual([2, 0, 1])
    expect(lastLog(h).text).toMatch(/30 internal to Vex, Raider, Brute; also in the blast but outside the template, .*: Scout/)
  })

  it('000 Melee Combat: throwing a grenade from inside a melee prompts an opportunity attack from the engaged opponent', async () => {
    const { h, scene, throwAt } = await table()
    h.must('token/place', { sceneId: scene.id, combatantId: h.combatantId('Scout'), x: 1, y: 0, free: true })
    const slots = (combatant(h, 'Scout').rules as unknown as CxCombatant).weapons.length
    const swing = h.run(
      'attack/resolve',
      { request: { attackerId: h.combatantId('Scout'), targetId: h.combatantId('Vex'), weapon: slots, mode: 'strike', options: {} } },
      [1, 10],
    )
    expect(swing.ok).toBe(true)
    expect(throwAt({ grenade: '0' }, [7, 1, 1, 10, 10]).ok).toBe(true)
    const prompt = h.campaign.store.ofType('prompt').find((p) => p.text.includes('throws a grenade'))
    expect(prompt).toMatchObject({ reactorId: h.combatantId('Scout'), targetId: h.combatantId('Vex') })
    expect(prompt?.text).toMatch(/throws a grenade \(not a CQB weapon\)/)
  })
})

describe('000 Grappling: a blast divides its damage evenly among the grappled', () => {
  it('SR-CX-27: Raider grappling Brute, both under the frag: 22 each (45 halved, rounded down)', async () => {
    const { h, scene, throwAt } = await table()
    h.must('token/place', { sceneId: scene.id, combatantId: h.combatantId('Brute'), x: 11, y: 10, free: true })
    const grab = h.run(
      'action/perform',
      { request: { actorId: h.combatantId('Raider'), action: 'grapple', targetId: h.combatantId('Brute'), options: {} } },
      [50, 40],
    )
    if (!grab.ok) throw new Error(grab.error.message)
    const before = hps(h)
    expect(throwAt({ grenade: '0' }, [7, 10, 10]).ok).toBe(true)
    expect(hps(h)).toEqual([before[0]! - 22, before[1]! - 22, before[2], before[3]])
    expect(lastLog(h).text).toMatch(/45 ballistic to Raider, Brute; Raider and Brute grapple: 22 each \(SR-CX-27\)/)
  })
})
