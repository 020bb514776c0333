import { readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { AreaMarkRecord } from '../../../src-shared/records'
import { areaCovers, areaMarkLabel } from '../../../src-shared/area-marks'
import { MAX_AREA_MARKS_PER_SCENE } from '../../../src-main/core/commands/area-deciders'
import { documentProblem } from '../../../src-main/core/persistence/document-schema'
import { ProjectionContext, projectRecord } from '../../../src-main/core/projection/project-record'
import { CampaignHarness } from '../helpers/campaign-harness'
import { coresForTests, attachWindow } from '../helpers/core-window'
import { tempDir } from '../helpers/temp-dir'

async function table() {
  const h = await CampaignHarness.create('areas', tempDir())
  h.must('scene/create', { name: 'Dock' })
  h.must('scene/create', { name: 'Warehouse' })
  // The GM shows the map to the table in prep (else it holds and is sent no map): what it sees of one is tested here.
  h.must('projector/set', { prepMap: true })
  const [dock, warehouse] = h.campaign.store.ofType('scene').sort((a, b) => a.name.localeCompare(b.name))
  return { h, dock: dock!, warehouse: warehouse! }
}

const marks = (h: CampaignHarness) => h.campaign.store.ofType('areaMark')
const only = (h: CampaignHarness): AreaMarkRecord => {
  const all = marks(h)
  expect(all).toHaveLength(1)
  return all[0]!
}
const playerMarks = (h: CampaignHarness) =>
  marks(h)
    .filter((m) => projectRecord(m, new ProjectionContext(h.campaign.store, 'player')) !== null)
    .map((m) => m.label)
    .sort()

describe('area templates', () => {
  it('are placed, moved, edited and removed by journaled commands that undo and redo', async () => {
    const { h, dock } = await table()
    h.must('area/place', { sceneId: dock.id, x: 10, y: 8, radius: 3, label: 'Grenade' })
    expect(only(h)).toMatchObject({ typeName: 'areaMark', sceneId: dock.id, x: 10, y: 8, radius: 3, label: 'Grenade', hidden: false })
    expect(only(h).id).toMatch(/^areaMark:/)
    expect(h.campaign.store.ofType('log').at(-1)).toMatchObject({ text: 'Grenade 3 m placed on "Dock"', visibility: 'all' })

    h.must('area/move', { areaId: only(h).id, x: 13, y: 12 })
    expect(only(h)).toMatchObject({ x: 13, y: 12 })
    expect(h.campaign.store.ofType('log').at(-1)!.text).toBe('Grenade 3 m moved 5.0 m')
    h.must('area/edit', { areaId: only(h).id, radius: 2.5, hidden: true })
    expect(only(h)).toMatchObject({ radius: 2.5, hidden: true })
    expect(h.campaign.store.ofType('log').at(-1)).toMatchObject({
      text: 'Grenade 3 m: now Grenade 2.5 m, hidden from the table',
      visibility: 'gm',
    })

    h.must('history/undo', {})
    expect(only(h)).toMatchObject({ radius: 3, hidden: false })
    h.must('history/undo', {})
    expect(only(h)).toMatchObject({ x: 10, y: 8 })
    h.must('history/redo', {})
    h.must('history/redo', {})
    const id = only(h).id
    h.must('area/remove', { areaId: id })
    expect(marks(h)).toEqual([])
    h.must('history/undo', {})
    expect(only(h)).toMatchObject({ id, x: 13, y: 12, radius: 2.5, hidden: true })

    // The journal replays to the same templates.
    const before = marks(h)
    expect((await h.reopen()).ok).toBe(true)
    expect(marks(h)).toEqual(before)
  })

  it('refuses bad input with a specific error and leaves the campaign unchanged', async () => {
    const { h, dock } = await table()
    h.must('area/place', { sceneId: dock.id, x: 1, y: 1, radius: 2, label: 'Smoke' })
    const id = only(h).id
    const before = JSON.stringify([...h.campaign.store.values()])
    const refusals: [ReturnType<CampaignHarness['run']>, string, RegExp][] = [
      [h.run('area/place', { sceneId: 'scene:nope', x: 1, y: 1, radius: 2 }), 'scene/notFound', /No scene scene:nope/],
      [h.run('area/place', { sceneId: dock.id, x: 1, y: 1, radius: 0 }), 'command/invalid', /payload\.radius must be at least 0\.1 m/],
      [h.run('area/place', { sceneId: dock.id, x: 1, y: 1, radius: 9000 }), 'command/invalid', /payload\.radius must be at most 500 m/],
      [h.run('area/move', { areaId: 'areaMark:gone', x: 2, y: 2 }), 'area/notFound', /no longer on the map/],
      [h.run('area/move', { areaId: id, x: 1, y: 1 }), 'area/noChange', /Smoke 2 m is already there/],
      [h.run('area/edit', { areaId: id, radius: 2 }), 'area/noChange', /already like that/],
      [h.run('area/remove', { areaId: 'areaMark:gone' }), 'area/notFound', /no longer on the map/],
    ]
    for (const [r, code, message] of refusals) {
      expect(r.ok).toBe(false)
      if (r.ok) continue
      expect(r.error.code).toBe(code)
      expect(r.error.message).toMatch(message)
    }
    expect(JSON.stringify([...h.campaign.store.values()])).toBe(before)
  })

  it('a scene holds at most so many, and taking the scene away takes them with it (undo brings them back)', async () => {
    const { h, dock, warehouse } = await table()
    for (let i = 0; i < MAX_AREA_MARKS_PER_SCENE; i++) h.must('area/place', { sceneId: dock.id, x: i % 40, y: 1, radius: 1 })
    expect(h.run('area/place', { sceneId: dock.id, x: 0, y: 0, radius: 1 })).toMatchObject({
      ok: false,
      error: { code: 'area/full', message: expect.stringContaining('"Dock" already holds') },
    })
    h.must('area/place', { sceneId: warehouse.id, x: 0, y: 0, radius: 1, label: 'Other' })
    h.must('scene/remove', { sceneId: dock.id })
    expect(marks(h).map((m) => m.label)).toEqual(['Other'])
    h.must('history/undo', {})
    expect(marks(h)).toHaveLength(MAX_AREA_MARKS_PER_SCENE + 1)
  })

  it('the players see the templates on the scene in play, except hidden ones and those under the fog', async () => {
    const { h, dock, warehouse } = await table()
    h.must('area/place', { sceneId: dock.id, x: 2, y: 2, radius: 3, label: 'Grenade' })
    h.must('area/place', { sceneId: dock.id, x: 5, y: 5, radius: 1, label: 'Mine', hidden: true })
    h.must('area/place', { sceneId: dock.id, x: 30, y: 20, radius: 2, label: 'Smoke' })
    h.must('area/place', { sceneId: warehouse.id, x: 2, y: 2, radius: 2, label: 'Elsewhere' })
    expect(playerMarks(h)).toEqual(['Grenade', 'Smoke'])
    h.must('fog/set', { sceneId: dock.id, mode: 'areas' })
    h.must('fog/reveal', { sceneId: dock.id, rect: { x: 0, y: 0, w: 10, h: 10 } })
    expect(playerMarks(h)).toEqual(['Grenade'])
    const mine = marks(h).find((m) => m.label === 'Mine')!
    h.must('area/edit', { areaId: mine.id, hidden: false })
    expect(playerMarks(h)).toEqual(['Grenade', 'Mine'])
    h.must('scene/activate', { sceneId: warehouse.id })
    expect(playerMarks(h)).toEqual(['Elsewhere'])
    // The GM sees them all, wherever they are.
    expect(marks(h).filter((m) => projectRecord(m, new ProjectionContext(h.campaign.store, 'gm')) !== null)).toHaveLength(4)
  })

  it('a document check names a damaged template, and a good one opens', () => {
    const record = { typeName: 'areaMark', id: 'areaMark:a1', sceneId: 'scene:s1', x: 1, y: 2, radius: 3, label: 'Grenade', hidden: false }
    const doc = (r: object) => ({
      schemaVersion: 2,
      journalSeq: 0,
      records: {
        campaign: { typeName: 'campaign', id: 'campaign', name: 'C', rulesetId: 'generic-d100', createdAt: 'now' },
        rng: { typeName: 'rng', id: 'rng', seed: 's', state: { c: 1, s0: 0, s1: 0, s2: 0 } },
        'areaMark:a1': r,
      },
    })
    expect(documentProblem(doc(record))).toBeNull()
    expect(documentProblem(doc({ ...record, radius: -1 }))).toMatch(/^records › areaMark:a1 › radius: /)
    expect(documentProblem(doc({ ...record, hidden: 'no' }))).toMatch(/^records › areaMark:a1 › hidden: /)
  })

  it('labels and covers as the map draws them', () => {
    expect(areaMarkLabel({ label: 'Grenade', radius: 3 })).toBe('Grenade 3 m')
    expect(areaMarkLabel({ label: '', radius: 2.25 })).toBe('2.25 m')
    const m = { x: 0, y: 0, radius: 3 }
    // A base of 0.5 m under a 3 m circle: in while the circle touches it, the touching edge included (SR-CORE-10).
    const base = (x: number, y: number) => ({ x, y, radius: 0.5 })
    expect(areaCovers(m, base(3, 0))).toBe(true)
    expect(areaCovers(m, base(3.5, 0))).toBe(true)
    expect(areaCovers(m, base(3.51, 0))).toBe(false)
    expect(areaCovers(m, base(2.2, 2.2))).toBe(true)
    expect(areaCovers(m, base(2.5, 2.5))).toBe(false)
    // A centre outside the circle still counts when the base reaches in: the "visibly touching, 0 under it".
    expect(areaCovers(m, { x: 3.8, y: 0, radius: 0.9 })).toBe(true)
  })
})

describe('area templates reach the player window by diff', () => {
  const startCore = coresForTests()

  it('appear, follow a hide and a change of scene, and a hidden one is never sent', async () => {
    const { core, gm } = await startCore()
    await gm.must('createCampaign', { name: 'Diffs', seed: 's', rulesetId: 'generic-d100' })
    const player = attachWindow(core, 'player')
    await player.must('snapshot', undefined)
    await gm.command('scene/create', { name: 'Dock' })
    await gm.command('scene/create', { name: 'Yard' })
    // The GM shows the map to the table in prep (else it holds and is sent no map): what it sees of one is tested here.
    await gm.command('projector/set', { prepMap: true })
    const scenes = (await gm.must('snapshot', undefined)).records.filter((r) => r.typeName === 'scene')
    const dock = scenes.find((s) => s.typeName === 'scene' && s.name === 'Dock')!.id as `scene:${string}`
    const yard = scenes.find((s) => s.typeName === 'scene' && s.name === 'Yard')!.id as `scene:${string}`
    await gm.command('area/place', { sceneId: dock, x: 3, y: 3, radius: 3, label: 'Grenade' })
    await gm.command('area/place', { sceneId: dock, x: 6, y: 6, radius: 1, label: 'ZqSecretMine', hidden: true })
    await gm.command('area/place', { sceneId: yard, x: 6, y: 6, radius: 1, label: 'Flare' })
    const seen = async () => (await player.must('snapshot', undefined)).records.flatMap((r) => (r.typeName === 'areaMark' ? [r.label] : []))
    const added = () =>
      player.messages.flatMap((m) => (m.kind === 'diff' ? m.diff.added.flatMap((r) => (r.typeName === 'areaMark' ? [r.label] : [])) : []))
    expect(added()).toEqual(['Grenade'])
    const grenade = (await gm.must('snapshot', undefined)).records.find((r) => r.typeName === 'areaMark' && r.label === 'Grenade')!.id
    await gm.command('area/edit', { areaId: grenade, hidden: true })
    const removed = player.messages.flatMap((m) => (m.kind === 'diff' ? m.diff.removed : []))
    expect(removed).toContain(grenade)
    await gm.command('scene/activate', { sceneId: yard })
    expect(added()).toEqual(['Grenade', 'Flare'])
    expect(await seen()).toEqual(['Flare'])
    expect(JSON.stringify(player.messages)).not.toContain('ZqSecretMine')
  })
})

describe('a campaign file with templates', () => {
  it('is refused when a template in it is broken, with the record named', async () => {
    const h = await CampaignHarness.create('file', tempDir())
    h.must('scene/create', { name: 'Dock' })
    h.must('area/place', { sceneId: h.campaign.store.ofType('scene')[0]!.id, x: 1, y: 1, radius: 2 })
    await h.campaign.close()
    const file = h.campaign.paths.document
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { records: Record<string, Record<string, unknown>> }
    const mark = Object.values(doc.records).find((r) => r['typeName'] === 'areaMark')!
    mark['sceneId'] = 'nowhere'
    writeFileSync(file, JSON.stringify(doc))
    const r = await h.reopen()
    expect(!r.ok && r.error.message).toMatch(/records › areaMark:[\w-]+ › sceneId/)
  })
})
