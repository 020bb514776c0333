import { createHash } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { colourOf, orientedPicture, storedColour, uprightColour, type Colour } from '../unit/helpers/oriented-pictures'
import { expect, test } from './fixtures/test'
import { BattleMapPage, type Metres } from './pages/battle-map'
import { gmRequest } from './pages/gm-socket'

/**
 * Issue 30 in a real browser: a phone picture whose EXIF turns it, on the GM's map and on the
 * table, under fog. What each page draws is read off a screenshot at spots on the map (in
 * metres), so the check is what a person at either screen sees, not what a file holds.
 */

/** The colour drawn at each spot, read from one screenshot of the page. */
async function coloursAt(page: Page, map: BattleMapPage, spots: readonly Metres[]): Promise<(Colour | null)[]> {
  const points = await Promise.all(spots.map((m) => map.screenPoint(m)))
  const { data, info } = await sharp(await page.screenshot())
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return points.map(({ x, y }) => {
    const i = (Math.round(y) * info.width + Math.round(x)) * 3
    return colourOf(data.subarray(i, i + 3))
  })
}

const shots = process.env['SALVO_SHOTS']

test('a phone map stored turned 90° is drawn upright on both pages, and the table shows exactly the half the GM revealed', async ({
  gm,
  player,
}) => {
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await player.page.setViewportSize({ width: 1280, height: 720 })
  await gm.createCampaign('Phone maps', 'phone-seed', 'compound-x')
  const map = new BattleMapPage(gm.page)
  const table = new BattleMapPage(player.page)
  await map.openOn('Dock')
  // Stored 400 × 200, EXIF orientation 6: upright it is 200 × 400, at the new scene's 50 px a metre 4 × 8 m.
  await map.importImage('phone.jpg', 'image/jpeg', await orientedPicture('jpg', 6, 400, 200))
  await expect(map.root.getByTestId('scene-background')).toHaveAttribute('href', /\/campaign-assets\/[0-9a-f]{64}\.jpg$/)
  await expect(map.root.getByTestId('scene-background')).toHaveAttribute('width', '200')
  await expect(map.root.getByTestId('scene-background')).toHaveAttribute('height', '400')

  await map.root.getByTestId('fog-tool').click()
  await map.root.getByTestId('fog-hide-all').click()
  await map.fogDrag({ x: 0.05, y: 0.05 }, { x: 2, y: 7.95 })
  await map.root.getByTestId('fog-tool').click()
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: 'revealed' })).toHaveCount(1)
  await expect(table.root.getByTestId('scene-background')).toHaveAttribute('href', /\/table-assets\/[0-9a-f]{64}\.jpg$/)

  // Quadrant centres of the upright picture: the left two revealed, the right two hidden.
  const revealed = [
    { x: 1, y: 2 },
    { x: 1, y: 6 },
  ]
  const hidden = [
    { x: 3, y: 2 },
    { x: 3, y: 6 },
  ]
  const upright = (m: Metres) => uprightColour(6, m.x * 50, m.y * 50, 400, 200)
  // The copy for "hide all" may reach the table before the one for the revealed half.
  await expect
    .poll(async () => coloursAt(player.page, table, [...revealed, ...hidden]))
    .toEqual([...revealed.map(upright), 'black', 'black'])
  expect(await coloursAt(gm.page, map, revealed)).toEqual(revealed.map(upright))
  if (shots) {
    await gm.page.screenshot({ path: `${shots}/upright-gm.png` })
    await player.page.screenshot({ path: `${shots}/upright-table.png` })
  }
})

test('a turned picture stored before pictures were turned at import: both pages draw its stored pixels, so the table shows what the GM revealed', async ({
  gm,
  player,
  server,
}) => {
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await player.page.setViewportSize({ width: 1280, height: 720 })
  await gm.createCampaign('Old maps', 'old-seed', 'compound-x')
  const map = new BattleMapPage(gm.page)
  const table = new BattleMapPage(player.page)
  await map.openOn('Dock')
  // As an older Salvo stored it: the bytes as they came (EXIF orientation 3, turned 180°), the header's size.
  const bytes = await orientedPicture('jpg', 3, 400, 200)
  const hash = createHash('sha256').update(bytes).digest('hex')
  const session = (await gmRequest(gm.page, 'session', undefined)).value as { campaign: { id: string } }
  const assets = join(server.dataDir, 'campaigns', session.campaign.id, 'assets')
  mkdirSync(assets, { recursive: true })
  writeFileSync(join(assets, `${hash}.jpg`), bytes)
  const snapshot = (await gmRequest(gm.page, 'snapshot', undefined)).value as { records: { typeName: string; id: string }[] }
  const sceneId = snapshot.records.find((r) => r.typeName === 'scene')!.id
  const send = async (type: string, payload: unknown, commandId: string) =>
    expect(await gmRequest(gm.page, 'dispatch', { type, payload, meta: { commandId } })).toMatchObject({ ok: true })
  await send('scene/setImage', { sceneId, image: { hash, ext: 'jpg', width: 400, height: 200, fileName: 'old.jpg' } }, 'old-1')
  await send('fog/set', { sceneId, mode: 'areas' }, 'old-2')
  await send('fog/reveal', { sceneId, rect: { x: 0, y: 0, w: 4, h: 4 } }, 'old-3')
  await expect(table.root.getByTestId('scene-background')).toHaveAttribute('href', /\/table-assets\/[0-9a-f]{64}\.jpg$/)

  // 400 × 200 at 50 px a metre: 8 × 4 m; the left half revealed. Both pages show the stored
  // pixels (red and yellow on the left), not the picture its EXIF describes (blue and cyan there).
  const revealed = [
    { x: 2, y: 1 },
    { x: 2, y: 3 },
  ]
  const hidden = [
    { x: 6, y: 1 },
    { x: 6, y: 3 },
  ]
  const stored = (m: Metres) => storedColour(m.x * 50, m.y * 50, 400, 200)
  await expect
    .poll(async () => coloursAt(player.page, table, [...revealed, ...hidden]))
    .toEqual([...revealed.map(stored), 'black', 'black'])
  expect(await coloursAt(gm.page, map, revealed)).toEqual(revealed.map(stored))
  if (shots) {
    await gm.page.screenshot({ path: `${shots}/legacy-gm.png` })
    await player.page.screenshot({ path: `${shots}/legacy-table.png` })
  }
})
