import { readFileSync } from 'node:fs'
import seedrandom from 'seedrandom'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { unseenBoxes } from '../../../src-main/core/assets/fog-mask'
import type { CombatantRecord, SceneRecord, TokenRecord, WallRecord } from '../../../src-shared/records'
import { inPartySight, partySight, SIGHT_RADIUS } from '../../../src-shared/sight-fog'
import type { SceneView, ViewRecord } from '../../../src-shared/views'
import { attachWindow, coresForTests } from '../helpers/core-window'
import { makePng } from '../helpers/images'
import { CampaignHarness } from '../helpers/campaign-harness'
import { tempDir } from '../helpers/temp-dir'
import { playerLeaks, PlayerHolding } from '../../support/fuzz-leak-check'
import type { ServerMessage } from '../../../src-shared/contract'

/**
 * Fog by sight (issue 34, SR-CORE-30: what stops fire stops sight): through a real core, its
 * commands, its player projection and the table's masked picture.
 */

const startCore = coresForTests()

/** A 12 × 8 m map at 10 px a metre; a room from (1,1) to (6,6) whose east wall has a door from y 3 to 4. */
async function room() {
  const { core, gm } = await startCore()
  await gm.must('createCampaign', { name: 'Sight', seed: 's', rulesetId: 'compound-x' })
  await gm.command('scene/create', { name: 'Bunker' })
  await gm.command('projector/set', { prepMap: true })
  const snap = async () => (await gm.must('snapshot', undefined)).records
  const sceneId = (await snap()).find((r) => r.typeName === 'scene')!.id as SceneRecord['id']
  await gm.must('importSceneImage', { sceneId, fileName: 'bunker.png', dataBase64: makePng(120, 80, 7).toString('base64') })
  await gm.command('scene/update', { sceneId, grid: { kind: 'none', pxPerMetre: 10 } })
  const wall = (kind: 'wall' | 'door', points: { x: number; y: number }[]) =>
    gm.command('wall/add', { sceneId, kind, points, ...(kind === 'door' ? { door: 'closed' } : {}) })
  await wall('wall', [
    { x: 6, y: 3 },
    { x: 6, y: 1 },
    { x: 1, y: 1 },
    { x: 1, y: 6 },
    { x: 6, y: 6 },
    { x: 6, y: 4 },
  ])
  await wall('door', [
    { x: 6, y: 3 },
    { x: 6, y: 4 },
  ])
  const add = async (name: string, side: 'party' | 'enemy', x: number, y: number) => {
    await gm.command('combatant/add', { name, side, kind: side === 'party' ? 'pc' : 'npc', maxHp: 10 })
    const c = (await snap()).find((r) => r.typeName === 'combatant' && r.name === name)!
    await gm.command('token/place', { sceneId, combatantId: c.id, x, y })
    return (await snap()).find((r): r is TokenRecord => r.typeName === 'token' && r.combatantId === c.id)!
  }
  const scout = await add('Scout', 'party', 3, 3.5)
  const guard = await add('Guard', 'enemy', 9, 3.5)
  const door = (await snap()).find((r): r is WallRecord => r.typeName === 'wall' && r.kind === 'door')!
  const player = attachWindow(core, 'player')
  const table = async () => (await player.must('snapshot', undefined)).records
  return { core, gm, player, table, sceneId, scout, guard, door }
}

const ids = (records: readonly ViewRecord[]) => new Set(records.map((r) => r.id))

async function tablePixels(core: Awaited<ReturnType<typeof room>>['core'], records: readonly ViewRecord[]) {
  await core.tablePicturesSettled()
  const scene = records.find((r): r is SceneView => r.typeName === 'scene')!
  expect(scene.image, 'the table is sent a masked copy').not.toBeNull()
  const { data, info } = await sharp(readFileSync(core.assetFile('player', `${scene.image!.hash}.png`)!))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)]
}

describe('fog by sight through the core', () => {
  it('off (the default): the painted fog alone decides, the guard behind the shut door is on the table', async () => {
    const { table, guard } = await room()
    expect(ids(await table()).has(guard.id)).toBe(true)
  })

  it('on: a shut door hides the guard and what is beyond; opening it shows them, and the picture follows', async () => {
    const { core, gm, player, table, sceneId, scout, guard, door } = await room()
    await gm.command('scene/update', { sceneId, sight: 'party' })
    let seen = await table()
    expect(ids(seen).has(scout.id)).toBe(true)
    expect(ids(seen).has(guard.id)).toBe(false)
    // The room's own walls are seen from inside; the door too.
    expect(ids(seen).has(door.id)).toBe(true)
    await core.tablePicturesSettled()
    seen = await table()
    let at = await tablePixels(core, seen)
    const colour = at(30, 35)
    expect(colour).not.toEqual([0, 0, 0])
    // Beyond the shut door, and far corners outside: black.
    for (const [x, y] of [
      [90, 35],
      [70, 35],
      [110, 5],
      [30, 75],
    ] as const)
      expect(at(x, y), `${x},${y}`).toEqual([0, 0, 0])

    player.messages.length = 0
    await gm.command('door/set', { wallId: door.id, door: 'open' })
    // The open door reaches the table as a diff adding the guard's token (dependent records re-projected).
    const added = player.messages.flatMap((m) => (m.kind === 'diff' ? m.diff.added.map((r) => r.id) : []))
    expect(added).toContain(guard.id)
    await core.tablePicturesSettled()
    seen = await table()
    expect(ids(seen).has(guard.id)).toBe(true)
    at = await tablePixels(core, seen)
    expect(at(90, 35)).toEqual(colour)
    expect(at(70, 35)).toEqual(colour)
    // Through the doorway only a wedge is seen: north of it, outside, stays black.
    expect(at(90, 10)).toEqual([0, 0, 0])
    expect(at(30, 35)).toEqual(colour)

    // The GM's painted fog still applies on top: hiding the guard's spot hides the guard.
    await gm.command('fog/hide', { sceneId, rect: { x: 8, y: 2, w: 2, h: 3 } })
    expect(ids(await table()).has(guard.id)).toBe(false)
  })

  it('on: the party moving out of the room takes the room off the table; a hidden party member sees nothing for it', async () => {
    const { gm, table, sceneId, scout, guard } = await room()
    await gm.command('scene/update', { sceneId, sight: 'party' })
    await gm.command('token/place', { sceneId, combatantId: scout.combatantId, x: 8, y: 3.5 })
    const seen = await table()
    expect(ids(seen).has(guard.id)).toBe(true)
    // Inside the room nothing is seen now, so its walls are not drawn on the table.
    expect([...seen].filter((r) => r.typeName === 'wall').map((r) => (r as WallRecord).kind)).toEqual(['door'])
    await gm.command('combatant/setHidden', { combatantId: scout.combatantId, hidden: true })
    const dark = await table()
    expect(ids(dark).has(guard.id)).toBe(false)
    expect(dark.filter((r) => r.typeName === 'token')).toEqual([])
  })

  it('a setting that is not one is refused, naming the field, and the scene is as it was', async () => {
    const { gm, table, sceneId, guard } = await room()
    const r = await gm.request('dispatch', {
      type: 'scene/update',
      payload: { sceneId, sight: 'everyone' },
      meta: { commandId: 'bad-sight' },
    } as never)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toMatch(/sight/)
    const scene = (await gm.must('snapshot', undefined)).records.find((x): x is SceneView => x.typeName === 'scene')!
    expect(scene.sight).toBeUndefined()
    expect(ids(await table()).has(guard.id)).toBe(true)
  })

  it('a scene saved with sight set survives undo: undo puts the setting back', async () => {
    const { gm, table, sceneId, guard } = await room()
    await gm.command('scene/update', { sceneId, sight: 'party' })
    expect(ids(await table()).has(guard.id)).toBe(false)
    await gm.command('history/undo', {})
    expect(ids(await table()).has(guard.id)).toBe(true)
  })
})

describe("the picture's unseen pixels (unseenBoxes)", () => {
  it('property: every pixel with a point the party does not see is painted over, over random walls', () => {
    const rng = seedrandom('sight-mask')
    for (let run = 0; run < 40; run++) {
      const width = 20 + Math.floor(rng() * 60)
      const height = 20 + Math.floor(rng() * 60)
      const scale = 1 + rng() * 4
      const m = (px: number) => px / scale
      const walls: WallRecord[] = Array.from({ length: Math.floor(rng() * 6) }, (_, i) => ({
        typeName: 'wall',
        id: `wall:w${i}`,
        sceneId: 'scene:s',
        kind: 'wall',
        points: [
          { x: m(rng() * width), y: m(rng() * height) },
          { x: m(rng() * width), y: m(rng() * height) },
        ],
      }))
      const tokens: TokenRecord[] = Array.from({ length: 1 + Math.floor(rng() * 2) }, (_, i) => ({
        typeName: 'token',
        id: `token:s-c${i}`,
        sceneId: 'scene:s',
        combatantId: `combatant:c${i}`,
        x: m(rng() * width),
        y: m(rng() * height),
      }))
      const party = { side: 'party', hidden: false } as CombatantRecord
      const sight = partySight({ id: 'scene:s', sight: 'party' }, tokens, () => party, walls)!
      const boxes = unseenBoxes({ width, height }, { kind: 'none', pxPerMetre: scale }, sight)
      const covered = (x: number, y: number) => boxes.some((b) => x >= b.left && x < b.left + b.width && y >= b.top && y < b.top + b.height)
      let shown = 0
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) {
          const at = [0.001, 0.5, 0.999]
          const unseen = at.some((dx) => at.some((dy) => !inPartySight(sight, { x: m(x + dx), y: m(y + dy) })))
          if (unseen) expect(covered(x, y), `run ${run}: pixel ${x},${y} shows what the party does not see`).toBe(true)
          else if (!covered(x, y)) shown++
        }
      // Something is seen around each token (the check is not passing on an all-black mask).
      expect(shown).toBeGreaterThan(0)
    }
  })

  it('sight reaches its radius and no further', () => {
    const token: TokenRecord = { typeName: 'token', id: 'token:s-c', sceneId: 'scene:s', combatantId: 'combatant:c', x: 100, y: 100 }
    const sight = partySight({ id: 'scene:s', sight: 'party' }, [token], () => ({ side: 'party', hidden: false }) as CombatantRecord, [])!
    expect(inPartySight(sight, { x: 100 + SIGHT_RADIUS * 0.95, y: 100 })).toBe(true)
    expect(inPartySight(sight, { x: 100 + SIGHT_RADIUS * 1.05, y: 100 })).toBe(false)
  })
})

describe('the leak check judges by the same sight', () => {
  it('a token behind a wall from the party is a leak with sight on, and not with it off', () => {
    const scene = { typeName: 'scene', id: 'scene:s', name: 'T', image: null, grid: { kind: 'none', pxPerMetre: 10 }, active: true }
    const combatant = (id: string, side: string) => ({ typeName: 'combatant', id, name: id, side, kind: 'npc', hidden: false })
    const token = (c: string, x: number) => ({
      typeName: 'token',
      id: `token:s-${c}`,
      sceneId: 'scene:s',
      combatantId: `combatant:${c}`,
      x,
      y: 5,
    })
    const wall = {
      typeName: 'wall',
      id: 'wall:w',
      sceneId: 'scene:s',
      kind: 'wall',
      points: [
        { x: 5, y: 0 },
        { x: 5, y: 10 },
      ],
    }
    const gm = (sight: 'off' | 'party') =>
      [
        { ...scene, sight },
        combatant('combatant:p', 'party'),
        combatant('combatant:f', 'enemy'),
        token('p', 2),
        token('f', 8),
        wall,
      ] as unknown as ViewRecord[]
    const sent = {
      kind: 'diff',
      diff: { fromVersion: 1, toVersion: 2, added: [token('f', 8)], updated: [], removed: [] },
    } as unknown as ServerMessage
    const judge = (sight: 'off' | 'party') => {
      const holding = new PlayerHolding()
      holding.version = 1
      return playerLeaks([sent], { secrets: new Set(), gm: gm(sight) }, holding).filter((p) => p.startsWith('hidden-token'))
    }
    expect(judge('party')).toHaveLength(1)
    expect(judge('off')).toEqual([])
  })
})

describe('the setting on disk', () => {
  it('survives closing and reopening the campaign (the document schema keeps it)', async () => {
    const h = await CampaignHarness.create('sight', tempDir())
    h.must('scene/create', { name: 'Dock' })
    const dock = h.campaign.store.ofType('scene')[0]!
    h.must('scene/update', { sceneId: dock.id, sight: 'party' })
    expect((await h.reopen()).ok).toBe(true)
    expect(h.campaign.store.ofType('scene')[0]!.sight).toBe('party')
  })
})
