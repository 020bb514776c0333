import { describe, expect, it } from 'vitest'
import type { ActionDefinition, ActionRequest } from '../../../src-shared/attack'
import type { AreaMarkId, CombatantId } from '../../../src-shared/records'
import { ok } from '../../../src-shared/result'
import { genericRuleset } from '../../../src-main/rules/generic/generic-ruleset'
import type { ActionResolution, AreaEffect, Ruleset, TargetArea } from '../../../src-main/rules/ruleset'
import { underArea } from '../../../src-main/rules/kit/positions'
import { storyText } from '../../../src-shared/table-story'
import { CampaignHarness } from '../helpers/campaign-harness'
import { tempDir } from '../helpers/temp-dir'

/**
 * Issue 14, E3: an area template as the target of an action. A made-up ruleset offers "blast"
 * (aimed at an area: a d6 off everyone under it but the thrower) and "shout" (no area); it
 * records the area the core hands it. Its `wild` option makes it answer with effects the core
 * must refuse.
 */
const seen: { action: string; area: TargetArea | undefined }[] = []

const definition = (key: string, target: ActionDefinition['target']): ActionDefinition => ({
  key,
  label: key === 'blast' ? 'Blast' : 'Shout',
  target,
  options: [],
  cost: '',
  unavailable: null,
})

const blasting: Ruleset = {
  ...genericRuleset,
  actions: {
    list: () => [definition('blast', 'area'), definition('shout', 'none')],
    perform: (request, actor, _target, dice, onScene, area) => {
      seen.push({ action: request.action, area })
      const base: ActionResolution = {
        actorRules: null,
        actorHp: actor.hp,
        targetRules: null,
        targetHp: null,
        summary: '',
        detail: [],
        rolls: [],
      }
      if (request.action !== 'blast' || !area) {
        // `stray`: a buggy ruleset changing someone through an area the action never had.
        const stray = request.options['wild'] === 'stray' ? [{ combatantId: actor.id, rules: null, hp: 1 }] : []
        return ok({ ...base, areaEffects: stray, summary: `${actor.name} shouts` })
      }
      const roll = dice.roll({ count: 1, sides: 6, modifier: 0 }, 'blast')
      // `landX`/`landY`: the throw scatters and the burst comes down there (issue 31).
      const landed =
        typeof request.options['landX'] === 'number' ? { x: request.options['landX'], y: Number(request.options['landY']) } : null
      const there = landed ? underArea(onScene ?? [], { x: landed.x, y: landed.y, radius: area.radius }) : area.inside
      // `spare`: one under it dives clear (the ruleset leaves it unchanged).
      const hit = there.filter((c) => c.id !== actor.id && c.id !== request.options['spare'])
      let areaEffects: AreaEffect[] = hit.map((c) => ({ combatantId: c.id, rules: { blasted: true }, hp: c.hp - roll.total }))
      if (request.options['wild'] === 'outsider')
        areaEffects = [...areaEffects, { combatantId: String(request.options['who']) as CombatantId, rules: null, hp: 1 }]
      if (request.options['wild'] === 'twice') areaEffects = [...areaEffects, { combatantId: hit[0]!.id, rules: null, hp: 1 }]
      return ok({
        ...base,
        areaEffects,
        rolls: [roll],
        summary: `${actor.name} blasts ${hit.map((c) => c.name).join(', ') || 'nobody'}`,
        ...(landed ? { landed } : {}),
      })
    },
  },
}

/**
 * Dock (in play, 1 m cells: bases 0.4 m across the centre) with Vex throwing from (0, 0); Raider at
 * (10, 10) under the 3 m grenade, Brute's base exactly touching its rim (13.4, 10), Scout just
 * clear (13.5, 10); Ghost on the Warehouse at (10, 10).
 */
async function table(ruleset: Ruleset = blasting) {
  const h = await CampaignHarness.create('area-target', tempDir(), undefined, ruleset)
  h.must('scene/create', { name: 'Dock' })
  h.must('scene/create', { name: 'Warehouse' })
  const scene = (name: string) => h.campaign.store.ofType('scene').find((s) => s.name === name)!
  expect(scene('Dock').active).toBe(true)
  const places: [string, string, number, number][] = [
    ['Vex', 'Dock', 0, 0],
    ['Raider', 'Dock', 10, 10],
    ['Brute', 'Dock', 13.4, 10],
    ['Scout', 'Dock', 13.5, 10],
    ['Ghost', 'Warehouse', 10, 10],
  ]
  for (const [name, at, x, y] of places) {
    h.must('combatant/add', { name, side: name === 'Vex' ? 'party' : 'enemy', kind: name === 'Vex' ? 'pc' : 'npc', maxHp: 30 })
    h.must('token/place', { sceneId: scene(at).id, combatantId: h.combatantId(name), x, y })
  }
  h.must('area/place', { sceneId: scene('Dock').id, x: 10, y: 10, radius: 3, label: 'Grenade' })
  h.must('area/place', { sceneId: scene('Warehouse').id, x: 10, y: 10, radius: 3, label: 'Far' })
  const area = (label: string) => h.campaign.store.ofType('areaMark').find((m) => m.label === label)!.id
  const request = (action: string, areaId?: AreaMarkId, more: Partial<ActionRequest> = {}): ActionRequest => ({
    actorId: h.combatantId('Vex'),
    action,
    targetId: null,
    options: {},
    ...(areaId ? { areaId } : {}),
    ...more,
  })
  seen.length = 0
  return { h, scene, area, request }
}

const hpOf = (h: CampaignHarness, name: string) => h.campaign.store.ofType('combatant').find((c) => c.name === name)!.hp
const snapshot = (h: CampaignHarness) => JSON.stringify(h.campaign.store.toObject())
const lastLog = (h: CampaignHarness) =>
  h.campaign.store
    .ofType('log')
    .sort((a, b) => a.seq - b.seq)
    .at(-1)!

describe('E3: an action aimed at an area template reaches exactly the tokens under it', () => {
  it('E3: the ruleset gets the template and those whose token base it touches, the touching edge included (SR-CORE-10)', async () => {
    const { h, area, request } = await table()
    h.must('action/perform', { request: request('blast', area('Grenade')) }, [4])
    expect(seen).toHaveLength(1)
    const got = seen[0]!.area!
    expect({ ...got, inside: got.inside.map((c) => c.name).sort() }).toEqual({
      id: area('Grenade'),
      label: 'Grenade',
      x: 10,
      y: 10,
      radius: 3,
      hidden: false,
      // Scout's base is 0.1 m clear of the rim; Ghost stands on the same spot of another scene.
      inside: ['Brute', 'Raider'],
    })
    expect(got.inside.find((c) => c.name === 'Brute')!.position).toEqual({ x: 13.4, y: 10, radius: 0.4 })
  })

  it('E3: what the ruleset does to those under it becomes events and one log line, and undo takes it all back', async () => {
    const { h, area, request } = await table()
    h.must('action/perform', { request: request('blast', area('Grenade')) }, [4])
    expect([hpOf(h, 'Raider'), hpOf(h, 'Brute'), hpOf(h, 'Scout'), hpOf(h, 'Ghost'), hpOf(h, 'Vex')]).toEqual([26, 26, 30, 30, 30])
    const raider = h.campaign.store.get(h.combatantId('Raider'))
    expect(raider?.typeName === 'combatant' && raider.rules).toEqual({ blasted: true })
    const log = lastLog(h)
    expect(log.text).toBe('Vex blasts Raider, Brute')
    expect(log.subjects).toEqual([h.combatantId('Vex'), h.combatantId('Raider'), h.combatantId('Brute')])
    // NPCs under it: the numbers stay with the GM.
    expect(log.visibility).toBe('gm')
    h.must('history/undo', {})
    expect([hpOf(h, 'Raider'), hpOf(h, 'Brute')]).toEqual([30, 30])
    const back = h.campaign.store.get(h.combatantId('Raider'))
    expect(back?.typeName === 'combatant' && back.rules).not.toEqual({ blasted: true })
    h.must('history/redo', {})
    expect([hpOf(h, 'Raider'), hpOf(h, 'Brute')]).toEqual([26, 26])
  })

  it('E3: a hidden template (the GM’s mine) still works, and its log line stays with the GM', async () => {
    const { h, area, request } = await table()
    h.must('area/edit', { areaId: area('Grenade'), hidden: true })
    // Only the party under it, so nothing but the hidden template hides the line.
    h.must('token/remove', { tokenId: h.campaign.store.ofType('token').find((t) => t.combatantId === h.combatantId('Raider'))!.id })
    h.must('token/remove', { tokenId: h.campaign.store.ofType('token').find((t) => t.combatantId === h.combatantId('Brute'))!.id })
    h.must('token/place', {
      sceneId: h.campaign.store.ofType('scene').find((s) => s.active)!.id,
      combatantId: h.combatantId('Vex'),
      x: 9,
      y: 9,
    })
    seen.length = 0
    h.must('action/perform', { request: request('blast', area('Grenade')) }, [2])
    expect(seen[0]!.area).toMatchObject({ hidden: true })
    expect(seen[0]!.area!.inside.map((c) => c.name)).toEqual(['Vex'])
    expect(lastLog(h)).toMatchObject({ text: 'Vex blasts nobody', visibility: 'gm' })
  })

  it('E3: a target may be named with the area when it stands on the scene in play', async () => {
    const { h, area, request } = await table()
    h.must('action/perform', { request: request('blast', area('Grenade'), { targetId: h.combatantId('Scout') }) }, [1])
    expect(seen).toHaveLength(1)
  })

  it('E3: an action that takes no area is performed as before, without one', async () => {
    const { h, request } = await table()
    h.must('action/perform', { request: request('shout') })
    expect(seen).toEqual([{ action: 'shout', area: undefined }])
    expect(lastLog(h).text).toBe('Vex shouts')
  })
})

describe('issue 31: a burst that scatters comes down somewhere', () => {
  const story = (h: CampaignHarness) => {
    const s = h.campaign.store.get('story')
    return s?.typeName === 'story' ? s.lines.map((l) => storyText(l.fact)) : []
  }
  const mark = (h: CampaignHarness, id: AreaMarkId) => h.campaign.store.get(id) as { x: number; y: number }

  it('moves the template to where it landed, hits who stands there, says so, and undo puts it back', async () => {
    const { h, area, request } = await table()
    const grenade = area('Grenade')
    // Aimed at Raider (10, 10); it comes down 4.5 m east, at (14.5, 10): Brute and Scout are under it there, Raider is not.
    h.must('action/perform', { request: request('blast', grenade, { options: { landX: 14.5, landY: 10 } }) }, [4])
    expect(mark(h, grenade)).toMatchObject({ x: 14.5, y: 10 })
    expect([hpOf(h, 'Raider'), hpOf(h, 'Brute'), hpOf(h, 'Scout')]).toEqual([30, 26, 26])
    expect(story(h)).toContain('Vex: blast — Grenade 3 m lands 4.5 m off: Brute, Scout hit')
    h.must('history/undo', {})
    expect(mark(h, grenade)).toMatchObject({ x: 10, y: 10 })
    expect([hpOf(h, 'Brute'), hpOf(h, 'Scout')]).toEqual([30, 30])
  })

  it('tells the table it hit no one when nobody stands where it landed', async () => {
    const { h, area, request } = await table()
    h.must('action/perform', { request: request('blast', area('Grenade'), { options: { landX: 30, landY: 30 } }) }, [4])
    expect(story(h)).toContain('Vex: blast — Grenade 3 m lands 28.3 m off: no one hit')
  })

  it('names as hit only those it changed: one under it who dived clear is not', async () => {
    const { h, area, request } = await table()
    const spare = h.combatantId('Scout')
    h.must('action/perform', { request: request('blast', area('Grenade'), { options: { landX: 14.5, landY: 10, spare } }) }, [4])
    expect([hpOf(h, 'Brute'), hpOf(h, 'Scout')]).toEqual([26, 30])
    expect(story(h)).toContain('Vex: blast — Grenade 3 m lands 4.5 m off: Brute hit')
  })

  it('refuses effects on someone under where it was aimed but not where it landed', async () => {
    const { h, area, request } = await table()
    const r = h.run('action/perform', {
      request: request('blast', area('Grenade'), { options: { landX: 30, landY: 30, wild: 'outsider', who: h.combatantId('Raider') } }),
    })
    expect(!r.ok && r.error.code).toBe('area/outside')
  })
})

describe('E3: every refusal names the problem and changes nothing (no events, no dice)', () => {
  it('E3: refuses an unknown template, one on a scene not in play, an area for an action that takes none, none for one that needs it, a target off the scene', async () => {
    const { h, area, request } = await table()
    const before = snapshot(h)
    const cases: [ActionRequest, string, RegExp][] = [
      [request('blast', 'areaMark:gone'), 'area/notFound', /no longer on the map/],
      [request('blast', area('Far')), 'area/notInPlay', /Far 3 m is not on the scene in play/],
      [request('shout', area('Grenade')), 'action/areaNotTaken', /Shout is not aimed at an area/],
      [request('blast'), 'action/areaNeeded', /Blast is aimed at an area: pick a template/],
      [request('blast', area('Grenade'), { targetId: h.combatantId('Ghost') }), 'area/targetOffScene', /Ghost has no token on "Dock"/],
    ]
    for (const [req, code, message] of cases) {
      const r = h.run('action/perform', { request: req }, [6])
      expect(!r.ok && [r.error.code, r.error.message]).toEqual([code, expect.stringMatching(message)])
    }
    expect(seen).toEqual([])
    expect(snapshot(h)).toBe(before)
  })

  it('E3: refuses effects the ruleset puts on someone not under the template, on one combatant twice, or through an action aimed at no area', async () => {
    const { h, area, request } = await table()
    const before = snapshot(h)
    const outsider = h.run('action/perform', {
      request: request('blast', area('Grenade'), { options: { wild: 'outsider', who: h.combatantId('Scout') } }),
    })
    expect(!outsider.ok && outsider.error.code).toBe('area/outside')
    const twice = h.run('action/perform', { request: request('blast', area('Grenade'), { options: { wild: 'twice' } }) })
    expect(!twice.ok && twice.error.code).toBe('area/twice')
    const stray = h.run('action/perform', { request: request('shout', undefined, { options: { wild: 'stray' } }) })
    expect(!stray.ok && [stray.error.code, stray.error.message]).toEqual(['area/outside', expect.stringMatching(/aimed at none/)])
    expect(snapshot(h)).toBe(before)
  })

  it('E3: a malformed area id is refused by the command schema', async () => {
    const { h, request } = await table()
    const r = h.run('action/perform', { request: { ...request('blast'), areaId: 'scene:x' as AreaMarkId } })
    expect(!r.ok && [r.error.code, r.error.message]).toEqual(['command/invalid', expect.stringMatching(/must be an area template id/)])
  })

  it('E3: a template of radius −3 (or 0, or past 500 m) is a typed refusal when placed or edited', async () => {
    const { h, scene, area } = await table()
    const before = snapshot(h)
    for (const radius of [-3, 0, 501, Number.POSITIVE_INFINITY]) {
      const placed = h.run('area/place', { sceneId: scene('Dock').id, x: 1, y: 1, radius })
      expect(!placed.ok && placed.error.code).toBe('command/invalid')
      const edited = h.run('area/edit', { areaId: area('Grenade'), radius })
      expect(!edited.ok && edited.error.code).toBe('command/invalid')
    }
    expect(snapshot(h)).toBe(before)
  })
})
