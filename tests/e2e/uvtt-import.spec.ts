import { mkdirSync } from 'node:fs'
import { expect, test } from './fixtures/test'
import { BattleMapPage } from './pages/battle-map'
import { gmRequest } from './pages/gm-socket'
import { makePng } from '../unit/helpers/images'

/**
 * Issue 34: a Universal VTT file picked in the scene bar becomes a scene with its picture, grid
 * and walls in one step. The file is written here in the format's own shape (grid units).
 */

const P = (x: number, y: number) => ({ x, y })
const crypt = (image: string) => ({
  format: 0.3,
  resolution: { map_origin: P(0, 0), map_size: P(12, 8), pixels_per_grid: 50 },
  line_of_sight: [
    [P(0, 0), P(12, 0), P(12, 8), P(0, 8), P(0, 0)],
    [P(6, 0), P(6, 3)],
    [P(6, 4), P(6, 8)],
  ],
  objects_line_of_sight: [[P(2, 2), P(4, 2), P(4, 3), P(2, 3), P(2, 2)]],
  portals: [{ position: P(6, 3.5), bounds: [P(6, 3), P(6, 4)], rotation: 1.57, closed: true, freestanding: false }],
  lights: [],
  image,
})

test('a UVTT file picked in the scene bar becomes a scene on both screens, with its grid and walls; a broken one is refused naming its field', async ({
  gm,
  player,
}) => {
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await player.page.setViewportSize({ width: 1366, height: 768 })
  await gm.createCampaign('Crypts', 'uvtt-seed')
  const map = new BattleMapPage(gm.page)
  await map.open()
  await map.root.getByTestId('scene-map-file').click()
  const picker = gm.page.getByTestId('uvtt-import-file')

  // A door with one end: refused with the field named, and no scene made.
  const broken = { ...crypt(makePng(600, 400).toString('base64')), portals: [{ bounds: [P(6, 3)], closed: true }] }
  await picker.setInputFiles({ name: 'broken.dd2vtt', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(broken)) })
  await expect(gm.page.getByTestId('uvtt-import-error')).toContainText('broken.dd2vtt: portals[0].bounds')
  await expect(map.root.getByTestId('scene-select')).toHaveCount(0)

  const good = crypt(`data:image/png;base64,${makePng(600, 400, 5).toString('base64')}`)
  await picker.setInputFiles({ name: 'Old Crypt.dd2vtt', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(good)) })
  await expect(gm.page.getByTestId('uvtt-import-status')).toHaveText('Old Crypt.dd2vtt: 3 walls, 1 low cover, 1 door')
  await expect(gm.page.getByTestId('uvtt-import-error')).toHaveCount(0)
  await expect(map.root.getByTestId('scene-select').locator('option:checked')).toHaveText(/Old Crypt$/)
  await expect(map.root.getByTestId('scene-background')).toHaveCount(1)
  // 50 px a cell at 1.5 m: the map's own scale says the grid was calibrated from the file.
  await expect(map.svg).toHaveAttribute('data-px-per-metre', String(50 / 1.5))
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: 'Scene "Old Crypt" imported from Old Crypt.dd2vtt' })).toHaveCount(1)
  // The first scene goes on the table: with the map shown between fights, the players see its picture.
  await gm.page.getByTestId('projector-prep-map').check()
  await expect(player.page.getByTestId('scene-background')).toHaveCount(1)

  const snap = (await gmRequest(gm.page, 'snapshot', undefined)) as {
    value: { records: { typeName: string; kind?: string; points?: { x: number; y: number }[]; door?: string }[] }
  }
  const walls = snap.value.records.filter((r) => r.typeName === 'wall')
  expect(walls.map((w) => w.kind).sort()).toEqual(['door', 'low', 'wall', 'wall', 'wall'])
  expect(walls.find((w) => w.kind === 'door')).toMatchObject({ door: 'closed', points: [P(9, 4.5), P(9, 6)] })

  mkdirSync('test-reports/screens', { recursive: true })
  await gm.page.screenshot({ path: 'test-reports/screens/uvtt-import-gm.png' })
  await player.page.screenshot({ path: 'test-reports/screens/uvtt-import-table.png' })

  // One undo takes the whole import back.
  await gmRequest(gm.page, 'dispatch', { type: 'history/undo', payload: {}, meta: { commandId: 'e2e-uvtt-undo' } })
  await expect(map.root.getByTestId('scene-select')).toHaveCount(0)
  const after = (await gmRequest(gm.page, 'snapshot', undefined)) as { value: { records: { typeName: string }[] } }
  expect(after.value.records.filter((r) => r.typeName === 'wall' || r.typeName === 'scene')).toEqual([])
})
