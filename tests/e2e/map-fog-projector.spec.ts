import { expect, test } from './fixtures/test'
import { makePng } from '../unit/helpers/images'
import { BattleMapPage, type Metres } from './pages/battle-map'
import { GM_PICTURE, pictureName, TABLE_PICTURE, tableHrefOf } from './pages/picture-href'

test('fog and the projector: the table sees only revealed tokens (the others never reach it), B blanks the screen and back, follow centres on whoever acts', async ({
  gm,
  player,
}) => {
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await player.page.setViewportSize({ width: 1280, height: 720 })
  await gm.createCampaign('Fog', 'fog-seed', 'compound-x')
  const vex = await gm.addCombatant({ name: 'Vex', side: 'party', kind: 'pc', maxHp: 40 })
  const raider = await gm.addCombatant({ name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 30 })
  const map = new BattleMapPage(gm.page)
  const table = new BattleMapPage(player.page)
  await map.open()
  await map.createScene('Yard')
  // The table holds while no fight runs: the GM shows it the map to set the fog up in sight of it.
  await gm.page.getByTestId('projector-prep-map').check()
  const sceneId = (await map.root.getAttribute('data-scene-id'))!
  const tokenId = (combatantId: string) => `token:${sceneId.slice('scene:'.length)}-${combatantId.slice('combatant:'.length)}`

  // Hide all, then reveal a room around where Vex will stand, before anyone is placed.
  await map.root.getByTestId('fog-tool').click()
  await map.root.getByTestId('fog-hide-all').click()
  await expect(table.root.getByTestId('map-fog')).toHaveCount(1)
  await map.fogDrag({ x: 2, y: 2 }, { x: 12, y: 10 })
  // A hide dragged with Shift takes a corner back out of the room again.
  await map.fogDrag({ x: 10, y: 8 }, { x: 12, y: 10 }, true)
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: 'hid 2.0 × 2.0 m' })).toHaveCount(1)
  await map.root.getByTestId('fog-tool').click()

  const vexAt: Metres = { x: 6, y: 6 }
  const raiderAt: Metres = { x: 30, y: 20 }
  await map.place('Vex', vexAt)
  await map.place('Raider', raiderAt)
  // The GM sees both tokens under a shaded fog; the table sees Vex only.
  await expect(map.token('Raider')).toHaveCount(1)
  await expect(table.token('Vex')).toHaveCount(1)
  await expect(table.token('Raider')).toHaveCount(0)
  // The preview on the GM's desk shows what the table sees.
  const preview = gm.page.getByTestId('projector-preview')
  await expect(preview.locator('[data-testid="map-token"][data-name="Vex"]')).toHaveCount(1)
  await expect(preview.locator('[data-testid="map-token"][data-name="Raider"]')).toHaveCount(0)

  const shots = process.env['SALVO_SHOTS']
  if (shots) {
    await gm.page.screenshot({ path: `${shots}/fog-gm.png` })
    await player.page.screenshot({ path: `${shots}/fog-player.png` })
  }

  // B blanks the projector: nothing but black; B again brings the map back.
  await gm.shortcut('b')
  await expect(player.page.getByTestId('projector-blank')).toBeVisible()
  await expect(table.root).toHaveCount(0)
  await expect(player.ribbon).toHaveCount(0)
  await expect(preview.getByTestId('projector-blank')).toHaveCount(1)
  await gm.shortcut('b')
  await expect(player.page.getByTestId('projector-blank')).toHaveCount(0)
  await expect(table.token('Vex')).toHaveCount(1)

  // Nothing so far has sent the Raider's token to the table.
  expect(player.frames.some((f) => f.includes(tokenId(raider)))).toBe(false)
  expect(player.frames.some((f) => f.includes(tokenId(vex)))).toBe(true)

  // Follow: the table's view centres on whoever is acting (the fog lifted, so both are in sight).
  await map.root.getByTestId('fog-tool').click()
  await map.root.getByTestId('fog-reveal-all').click()
  await map.root.getByTestId('fog-tool').click()
  await expect(table.token('Raider')).toHaveCount(1)
  await gm.page.getByTestId('show-cards').click()
  await gm.startEncounter()
  await gm.rollInitiative()
  await map.open()
  await gm.page.getByTestId('projector-follow').click()
  await expect(player.page.getByTestId('projector-screen')).toHaveAttribute('data-mode', 'follow')
  const where = { [vex]: vexAt, [raider]: raiderAt }
  let before: string | null = null
  for (let turn = 0; turn < 2; turn++) {
    await expect.poll(() => gm.currentId()).not.toBe(before)
    const acting = (await gm.currentId())!
    before = acting
    await expect
      .poll(async () => {
        const { dx, dy } = await table.offsetFromCentre(where[acting]!)
        return Math.hypot(dx, dy)
      })
      .toBeLessThan(2)
    await gm.nextTurn()
  }
})

test("a fogged map reaches the table as a copy with the fog painted in: only the revealed room has pixels, and the GM's file is not the table's to load", async ({
  gm,
  player,
}) => {
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await player.page.setViewportSize({ width: 1280, height: 720 })
  await gm.createCampaign('Vault', 'vault-seed', 'compound-x')
  const map = new BattleMapPage(gm.page)
  const table = new BattleMapPage(player.page)
  await map.openOn('Vault')
  // The table holds while no fight runs: the GM shows it the map to set the fog up in sight of it.
  await gm.page.getByTestId('projector-prep-map').check()
  // 500 × 400 px at the new scene's 50 px a metre: a 10 × 8 m map of one colour, nowhere black.
  await map.importImage('vault-secret.png', 'image/png', makePng(500, 400, 11))
  const gmHref = (await map.root.getByTestId('scene-background').getAttribute('href'))!
  expect(gmHref).toMatch(GM_PICTURE)

  await map.root.getByTestId('fog-tool').click()
  await map.root.getByTestId('fog-hide-all').click()
  await map.fogDrag({ x: 1, y: 1 }, { x: 4, y: 3 })
  await map.root.getByTestId('fog-tool').click()
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: 'revealed' })).toHaveCount(1)

  // The table's picture is another file: the core's copy for this fog.
  const tableBackground = table.root.getByTestId('scene-background')
  await expect(tableBackground).toHaveAttribute('href', TABLE_PICTURE)
  if (process.env['SALVO_SHOTS']) await player.page.screenshot({ path: `${process.env['SALVO_SHOTS']}/fog-map-player.png` })

  // Its pixels: the room as on the GM's map, everything else black.
  const pixel = (src: string, x: number, y: number, page = player.page) =>
    page.evaluate(
      async ({ src, x, y }) => {
        const img = new Image()
        img.src = src
        await img.decode()
        const canvas = document.createElement('canvas')
        canvas.width = img.naturalWidth
        canvas.height = img.naturalHeight
        const g = canvas.getContext('2d')!
        g.drawImage(img, 0, 0)
        return [...g.getImageData(x, y, 1, 1).data.slice(0, 3)].join(',')
      },
      { src, x, y },
    )
  const colour = await pixel(gmHref, 100, 100, gm.page)
  expect(colour).not.toBe('0,0,0')
  // The copy for "hide all" may reach the table first and be replaced (and its file removed) once
  // the copy for the revealed room is made: wait for the room to show in the table's picture.
  let tableHref = ''
  await expect
    .poll(async () => {
      tableHref = (await tableBackground.getAttribute('href'))!
      return pixel(tableHref, 100, 100).catch(() => 'not loaded')
    })
    .toBe(colour)
  expect(tableHref).toMatch(TABLE_PICTURE)
  expect(pictureName(tableHref)).not.toBe(pictureName(gmHref))
  expect(await pixel(tableHref, 400, 300)).toBe('0,0,0')
  expect(await pixel(tableHref, 10, 10)).toBe('0,0,0')
  // The GM's file by the table's route: refused, though its name is known.
  expect(await player.page.evaluate(async (src) => (await fetch(src)).status, tableHrefOf(gmHref))).toBe(404)

  // Reveal all: the table gets the GM's own file again.
  await map.root.getByTestId('fog-tool').click()
  await map.root.getByTestId('fog-reveal-all').click()
  await expect(tableBackground).toHaveAttribute('href', tableHrefOf(gmHref))
})
