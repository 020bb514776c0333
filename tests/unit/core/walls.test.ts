import { describe, expect, it } from 'vitest'
import { MAP } from '../../../src-shared/limits'
import type { WallRecord } from '../../../src-shared/records'
import { ProjectionContext, projectRecord } from '../../../src-main/core/projection/project-record'
import { CampaignHarness } from '../helpers/campaign-harness'
import { tempDir } from '../helpers/temp-dir'

/** Walls, low cover, windows and doors as campaign records (issue 34): drawn, moved, split, edited, opened, removed. */

async function table() {
  const h = await CampaignHarness.create('walls', tempDir())
  h.must('scene/create', { name: 'Dock' })
  h.must('projector/set', { prepMap: true })
  const dock = h.campaign.store.ofType('scene')[0]!
  return { h, dock }
}

const walls = (h: CampaignHarness) => h.campaign.store.ofType('wall')
const only = (h: CampaignHarness): WallRecord => {
  const all = walls(h)
  expect(all).toHaveLength(1)
  return all[0]!
}
const lastLog = (h: CampaignHarness) => h.campaign.store.ofType('log').at(-1)!
const player = (h: CampaignHarness, w: WallRecord) => projectRecord(w, new ProjectionContext(h.campaign.store, 'player'))
const L = [
  { x: 1, y: 1 },
  { x: 6, y: 1 },
  { x: 6, y: 5 },
]

describe('walls on a scene', () => {
  it('are drawn, moved, split, edited and removed by journaled commands that undo, and survive a reopen', async () => {
    const { h, dock } = await table()
    h.must('wall/add', { sceneId: dock.id, kind: 'wall', points: L })
    expect(only(h)).toMatchObject({ typeName: 'wall', sceneId: dock.id, kind: 'wall', points: L })
    expect(lastLog(h)).toMatchObject({ text: 'A wall of 9.0 m drawn on "Dock"', visibility: 'gm' })

    h.must('wall/move', { wallId: only(h).id, points: L.map((p) => ({ x: p.x + 2, y: p.y })) })
    expect(only(h).points[0]).toEqual({ x: 3, y: 1 })
    h.must('history/undo', {})
    expect(only(h).points).toEqual(L)

    h.must('wall/split', { wallId: only(h).id, at: 1 })
    const [a, b] = walls(h)
    expect([a!.points, b!.points]).toEqual([L.slice(0, 2), L.slice(1)])
    h.must('history/undo', {})
    expect(only(h).points).toEqual(L)

    h.must('wall/edit', { wallId: only(h).id, kind: 'low' })
    expect(only(h).kind).toBe('low')
    h.must('wall/edit', { wallId: only(h).id, kind: 'door', secret: true })
    expect(only(h)).toMatchObject({ kind: 'door', door: 'closed', secret: true })
    expect(lastLog(h).text).toBe('A low cover is now a secret door')

    const before = walls(h)
    expect((await h.reopen()).ok).toBe(true)
    expect(walls(h)).toEqual(before)
    h.must('wall/remove', { wallId: only(h).id })
    expect(walls(h)).toEqual([])
  })

  it('doors open, close, lock and unlock from the map; a wall does not open', async () => {
    const { h, dock } = await table()
    h.must('wall/add', { sceneId: dock.id, kind: 'door', points: L.slice(0, 2) })
    const id = only(h).id
    expect(only(h)).toMatchObject({ door: 'closed', secret: false })
    h.must('door/set', { wallId: id, door: 'open' })
    expect(lastLog(h).text).toBe('A door opened')
    h.must('door/set', { wallId: id, door: 'locked' })
    h.must('door/set', { wallId: id, door: 'closed' })
    expect(lastLog(h).text).toBe('A door unlocked')
    expect(h.run('door/set', { wallId: id, door: 'closed' })).toMatchObject({ ok: false, error: { code: 'wall/noChange' } })
    h.must('wall/add', { sceneId: dock.id, kind: 'window', points: L.slice(1) })
    const pane = walls(h).find((w) => w.kind === 'window')!
    expect(h.run('door/set', { wallId: pane.id, door: 'open' })).toMatchObject({ ok: false, error: { code: 'wall/notADoor' } })
    expect(h.run('wall/edit', { wallId: pane.id, secret: true })).toMatchObject({ ok: false, error: { code: 'wall/notADoor' } })
  })

  it('refuses what its schema or bounds refuse, naming why, and changes nothing', async () => {
    const { h, dock } = await table()
    const refused = (payload: unknown) => {
      const r = h.run('wall/add', payload as never)
      expect(r.ok).toBe(false)
      return r.ok ? '' : r.error.message
    }
    expect(refused({ sceneId: dock.id, kind: 'wall', points: [{ x: 1, y: 1 }] })).toMatch(/at least two corners/)
    expect(refused({ sceneId: dock.id, kind: 'wall', door: 'open', points: L })).toMatch(/only a door/)
    expect(refused({ sceneId: dock.id, kind: 'wall', points: [L[0], L[0]] })).toMatch(/same place/)
    expect(
      refused({ sceneId: dock.id, kind: 'wall', points: Array.from({ length: MAP.wallPoints + 1 }, (_, i) => ({ x: i, y: 0 })) }),
    ).toMatch(/more than 2000 corners/)
    expect(h.run('wall/split', { wallId: 'wall:nothing', at: 1 })).toMatchObject({ ok: false, error: { code: 'wall/notFound' } })
    h.must('wall/add', { sceneId: dock.id, kind: 'wall', points: L.slice(0, 2) })
    expect(h.run('wall/split', { wallId: only(h).id, at: 1 })).toMatchObject({ ok: false, error: { code: 'wall/cannotSplit' } })
    expect(walls(h)).toHaveLength(1)
  })

  it('a scene holds at most its bound of wall segments', async () => {
    const { h, dock } = await table()
    const long = Array.from({ length: MAP.wallPoints }, (_, i) => ({ x: (i % 100) * 0.5, y: Math.floor(i / 100) * 0.5 + (i % 2) * 0.1 }))
    const per = long.length - 1
    for (let n = 0; (n + 1) * per <= MAP.wallSegmentsPerScene; n++) h.must('wall/add', { sceneId: dock.id, kind: 'wall', points: long })
    const r = h.run('wall/add', { sceneId: dock.id, kind: 'wall', points: long })
    expect(r).toMatchObject({ ok: false, error: { code: 'wall/full' } })
  })

  it('go with their scene, and come back with its undo', async () => {
    const { h, dock } = await table()
    h.must('scene/create', { name: 'Shelf' })
    h.must('wall/add', { sceneId: dock.id, kind: 'wall', points: L })
    h.must('scene/remove', { sceneId: dock.id })
    expect(walls(h)).toEqual([])
    h.must('history/undo', {})
    expect(walls(h)).toHaveLength(1)
  })

  it('the table sees the walls of the scene in play where the fog is lifted; a secret door is a plain wall shut and a gap open', async () => {
    const { h, dock } = await table()
    h.must('wall/add', { sceneId: dock.id, kind: 'door', points: L.slice(0, 2), secret: true })
    const door = only(h)
    expect(player(h, door)).toEqual({ typeName: 'wall', id: door.id, sceneId: dock.id, points: door.points, kind: 'wall' })
    h.must('door/set', { wallId: door.id, door: 'open' })
    expect(player(h, only(h))).toBeNull()
    h.must('wall/edit', { wallId: door.id, secret: false })
    expect(player(h, only(h))).toMatchObject({ kind: 'door', door: 'open', secret: false })
    // Locked is the GM's to know: the table is sent a shut door.
    h.must('door/set', { wallId: door.id, door: 'locked' })
    expect(player(h, only(h))).toMatchObject({ kind: 'door', door: 'closed' })
    h.must('door/set', { wallId: door.id, door: 'open' })
    h.must('fog/set', { sceneId: dock.id, mode: 'areas' })
    expect(player(h, only(h))).toBeNull()
    h.must('fog/reveal', { sceneId: dock.id, rect: { x: 0, y: 0, w: 4, h: 4 } })
    // One corner at (6, 1) is still under the fog: the wall would outline the hidden part.
    expect(player(h, only(h))).toBeNull()
    h.must('fog/reveal', { sceneId: dock.id, rect: { x: 0, y: 0, w: 10, h: 4 } })
    expect(player(h, only(h))).not.toBeNull()
  })

  it('stop a move on the mover’s own turn (SR-CORE-33); an open door, a free move or a move out of turn goes through', async () => {
    const { h, dock } = await table()
    h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 10 })
    h.must('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 10 })
    for (const [name, x] of [
      ['Vex', 2],
      ['Raider', 12],
    ] as const)
      h.must('token/place', { sceneId: dock.id, combatantId: h.combatantId(name), x, y: 5 })
    h.must('wall/add', {
      sceneId: dock.id,
      kind: 'wall',
      points: [
        { x: 5, y: 0 },
        { x: 5, y: 4 },
      ],
    })
    h.must('wall/add', {
      sceneId: dock.id,
      kind: 'door',
      points: [
        { x: 5, y: 4 },
        { x: 5, y: 6 },
      ],
    })
    h.must('wall/add', {
      sceneId: dock.id,
      kind: 'wall',
      points: [
        { x: 5, y: 6 },
        { x: 5, y: 20 },
      ],
    })
    h.must('encounter/start', { name: 'Dock fight' })
    h.must('encounter/rollInitiative', {})
    const acting = h.campaign.store.ofType('encounter')[0]!.currentCombatantId!
    const other = acting === h.combatantId('Vex') ? h.combatantId('Raider') : h.combatantId('Vex')
    const at = (id: string) => h.campaign.store.ofType('token').find((t) => t.combatantId === id)!
    const across = (id: string) => ({ sceneId: dock.id, combatantId: id as `combatant:${string}`, x: at(id).x < 5 ? 8 : 3, y: 5 })

    const r = h.run('token/place', across(acting))
    expect(r).toMatchObject({ ok: false, error: { code: 'move/wallInTheWay' } })
    expect(r.ok ? '' : r.error.message).toMatch(
      /cannot move through a closed door: go round it in steps, open the door, or make it a free move/,
    )
    // Out of turn the GM is placing it: walls do not stop that.
    h.must('token/place', across(other))
    const door = h.campaign.store.ofType('wall').find((w) => w.kind === 'door')!
    h.must('door/set', { wallId: door.id, door: 'open' })
    h.must('token/place', across(acting))
    h.must('door/set', { wallId: door.id, door: 'closed' })
    h.must('token/place', { ...across(acting), free: true })
  })
})
