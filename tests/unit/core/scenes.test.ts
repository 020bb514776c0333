import { describe, expect, it } from 'vitest'
import { ProjectionContext, projectRecord } from '../../../src-main/core/projection/project-record'
import { cx, trooper } from '../rules/compound-x/cx-harness'
import { CampaignHarness } from '../helpers/campaign-harness'
import { tempDir } from '../helpers/temp-dir'

async function mapped() {
  const h = await CampaignHarness.create('map', tempDir(), undefined, cx)
  h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 1, rules: trooper() })
  h.must('combatant/add', { name: 'Sniper', side: 'enemy', kind: 'npc', maxHp: 1, hidden: true, rules: trooper() })
  h.must('scene/create', { name: 'Dock' })
  h.must('scene/create', { name: 'Warehouse' })
  // The GM shows the map to the table in prep (else it holds and is sent no map): what it sees of one is tested here.
  h.must('projector/set', { prepMap: true })
  const [dock, warehouse] = h.campaign.store.ofType('scene').sort((a, b) => a.name.localeCompare(b.name))
  return { h, dock: dock!, warehouse: warehouse! }
}

describe('scenes and tokens', () => {
  it('the first scene goes on the table; activating another takes it off', async () => {
    const { h, dock, warehouse } = await mapped()
    expect(dock.active).toBe(true)
    expect(warehouse.active).toBe(false)
    h.must('scene/activate', { sceneId: warehouse.id })
    expect(
      h.campaign.store
        .ofType('scene')
        .filter((s) => s.active)
        .map((s) => s.name),
    ).toEqual(['Warehouse'])
  })

  it('a moved token logs its path length and what it costs under the ruleset (000 Movement)', async () => {
    const { h, dock } = await mapped()
    const vex = h.combatantId('Vex')
    h.must('token/place', { sceneId: dock.id, combatantId: vex, x: 2, y: 2 })
    h.must('token/place', { sceneId: dock.id, combatantId: vex, x: 5, y: 6 })
    expect(h.campaign.store.ofType('token')).toHaveLength(1)
    // DEX 6 trooper in medium armour: 5 m per 2 actions, 2.5 m per action; 5 m takes 2 actions.
    expect(h.campaign.store.ofType('log').at(-1)!.text).toMatch(/^Vex moves 5\.0 m \(\d+ actions?\)$/)
    expect(h.run('token/place', { sceneId: dock.id, combatantId: vex, x: 5, y: 6 }).ok).toBe(false)
    h.must('history/undo', {})
    expect(h.campaign.store.ofType('token')[0]).toMatchObject({ x: 2, y: 2 })
  })

  it("players get the active scene and visible combatants' tokens only, and follow a change of scene or of hiding", async () => {
    const { h, dock, warehouse } = await mapped()
    h.must('token/place', { sceneId: dock.id, combatantId: h.combatantId('Vex'), x: 1, y: 1 })
    h.must('token/place', { sceneId: dock.id, combatantId: h.combatantId('Sniper'), x: 9, y: 9 })
    h.must('token/place', { sceneId: warehouse.id, combatantId: h.combatantId('Vex'), x: 3, y: 3 })
    const seen = () =>
      [...h.campaign.store.values()]
        .map((r) => projectRecord(r, new ProjectionContext(h.campaign.store, 'player')))
        .filter((v) => v !== null && (v.typeName === 'scene' || v.typeName === 'token'))
        .map((v) => (v!.typeName === 'scene' ? `scene ${v!.name}` : `token ${(v as { x: number }).x}`))
        .sort()
    expect(seen()).toEqual(['scene Dock', 'token 1'])
    h.must('combatant/setHidden', { combatantId: h.combatantId('Sniper'), hidden: false })
    expect(seen()).toEqual(['scene Dock', 'token 1', 'token 9'])
    h.must('scene/activate', { sceneId: warehouse.id })
    expect(seen()).toEqual(['scene Warehouse', 'token 3'])
  })

  it('removing a combatant or a scene takes its tokens with it, and undo brings them back', async () => {
    const { h, dock } = await mapped()
    h.must('token/place', { sceneId: dock.id, combatantId: h.combatantId('Vex'), x: 1, y: 1 })
    h.must('combatant/remove', { combatantId: h.combatantId('Vex') })
    expect(h.campaign.store.ofType('token')).toEqual([])
    h.must('history/undo', {})
    expect(h.campaign.store.ofType('token')).toHaveLength(1)
    h.must('scene/remove', { sceneId: dock.id })
    expect(h.campaign.store.ofType('token')).toEqual([])
  })
})

describe('suppression zones on the map (CX24, CX25)', () => {
  it('a suppression puts a zone where the target stands on the scene in play, shown to the players, gone when it ends', async () => {
    const { h, dock, warehouse } = await mapped()
    h.must('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 1, rules: trooper() })
    const [vex, raider] = [h.combatantId('Vex'), h.combatantId('Raider')]
    h.must('token/place', { sceneId: dock.id, combatantId: vex, x: 2, y: 2 })
    h.must('token/place', { sceneId: dock.id, combatantId: raider, x: 14, y: 6 })
    h.must('encounter/start', {})
    h.must('encounter/rollInitiative', {})
    h.must('action/perform', {
      // The map gives the distance (12.6 m); a typed one that is not the map's is refused (issue 31).
      request: { actorId: vex, action: 'suppress', targetId: raider, options: { level: 'medium' } },
    })
    const rec = (id: typeof vex) => h.campaign.store.get(id) as import('../../../src-shared/records').CombatantRecord
    expect(rec(raider).conditions[0]).toMatchObject({ conditionId: 'suppressed' })
    // The zone is the suppressor's, around where the target stood (CX24).
    expect(rec(vex).conditions[0]).toMatchObject({ conditionId: 'suppressing', area: { sceneId: dock.id, x: 14, y: 6, radius: 1 } })
    const player = () =>
      projectRecord(
        h.campaign.store.get(vex)!,
        new ProjectionContext(h.campaign.store, 'player'),
      ) as import('../../../src-shared/views').CombatantView
    expect(player().conditions[0]!.area).toEqual({ sceneId: dock.id, x: 14, y: 6, radius: 1 })
    // On another scene the players see the condition, not a zone on a map they are not shown.
    h.must('scene/activate', { sceneId: warehouse.id })
    expect(player().conditions[0]!.area).toBeUndefined()
    // The zone is the condition's: it ends at the start of the suppressor's next turn.
    const enc = () => h.campaign.store.ofType('encounter')[0]!
    while (enc().currentCombatantId !== vex || enc().round < 2) h.must('encounter/nextTurn', {})
    expect(rec(raider).conditions).toEqual([])
    expect(rec(vex).conditions).toEqual([])
  })
})

describe('distances from the map', () => {
  it('an attack between two tokens on the scene in play reads its range from them (CX5, SR-CX-113), asking for none', async () => {
    const { h, dock } = await mapped()
    h.must('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 1, rules: trooper() })
    const [vex, raider] = [h.combatantId('Vex'), h.combatantId('Raider')]
    h.must('token/place', { sceneId: dock.id, combatantId: vex, x: 0, y: 0 })
    h.must('token/place', { sceneId: dock.id, combatantId: raider, x: 30, y: 40 })
    const { placedRulesCombatant } = await import('../../../src-main/core/state/rules-combatants')
    const c = (id: typeof vex) => placedRulesCombatant(h.campaign.store, h.campaign.store.get(id) as never)
    const preview = (options: Record<string, number>) =>
      h.engine.ruleset.attacks!.preview({ attackerId: vex, targetId: raider, weapon: 0, mode: 'semi', options }, c(vex), c(raider))
    const p = preview({})
    expect(p.ok && p.value.options.map((o) => o.key)).not.toContain('distance')
    expect(p.ok && p.value.headline).toMatch(/^50 m · /)
    // A typed distance is the GM's only with positions set aside (the core then hands no positions over).
    const typed = preview({ distance: 12 })
    expect(typed.ok && typed.value.headline).toMatch(/^50 m · /)
  })
})

/**
 * Browser-mode core with a GM window: Vex at (0, 0) suppresses Raider at (12, 0) on the Dock,
 * medium (a 1 m zone, CX24); `run` gets the window, the ids and the scene.
 */
async function suppressedOnTheDock(
  seed: string,
  run: (
    gm: ReturnType<typeof import('../helpers/core-window').attachWindow>,
    id: (name: string) => `combatant:${string}`,
    dock: `scene:${string}`,
  ) => Promise<void>,
) {
  const { SalvoCore } = await import('../../../src-main/core/app/salvo-core')
  const { attachWindow, tickingClock } = await import('../helpers/core-window')
  const core = new SalvoCore({ dataDir: tempDir(), now: tickingClock() })
  try {
    const gm = attachWindow(core, 'gm')
    await gm.must('createCampaign', { name: 'Map', seed, rulesetId: 'compound-x' })
    await gm.command('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 1, rules: trooper() })
    await gm.command('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 1, rules: trooper() })
    await gm.command('scene/create', { name: 'Dock' })
    const snap = await gm.must('snapshot', undefined)
    const id = (name: string) => snap.records.find((r) => r.typeName === 'combatant' && r.name === name)!.id as `combatant:${string}`
    const dock = snap.records.find((r) => r.typeName === 'scene')!.id as `scene:${string}`
    await gm.command('token/place', { sceneId: dock, combatantId: id('Vex'), x: 0, y: 0 })
    await gm.command('token/place', { sceneId: dock, combatantId: id('Raider'), x: 12, y: 0 })
    await gm.command('encounter/start', {})
    await gm.command('encounter/rollInitiative', {})
    await gm.command('action/perform', {
      request: { actorId: id('Vex'), action: 'suppress', targetId: id('Raider'), options: { level: 'medium' } },
    })
    await run(gm, id, dock)
  } finally {
    await core.shutdown()
  }
}

describe('moving on the map sets off the rules (CX25, CX26)', () => {
  it("a suppressed token dragged out of its zone is shown the suppressor's reaction first, then draws it and is no longer suppressed", async () => {
    await suppressedOnTheDock('map-move', async (gm, id, dock) => {
      // Within the 1 m zone: still suppressed, but a move in the open still draws the reaction (CX26).
      const preview = await gm.must('previewMove', { combatantId: id('Raider'), sceneId: dock, x: 16, y: 0 })
      expect(preview.metres).toBe(4)
      expect(preview.cost).toMatch(/actions?/)
      expect(preview.prompts).toHaveLength(1)
      expect(preview.prompts[0]!.reactor).toBe('Vex') // whose reaction it is, by name
      expect(preview.prompts[0]!.text).toMatch(/Vex/)
      expect(preview.prompts[0]!.odds).not.toBe('')
      await gm.command('token/place', { sceneId: dock, combatantId: id('Raider'), x: 16, y: 0 })
      const after = await gm.must('snapshot', undefined)
      expect(after.records.filter((r) => r.typeName === 'prompt')).toHaveLength(1)
      const raider = after.records.find((r) => r.id === id('Raider')) as import('../../../src-shared/views').CombatantView
      expect(raider.conditions).toEqual([]) // left the zone (CX25)
      // …but the zone itself stands until Vex's next turn.
      const vexView = after.records.find((r) => r.id === id('Vex')) as import('../../../src-shared/views').CombatantView
      expect(vexView.conditions.map((c) => c.conditionId)).toEqual(['suppressing'])
    })
  })

  it("issue 36: the GM's drop sent in one go (`ifQuiet`) is refused by name where it sets off a reaction, with nothing changed, and made where it sets off none", async () => {
    await suppressedOnTheDock('map-move-quiet', async (gm, id, dock) => {
      const before = await gm.must('snapshot', undefined)
      const loud = await gm.request('dispatch', {
        type: 'token/place',
        payload: { sceneId: dock, combatantId: id('Raider'), x: 16, y: 0, ifQuiet: true },
        meta: { commandId: 'quiet-1' },
      })
      expect(loud.ok ? null : [loud.error.code, loud.error.message]).toEqual([
        'move/setsOff',
        'Moving Raider there sets off a reaction: see it before the move is made.',
      ])
      const unchanged = await gm.must('snapshot', undefined)
      expect(unchanged.version).toBe(before.version)
      expect(unchanged.records.find((r) => r.typeName === 'token' && r.combatantId === id('Raider'))).toMatchObject({ x: 12, y: 0 })
      // Vex, the suppressor, steps aside: nothing reacts to that, so it is made at once.
      await gm.command('token/place', { sceneId: dock, combatantId: id('Vex'), x: 0, y: 3, ifQuiet: true })
      const after = await gm.must('snapshot', undefined)
      expect(after.records.find((r) => r.typeName === 'token' && r.combatantId === id('Vex'))).toMatchObject({ x: 0, y: 3 })
      expect(after.records.filter((r) => r.typeName === 'prompt')).toHaveLength(0)
    })
  })

  it('a suppressor downed since makes no reaction: the drag preview shows none, and the drop puts none and logs why', async () => {
    await suppressedOnTheDock('map-move-down', async (gm, id, dock) => {
      // A fall typed by hand downs Vex (SR-CX-3: straight to health); its zone still stands on the map.
      await gm.command('combatant/damage', { combatantId: id('Vex'), amount: 500, damageType: 'fall' })
      const preview = await gm.must('previewMove', { combatantId: id('Raider'), sceneId: dock, x: 16, y: 0 })
      expect(preview.prompts).toEqual([])
      await gm.command('token/place', { sceneId: dock, combatantId: id('Raider'), x: 16, y: 0 })
      const after = await gm.must('snapshot', undefined)
      expect(after.records.filter((r) => r.typeName === 'prompt')).toHaveLength(0)
      const log = after.records.filter((r) => r.typeName === 'log').map((r) => (r as { text: string }).text)
      expect(log.some((t) => /^Vex is (down|dead|downed)[^:]* and makes no reaction: /.test(t))).toBe(true)
    })
  })
})
