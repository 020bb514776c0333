import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { SalvoCore } from '../../../src-main/core/app/salvo-core'
import { readUvttFile, wallPieces } from '../../../src-main/core/transfer/uvtt-file'
import { MAP, UVTT } from '../../../src-shared/limits'
import type { SceneRecord, WallRecord } from '../../../src-shared/records'
import { attachWindow, tickingClock } from '../helpers/core-window'
import { makePng } from '../helpers/images'
import { tempDir } from '../helpers/temp-dir'

/*
 * Issue 34: a Universal VTT map file becomes a scene in one step. Every file here is written by
 * the test in the format's own shape (grid units, a base64 picture), so what the import must make
 * of it is known from the numbers the test chose.
 */

const cores: SalvoCore[] = []
afterEach(async () => {
  for (const c of cores.splice(0)) await c.shutdown()
})

const P = (x: number, y: number) => ({ x, y })

/** A 10 × 5 cell crypt at 20 px a cell: an outer wall, a sarcophagus (low cover) and two doors. */
function crypt(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    format: 0.3,
    resolution: { map_origin: P(0, 0), map_size: P(10, 5), pixels_per_grid: 20 },
    line_of_sight: [
      [P(0, 0), P(10, 0), P(10, 5), P(0, 5), P(0, 0)],
      [P(4, 0), P(4, 2)],
    ],
    objects_line_of_sight: [[P(6, 2), P(8, 2), P(8, 3), P(6, 3), P(6, 2)]],
    portals: [
      { position: P(4, 2.5), bounds: [P(4, 2), P(4, 3)], rotation: 0, closed: true, freestanding: false },
      { position: P(2, 5), bounds: [P(1.5, 5), P(2.5, 5)], rotation: 1.57, closed: false, freestanding: false },
    ],
    environment: { baked_lighting: true, ambient_light: 'ffffffff' },
    lights: [{ position: P(2, 2), range: 4, intensity: 1, color: 'ffeeaa', shadows: true }],
    image: makePng(200, 100, 7).toString('base64'),
    ...over,
  }
}

async function campaign() {
  const dataDir = tempDir()
  const core = new SalvoCore({ dataDir, now: tickingClock() })
  cores.push(core)
  await core.start()
  const gm = attachWindow(core)
  const summary = await gm.must('createCampaign', { name: 'Crypts', seed: 'crypts' })
  const records = async () => (await gm.must('snapshot', undefined)).records
  const assetsDir = join(dataDir, 'campaigns', summary.id, 'assets')
  const assets = () => {
    try {
      return readdirSync(assetsDir)
    } catch {
      return []
    }
  }
  const send = (file: unknown, fileName = 'crypt.dd2vtt', more: { metresPerCell?: number; name?: string } = {}) =>
    gm.request('importUvtt', { fileName, text: typeof file === 'string' ? file : JSON.stringify(file), ...more })
  return { core, gm, records, assets, send, dataDir }
}

const wallsOf = (rs: readonly { typeName: string }[]) => rs.filter((r): r is WallRecord => r.typeName === 'wall')

describe('importUvtt', () => {
  it('makes one scene with its picture, a calibrated grid and every wall in metres', async () => {
    const c = await campaign()
    const r = await c.send(crypt())
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(r.value).toMatchObject({ walls: 2, lowCover: 1, doors: 2 })
    const rs = await c.records()
    const scene = rs.find((x): x is SceneRecord => x.typeName === 'scene')!
    expect(scene).toMatchObject({
      id: r.value.sceneId,
      name: 'crypt',
      active: true,
      image: { ext: 'png', width: 200, height: 100, fileName: 'crypt.dd2vtt' },
      grid: { kind: 'square', cellPx: 20, metresPerCell: 1.5, offsetX: 0, offsetY: 0 },
    })
    expect(c.assets()).toEqual([`${scene.image!.hash}.png`])
    const walls = wallsOf(rs)
    expect(walls.every((w) => w.sceneId === scene.id)).toBe(true)
    const byKind = (k: string) => walls.filter((w) => w.kind === k).map((w) => w.points)
    // Grid units times 1.5 m a cell.
    expect(byKind('wall')).toEqual(
      expect.arrayContaining([
        [P(0, 0), P(15, 0), P(15, 7.5), P(0, 7.5), P(0, 0)],
        [P(6, 0), P(6, 3)],
      ]),
    )
    expect(byKind('low')).toEqual([[P(9, 3), P(12, 3), P(12, 4.5), P(9, 4.5), P(9, 3)]])
    const doors = walls.filter((w) => w.kind === 'door')
    expect(doors.map((d) => [d.points, d.kind === 'door' && d.door, d.kind === 'door' && d.secret])).toEqual(
      expect.arrayContaining([
        [[P(6, 3), P(6, 4.5)], 'closed', false],
        [[P(2.25, 7.5), P(3.75, 7.5)], 'open', false],
      ]),
    )
    const log = rs.filter((x) => x.typeName === 'log').map((x) => (x as { text: string }).text)
    expect(log).toContain('Scene "crypt" imported from crypt.dd2vtt: 2 walls, 1 low cover, 2 doors')
  })

  it('takes the GM’s cell size and name, a data-URL picture, and a map origin that is not a whole cell', async () => {
    const c = await campaign()
    const image = `data:image/png;base64,${makePng(200, 100, 8).toString('base64')}`
    const file = crypt({
      image,
      resolution: { map_origin: P(2.5, -1), map_size: P(10, 5), pixels_per_grid: 20 },
      line_of_sight: [[P(2.5, -1), P(12.5, -1)]],
      objects_line_of_sight: [],
      portals: [],
    })
    const r = await c.send(file, 'vault.uvtt', { metresPerCell: 2, name: 'The vault' })
    expect(r.ok).toBe(true)
    const rs = await c.records()
    expect(rs.find((x) => x.typeName === 'scene')).toMatchObject({
      name: 'The vault',
      grid: { kind: 'square', cellPx: 20, metresPerCell: 2, offsetX: 10, offsetY: 0 },
    })
    expect(wallsOf(rs).map((w) => w.points)).toEqual([[P(0, 0), P(20, 0)]])
  })

  it('is taken back whole by one undo, and the picture stays stored for redo', async () => {
    const c = await campaign()
    await c.gm.command('scene/create', { name: 'Dock' })
    const before = await c.records()
    expect((await c.send(crypt())).ok).toBe(true)
    expect(wallsOf(await c.records())).toHaveLength(5)
    await c.gm.command('history/undo', {})
    expect(await c.records()).toEqual(before)
    await c.gm.command('history/redo', {})
    const after = await c.records()
    expect(wallsOf(after)).toHaveLength(5)
    // Not the first scene: the one on the table stays there.
    expect(after.filter((x) => x.typeName === 'scene').map((s) => [(s as SceneRecord).name, (s as SceneRecord).active])).toEqual(
      expect.arrayContaining([
        ['Dock', true],
        ['crypt', false],
      ]),
    )
  })

  it('drops corners that repeat and lines of no length, and cuts a line longer than a wall may be', async () => {
    const c = await campaign()
    const long = Array.from({ length: MAP.wallPoints + 10 }, (_, i) => P((i % 2) * 5 + 1, (i / (MAP.wallPoints + 10)) * 4))
    const r = await c.send(
      crypt({
        line_of_sight: [[P(1, 1), P(1, 1), P(3, 1)], [P(2, 2), P(2, 2)], long],
        objects_line_of_sight: [],
        portals: [{ bounds: [P(5, 5), P(5, 5)], closed: true }],
      }),
    )
    expect(r.ok).toBe(true)
    const walls = wallsOf(await c.records())
    expect(walls.map((w) => w.points.length).sort((a, b) => a - b)).toEqual([2, 11, MAP.wallPoints])
    expect(walls.find((w) => w.points.length === 2)!.points).toEqual([P(1.5, 1.5), P(4.5, 1.5)])
    // The two pieces share the corner they were cut at: no gap in the wall.
    const [a, b] = walls.filter((w) => w.points.length > 2).sort((x, y) => y.points.length - x.points.length)
    expect(b!.points[0]).toEqual(a!.points.at(-1))
  })

  it('wallPieces keeps a short line whole and joins the pieces of a long one', () => {
    expect(wallPieces([P(0, 0), P(1, 0)])).toEqual([[P(0, 0), P(1, 0)]])
    expect(wallPieces([P(0, 0), P(0, 0)])).toEqual([])
    const pieces = wallPieces(Array.from({ length: 2 * MAP.wallPoints }, (_, i) => P(i, 0)))
    expect(pieces.map((p) => p.length)).toEqual([MAP.wallPoints, MAP.wallPoints, 2])
  })

  const manyPoints = (n: number) => Array.from({ length: n }, (_, i) => P((i % 10) + 0.5, ((i * 7) % 5) + 0.25))
  const deep = (n: number) => '['.repeat(n) + ']'.repeat(n)

  it.each([
    ['broken JSON', '{"format": 0.3, "resolution": {"map_size": }', /crypt\.dd2vtt is not valid JSON: line 1, column \d+: unexpected "}"/],
    ['a cut-off file', '{"format": 0.3, "line_of_sight": [[{"x": 1', /crypt\.dd2vtt is cut off at line 1/],
    ['a list instead of an object', '[1, 2, 3]', /is not a map file/],
    ['an empty file', '   ', /crypt\.dd2vtt is empty/],
    ['deep nesting', `{"lights": ${deep(50)}}`, /nests deeper than 8 levels/],
    ['a __proto__ key', '{"__proto__": {"x": 1}}', /__proto__/],
    ['no resolution', crypt({ resolution: undefined }), /crypt\.dd2vtt: resolution: /],
    [
      'a grid of text',
      crypt({ resolution: { map_size: P(10, 5), pixels_per_grid: '20' } }),
      /crypt\.dd2vtt: resolution\.pixels_per_grid: /,
    ],
    ['a tiny grid', crypt({ resolution: { map_size: P(10, 5), pixels_per_grid: 1 } }), /resolution\.pixels_per_grid: must be at least 4/],
    ['a corner of text', crypt({ line_of_sight: [[P(0, 0), { x: 'a', y: 1 }]] }), /crypt\.dd2vtt: line_of_sight\[0\]\[1\]\.x: /],
    [
      'a corner not a number (1e999)',
      JSON.stringify(crypt()).replace('"line_of_sight":[[{"x":0', '"line_of_sight":[[{"x":1e999'),
      /line_of_sight\[0\]\[0\]\.x/,
    ],
    [
      'a corner off the map',
      crypt({ objects_line_of_sight: [[P(1, 1), P(12, 1)]] }),
      /objects_line_of_sight\[0\]\[1\]: the corner \(12, 1\) is off the 10 × 5 cell map/,
    ],
    [
      'a door off the map',
      crypt({ portals: [{ bounds: [P(1, -3), P(2, -3)], closed: true }] }),
      /portals\[0\]\.bounds\[0\]: the corner \(1, -3\) is off/,
    ],
    ['a door with one end', crypt({ portals: [{ bounds: [P(1, 1)], closed: true }] }), /crypt\.dd2vtt: portals\[0\]\.bounds/],
    [
      'a map of too many cells',
      crypt({ resolution: { map_size: P(2001, 5), pixels_per_grid: 20 } }),
      /resolution\.map_size\.x: must be at most 2000 cells/,
    ],
    ['no picture', crypt({ image: '' }), /crypt\.dd2vtt: image: is empty/],
    ['a picture that is not base64', crypt({ image: 'not*base64!' }), /crypt\.dd2vtt: image: is not a picture in base64/],
    [
      'a picture that is text',
      crypt({ image: Buffer.from('hello, this is no picture').toString('base64') }),
      /crypt\.dd2vtt \(its image\) is a text file/,
    ],
    [
      'a picture too large for a scene',
      crypt({ image: makePng(20_000, 10, 1).toString('base64') }),
      /crypt\.dd2vtt \(its image\) is 20000×10 pixels/,
    ],
    [
      'a picture of another map',
      crypt({ image: makePng(300, 100).toString('base64') }),
      /crypt\.dd2vtt: image: the picture is 300×100 pixels, but resolution says 10 × 5 cells of 20 pixels/,
    ],
    [
      'too many lines',
      crypt({ line_of_sight: Array.from({ length: UVTT.lines + 1 }, () => [P(1, 1), P(2, 1)]) }),
      /crypt\.dd2vtt: line_of_sight: has more than 10000 lines/,
    ],
    [
      'millions of corners',
      crypt({ line_of_sight: [manyPoints(300_000)] }),
      /line_of_sight and objects_line_of_sight hold more than 60000 corners/,
    ],
    [
      'too many corners in all',
      crypt({ line_of_sight: [manyPoints(40_000)], objects_line_of_sight: [manyPoints(30_000)] }),
      /line_of_sight and objects_line_of_sight hold (more than )?(70000|60000) corners/,
    ],
    [
      'a line of too many corners',
      crypt({ line_of_sight: [manyPoints(UVTT.pointsPerLine + 1)] }),
      /crypt\.dd2vtt: line_of_sight\[0\]: has more than 50001 corners/,
    ],
    [
      'more wall segments than a scene holds',
      crypt({ line_of_sight: [manyPoints(26_000), manyPoints(26_000)] }),
      /make 52004 wall segments; a scene holds at most 50000/,
    ],
    [
      'more walls than a scene holds',
      crypt({ line_of_sight: Array.from({ length: MAP.wallsPerScene + 1 }, (_, i) => [P(1, (i % 40) / 10), P(2, 1)]) }),
      /line_of_sight, objects_line_of_sight and portals make 5004 walls; a scene holds at most 5000/,
    ],
    [
      'a huge unread field',
      crypt({ lights: Array.from({ length: UVTT.otherValues }, () => ({ r: 1 })) }),
      /"lights" holds more than 100000 values/,
    ],
  ])('refuses %s, naming the field, and changes nothing', async (_what, file, message) => {
    const c = await campaign()
    await c.gm.command('scene/create', { name: 'Dock' })
    const before = await c.records()
    const assets = c.assets()
    const r = await c.send(file)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toMatch(message)
    expect(await c.records()).toEqual(before)
    expect(c.assets()).toEqual(assets)
  })

  it('refuses a map the GM’s cell size makes larger than the field', async () => {
    const c = await campaign()
    const r = await c.send(crypt({ resolution: { map_size: P(2000, 5), pixels_per_grid: 20 } }), 'crypt.dd2vtt', { metresPerCell: 3 })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toMatch(/crypt\.dd2vtt: resolution\.map_size: 2000 × 5 cells of 3 m is larger than the 4000 m/)
    expect(wallsOf(await c.records())).toEqual([])
  })

  it('refuses a file larger than the bound before reading it', async () => {
    const c = await campaign()
    const r = await c.send(' '.repeat(UVTT.chars + 1))
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toMatch(/crypt\.dd2vtt is 48,000,001 characters; a map file can be at most 48,000,000/)
  })

  it('takes a dungeon near the scene’s bounds, journaled so it is there after a restart', async () => {
    const c = await campaign()
    // 4,000 lines of 12 corners: 44,000 segments, under MAP.wallSegmentsPerScene.
    const lines = Array.from({ length: 4_000 }, (_, i) => Array.from({ length: 12 }, (_, k) => P((k % 10) + 0.1 * (i % 9), (i % 50) / 10)))
    const r = await c.send(crypt({ line_of_sight: lines, objects_line_of_sight: [], portals: [] }))
    expect(r.ok && r.value.walls).toBe(4_000)
    const id = (await c.gm.must('listCampaigns', undefined))[0]!.id
    await c.core.shutdown()
    const again = new SalvoCore({ dataDir: c.dataDir, now: tickingClock() })
    cores.push(again)
    await again.start()
    const gm = attachWindow(again)
    await gm.must('openCampaign', { campaignId: id })
    const walls = wallsOf((await gm.must('snapshot', undefined)).records)
    expect(walls).toHaveLength(4_000)
    expect(walls.reduce((n, w) => n + w.points.length - 1, 0)).toBe(44_000)
  })

  it('never throws on a damaged file: every cut and flipped character is read or refused', () => {
    const text = JSON.stringify(crypt({ image: makePng(200, 100, 3).toString('base64').slice(0, 40) }))
    let seed = 7
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
    const junk = '{}[]",:0-.e\\ xtn\u0000'
    for (let i = 0; i < 400; i++) {
      const at = Math.floor(next() * text.length)
      const damaged = i % 2 === 0 ? text.slice(0, at) : text.slice(0, at) + junk[Math.floor(next() * junk.length)]! + text.slice(at + 1)
      const r = readUvttFile('crypt.dd2vtt', damaged, 1.5)
      if (!r.ok) expect(r.error.message).toMatch(/^crypt\.dd2vtt/)
    }
  })

  it('is the GM’s alone', async () => {
    const c = await campaign()
    const player = attachWindow(c.core, 'player')
    const r = await player.request('importUvtt', { fileName: 'crypt.dd2vtt', text: JSON.stringify(crypt()) })
    expect(r.ok).toBe(false)
    expect(wallsOf(await c.records())).toEqual([])
  })
})
