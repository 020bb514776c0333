import { describe, expect, it } from 'vitest'
import { MAX_FOG_STEPS } from '../../../src-shared/fog'
import { ProjectionContext, projectRecord } from '../../../src-main/core/projection/project-record'
import { cx, trooper } from '../rules/compound-x/cx-harness'
import { CampaignHarness } from '../helpers/campaign-harness'
import { tempDir } from '../helpers/temp-dir'

async function table() {
  const h = await CampaignHarness.create('fog', tempDir(), undefined, cx)
  h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 1, rules: trooper() })
  h.must('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 1, rules: trooper() })
  h.must('scene/create', { name: 'Dock' })
  // The GM shows the map to the table in prep (else it holds and is sent no map): what it sees of one is tested here.
  h.must('projector/set', { prepMap: true })
  const dock = h.campaign.store.ofType('scene')[0]!
  h.must('token/place', { sceneId: dock.id, combatantId: h.combatantId('Vex'), x: 2, y: 2 })
  h.must('token/place', { sceneId: dock.id, combatantId: h.combatantId('Raider'), x: 20, y: 10 })
  return { h, dock }
}

const playerTokens = (h: CampaignHarness) =>
  h.campaign.store
    .ofType('token')
    .filter((t) => projectRecord(t, new ProjectionContext(h.campaign.store, 'player')) !== null)
    .map((t) => t.combatantId)

describe('fog of war', () => {
  it('a new scene is fully revealed; hide all and a reveal show only what is inside it, to the players only', async () => {
    const { h, dock } = await table()
    expect(playerTokens(h)).toHaveLength(2)
    h.must('fog/set', { sceneId: dock.id, mode: 'areas' })
    expect(playerTokens(h)).toEqual([])
    h.must('fog/reveal', { sceneId: dock.id, rect: { x: 0, y: 0, w: 5, h: 5 } })
    expect(playerTokens(h)).toEqual([h.combatantId('Vex')])
    h.must('fog/hide', { sceneId: dock.id, rect: { x: 1, y: 1, w: 2, h: 2 } })
    expect(playerTokens(h)).toEqual([])
    // The GM still sees every token.
    const gm = h.campaign.store.ofType('token').filter((t) => projectRecord(t, new ProjectionContext(h.campaign.store, 'gm')) !== null)
    expect(gm).toHaveLength(2)
    expect(h.campaign.store.ofType('log').at(-1)!).toMatchObject({ visibility: 'gm', text: expect.stringMatching(/hid 2\.0 × 2\.0 m/) })
  })

  it('fog commands are undoable and survive a reopen from the journal', async () => {
    const { h, dock } = await table()
    h.must('fog/set', { sceneId: dock.id, mode: 'areas' })
    h.must('fog/reveal', { sceneId: dock.id, rect: { x: 15, y: 5, w: 10, h: 10 } })
    h.must('history/undo', {})
    expect(h.campaign.store.get(dock.id)).toMatchObject({ fog: { mode: 'areas', steps: [] } })
    h.must('history/redo', {})
    expect((await h.reopen()).ok).toBe(true)
    expect(playerTokens(h)).toEqual([h.combatantId('Raider')])
  })

  it('refuses a scene that is not there, a pointless reset and more steps than the cap, with clear errors', async () => {
    const { h, dock } = await table()
    expect(h.run('fog/reveal', { sceneId: 'scene:nope', rect: { x: 0, y: 0, w: 1, h: 1 } })).toMatchObject({
      ok: false,
      error: { code: 'scene/notFound' },
    })
    expect(h.run('fog/set', { sceneId: dock.id, mode: 'all' })).toMatchObject({ ok: false, error: { code: 'fog/noChange' } })
    for (let i = 0; i < MAX_FOG_STEPS; i++) h.must('fog/hide', { sceneId: dock.id, rect: { x: i, y: 0, w: 0.5, h: 0.5 } })
    const full = h.run('fog/hide', { sceneId: dock.id, rect: { x: 100, y: 0, w: 0.5, h: 0.5 } })
    expect(full).toMatchObject({ ok: false, error: { code: 'fog/full', message: expect.stringMatching(/Reveal all or Hide all/) } })
    h.must('fog/set', { sceneId: dock.id, mode: 'areas' })
  })

  it("a zone whose centre lies in the fog is left out of the players' condition", async () => {
    const { h, dock } = await table()
    const raider = h.combatantId('Raider')
    h.must('condition/add', { combatantId: raider, condition: 'prone', duration: { kind: 'indefinite' } })
    // Put an area on the condition as a ruleset would (the GM's form has no zones).
    const c = h.campaign.store.get(raider)!
    if (c.typeName !== 'combatant') throw new Error('no raider')
    const withArea = { ...c, conditions: c.conditions.map((x) => ({ ...x, area: { sceneId: dock.id, x: 20, y: 10, radius: 2 } })) }
    const player = (store: typeof h.campaign.store) => projectRecord(withArea, new ProjectionContext(store, 'player'))
    expect(player(h.campaign.store)).toMatchObject({ conditions: [{ area: { x: 20 } }] })
    h.must('fog/set', { sceneId: dock.id, mode: 'areas' })
    const view = player(h.campaign.store)
    expect(view?.typeName === 'combatant' && view.conditions[0]!.area).toBeFalsy()
  })
})

describe('the projector', () => {
  it('is set without an undo mark and reaches both windows as it is', async () => {
    const { h } = await table()
    h.must('token/place', { sceneId: h.campaign.store.ofType('scene')[0]!.id, combatantId: h.combatantId('Vex'), x: 3, y: 3 })
    h.must('projector/set', { mode: 'mirror', view: { x: 10, y: 8, w: 20, h: 12 } })
    h.must('projector/set', { blank: true })
    const p = h.campaign.store.get('projector')!
    expect(p).toMatchObject({ mode: 'mirror', blank: true, view: { x: 10 } })
    expect(projectRecord(p, new ProjectionContext(h.campaign.store, 'player'))).toEqual(p)
    expect(h.run('projector/set', { blank: true })).toMatchObject({ ok: false, error: { code: 'projector/noChange' } })
    // Undo walks back the move, not the projector.
    h.must('history/undo', {})
    expect(h.campaign.store.ofType('token').find((t) => t.combatantId === h.combatantId('Vex'))).toMatchObject({ x: 2, y: 2 })
    expect(h.campaign.store.get('projector')).toMatchObject({ blank: true })
    expect((await h.reopen()).ok).toBe(true)
    expect(h.campaign.store.get('projector')).toMatchObject({ mode: 'mirror', blank: true })
  })
})
