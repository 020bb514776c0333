import { expect, test } from './fixtures/test'
import { BattleMapPage } from './pages/battle-map'
import { GIF, makePng } from '../unit/helpers/images'
import { GM_PICTURE, pictureName, tableHrefOf } from './pages/picture-href'

test("portraits: picked on the card, drawn in the token on both screens (a hidden combatant's never reaches the table), and taken off again", async ({
  gm,
  player,
}) => {
  await gm.createCampaign('Faces', 'faces-seed')
  await gm.addCombatant({ name: 'Vex', side: 'party', kind: 'pc', maxHp: 30 })
  await gm.addCombatant({ name: 'Ghost', side: 'enemy', kind: 'npc', maxHp: 20, hidden: true })

  // A GIF is refused by what it is, in the core's words; nothing changes.
  await gm.card('Vex').getByTestId('portrait-file').setInputFiles({ name: 'vex.gif', mimeType: 'image/gif', buffer: GIF })
  await expect(gm.page.getByTestId('toast-error')).toContainText('vex.gif is a GIF image; a portrait must be a PNG, JPEG or WebP')
  await expect(gm.card('Vex').getByTestId('card-portrait')).toHaveCount(0)

  await gm
    .card('Vex')
    .getByTestId('portrait-file')
    .setInputFiles({ name: 'vex.png', mimeType: 'image/png', buffer: makePng(96, 96, 7) })
  const cardPicture = gm.card('Vex').getByTestId('card-portrait')
  await expect(cardPicture).toHaveAttribute('src', GM_PICTURE)
  const href = (await cardPicture.getAttribute('src'))!
  await gm
    .card('Ghost')
    .getByTestId('portrait-file')
    .setInputFiles({ name: 'ghost.png', mimeType: 'image/png', buffer: makePng(64, 64, 8) })
  await expect(gm.card('Ghost').getByTestId('card-portrait')).toHaveCount(1)
  const ghostHref = (await gm.card('Ghost').getByTestId('card-portrait').getAttribute('src'))!

  const map = new BattleMapPage(gm.page)
  await map.openOn('Yard')
  // The table holds while no fight runs: the GM shows it the map, whose portraits are under test.
  await gm.page.getByTestId('projector-prep-map').check()
  await map.place('Vex', { x: 4, y: 4 })
  await map.place('Ghost', { x: 10, y: 6 })
  await expect(map.token('Vex').getByTestId('token-portrait')).toHaveAttribute('href', href)
  await expect(map.token('Ghost').getByTestId('token-portrait')).toHaveAttribute('href', ghostHref)
  if (process.env['SALVO_SHOTS']) await gm.page.screenshot({ path: `${process.env['SALVO_SHOTS']}/map-portraits.png` })
  const playerToken = player.page.locator('[data-testid="map-token"][data-name="Vex"]')
  // The table asks by its own route, which serves only what its projection names.
  const tableHref = tableHrefOf(href)
  await expect(playerToken.getByTestId('token-portrait')).toHaveAttribute('href', tableHref)
  // The picture really loads from the campaign.
  const size = await player.page.evaluate(async (src) => {
    const img = new Image()
    img.src = src
    await img.decode()
    return `${img.naturalWidth}×${img.naturalHeight}`
  }, tableHref)
  expect(size).toBe('96×96')
  // Ghost's picture is not the table's to load, even by its name.
  expect(await player.page.evaluate(async (src) => (await fetch(src)).status, tableHrefOf(ghostHref))).toBe(404)
  expect(player.frames.some((f) => f.includes(pictureName(ghostHref).split('.')[0]!))).toBe(false)
  expect(player.frames.some((f) => f.includes('vex.png'))).toBe(false)

  // Back to initials, on both screens.
  await gm.page.getByTestId('show-cards').click()
  await gm.card('Vex').getByTestId('portrait-pick').hover()
  await gm.card('Vex').getByTestId('portrait-remove').click()
  await expect(gm.card('Vex').getByTestId('card-portrait')).toHaveCount(0)
  await expect(playerToken.getByTestId('token-portrait')).toHaveCount(0)
  // The table draws its tokens' initials over every token (issue 31), by whose they are.
  await expect(
    player.page.locator(`[data-testid="token-initials"][data-combatant-id="${await playerToken.getAttribute('data-combatant-id')}"]`),
  ).toHaveText('VE')
})
