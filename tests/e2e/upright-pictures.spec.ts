import { createHash } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { colourOf, orientedPicture, storedColour, uprightColour, type Colour } from '../unit/helpers/oriented-pictures'
import { expect, test } from './fixtures/test'
import { BattleMapPage, type Metres } from './pages/battle-map'
import { GmPage } from './pages/gm-page'
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

/** Both pages at the sizes a GM and a projector have, a new campaign, and its first scene on the GM's map. */
async function sceneOnBothPages(gmPage: Page, playerPage: Page, campaign: string) {
  await gmPage.setViewportSize({ width: 1366, height: 768 })
  await playerPage.setViewportSize({ width: 1280, height: 720 })
  await new GmPage(gmPage).createCampaign(campaign, `${campaign}-seed`, 'compound-x')
  const map = new BattleMapPage(gmPage)
  await map.openOn('Dock')
  // The table holds while no fight runs: the GM shows it the map, whose pictures are under test.
  await gmPage.getByTestId('projector-prep-map').check()
  return { map, table: new BattleMapPage(playerPage) }
}

/**
 * The revealed spots show `colour` on both pages and the hidden ones black on the table (the GM
 * sees them shaded). The table may first get the copy for "hide all", so it is waited for.
 * With SALVO_SHOTS set, both pages are saved there as `<shot>-gm.png` and `<shot>-table.png`.
 */
async function expectDrawn(
  { map, table }: { map: BattleMapPage; table: BattleMapPage },
  revealed: readonly Metres[],
  hidden: readonly Metres[],
  colour: (m: Metres) => Colour,
  shot: string,
): Promise<void> {
  await expect
    .poll(async () => coloursAt(table.page, table, [...revealed, ...hidden]))
    .toEqual([...revealed.map(colour), ...hidden.map(() => 'black')])
  expect(await coloursAt(map.page, map, revealed)).toEqual(revealed.map(colour))
  const shots = process.env['SALVO_SHOTS']
  if (shots) {
    await map.page.screenshot({ path: `${shots}/${shot}-gm.png` })
    await table.page.screenshot({ path: `${shots}/${shot}-table.png` })
  }
}

test('a phone map stored turned 90° is drawn upright on both pages, and the table shows exactly the half the GM revealed', async ({
  gm,
  player,
}) => {
  const { map, table } = await sceneOnBothPages(gm.page, player.page, 'Phone maps')
  // Stored 400 × 200, EXIF orientation 6: upright it is 200 × 400, at the new scene's 50 px a metre 4 × 8 m.
  await map.importImage('phone.jpg', 'image/jpeg', await orientedPicture('jpg', 6, 400, 200))
  const background = map.root.getByTestId('scene-background')
  await expect(background).toHaveAttribute('href', /\/campaign-assets\/[0-9a-f]{64}\.jpg\?k=[A-Za-z0-9_-]+$/)
  await expect(background).toHaveAttribute('width', '200')
  await expect(background).toHaveAttribute('height', '400')

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
  const hidden = revealed.map((m) => ({ ...m, x: 3 }))
  await expectDrawn({ map, table }, revealed, hidden, (m) => uprightColour(6, m.x * 50, m.y * 50, 400, 200), 'upright')
})

test('a turned picture stored before pictures were turned at import: both pages draw its stored pixels, so the table shows what the GM revealed', async ({
  gm,
  player,
  server,
}) => {
  const { map, table } = await sceneOnBothPages(gm.page, player.page, 'Old maps')
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
  const hidden = revealed.map((m) => ({ ...m, x: 6 }))
  await expectDrawn({ map, table }, revealed, hidden, (m) => storedColour(m.x * 50, m.y * 50, 400, 200), 'legacy')
})
