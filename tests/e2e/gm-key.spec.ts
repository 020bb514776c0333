import { expect, test } from './fixtures/test'
import { GM_PICTURE } from './pages/picture-href'
import { BattleMapPage } from './pages/battle-map'
import { makePng } from '../unit/helpers/images'

/**
 * Browser mode's GM key, as the GM meets it: the printed link opens a working desk; the same
 * page without the key, or with the key of an earlier run, says what to open instead of showing
 * a desk that cannot connect; and the key reaches neither the table's page nor any storage.
 */

const MESSAGE = "Open the GM link Salvo printed when it started — it carries this run's key."

test('the printed GM link opens a working desk; the key stays in the GM tab', async ({ gm, player, server }) => {
  expect(gm.page.url()).toBe(server.gmUrl)
  await expect(gm.page.getByTestId('link-status')).toHaveText('connected')
  await gm.createCampaign('Keyed', 'key-seed', 'compound-x')
  await gm.addCombatant({ name: 'Vex Morrow', side: 'party', kind: 'pc', maxHp: 60 })
  // The GM's pictures carry the key; they load.
  const map = new BattleMapPage(gm.page)
  await map.openOn('Keyed')
  // The table holds while no fight runs: the GM shows it the map, whose picture is under test.
  await gm.page.getByTestId('projector-prep-map').check()
  await map.importImage('dock.png', 'image/png', makePng(200, 100, 4))
  const background = map.root.getByTestId('scene-background')
  await expect(background).toHaveAttribute('href', GM_PICTURE)
  const size = await gm.page.evaluate(
    async (src) => {
      const img = new Image()
      img.src = src
      await img.decode()
      return `${img.naturalWidth}x${img.naturalHeight}`
    },
    (await background.getAttribute('href'))!,
  )
  expect(size).toBe('200x100')
  await expect(player.page.getByTestId('scene-background')).toHaveCount(1)

  // Not in any storage of the GM's tab, and nowhere in the table's page, its URL or its frames.
  const stored = await gm.page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]))
  expect(stored).not.toContain(server.key)
  expect(player.page.url()).toBe(`${server.url}/player`)
  expect(await player.page.content()).not.toContain(server.key)
  const tableStored = await player.page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]))
  expect(tableStored).not.toContain(server.key)
  expect(player.frames.length).toBeGreaterThan(2)
  expect(player.frames.join('\n')).not.toContain(server.key)
})

test("the GM page without the key, or with an earlier run's, says which link to open", async ({ context, server }) => {
  for (const [path, reason] of [
    ['/', 'missing'],
    ['/gm', 'missing'],
    ['/#k=cut-short', 'missing'],
    [`/#k=${'A'.repeat(43)}`, 'stale'],
  ] as const) {
    const page = await context.newPage()
    const sockets: string[] = []
    page.on('websocket', (ws) => sockets.push(ws.url()))
    await page.goto(`${server.url}${path}`)
    const needed = page.getByTestId('gm-key-needed')
    await expect(needed, path).toHaveAttribute('data-reason', reason)
    await expect(needed).toContainText(MESSAGE)
    await expect(page.getByTestId('link-status')).toHaveCount(0)
    if (process.env['SALVO_SHOTS']) await page.screenshot({ path: `${process.env['SALVO_SHOTS']}/gm-key-${reason}.png` })
    // Without a key it does not even try; with a wrong one it tried once and stopped.
    if (reason === 'missing') expect(sockets).toEqual([])
    else {
      await page.waitForTimeout(1_500)
      expect(sockets.length).toBe(1)
    }
    // Pasting the printed link into the same tab (only the fragment changes) opens the desk.
    await page.goto(server.gmUrl)
    await expect(page.getByTestId('link-status')).toHaveText('connected')
    await expect(needed).toHaveCount(0)
    await page.close()
  }
})
