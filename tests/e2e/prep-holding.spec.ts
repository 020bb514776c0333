import { expect, test } from './fixtures/test'
import { BattleMapPage } from './pages/battle-map'
import { CX_RIFLEMAN, GmDispatch } from './pages/gm-dispatch'

/**
 * Prep stays off the table: while no fight runs the table shows a holding screen and its socket
 * carries no scene or token, however the GM sets the map up; "Show the map to the table" on the
 * projector controls puts the map up (and the preview says so); starting the fight does too.
 */
test('the table holds during prep, shows the map on the switch or when the fight starts, and its socket carries no map while it holds', async ({
  gm,
  player,
  server,
}) => {
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await gm.createCampaign('Quarry Nights', 'prep-holding', 'compound-x')
  const desk = await GmDispatch.connect(server, 'prep-holding')
  for (const name of ['Vex', 'Raider'])
    await desk.send('combatant/add', {
      name,
      side: name === 'Vex' ? 'party' : 'enemy',
      kind: name === 'Vex' ? 'pc' : 'npc',
      maxHp: 1,
      rules: CX_RIFLEMAN,
    })
  // The GM sets the map up by hand, as in prep: a scene named on the desk, tokens dropped on it.
  const map = new BattleMapPage(gm.page)
  await map.openOn('Zqsecret Dock')
  await map.place('Vex', { x: 4, y: 4 })
  await map.place('Raider', { x: 12, y: 7 })
  await expect(map.root.getByTestId('map-token')).toHaveCount(2)

  // The table: the holding screen with the campaign's name; no map, no token.
  const table = player.page
  await expect(table.getByTestId('table-holding')).toBeVisible()
  await expect(table.getByTestId('table-holding-campaign')).toHaveText('Quarry Nights')
  await expect(table.getByTestId('table-holding')).toContainText('The next fight is being set up')
  await expect(table.getByTestId('projector-screen')).toHaveCount(0)
  // Not a frame the table's socket received named the scene or carried a token.
  const prep = player.frames.join('\n')
  expect(prep).not.toContain('Zqsecret Dock')
  expect(prep).not.toContain('"typeName":"token"')
  expect(prep).not.toContain('"typeName":"scene"')

  // The GM's preview shows the holding screen too, and says so in words.
  const panel = gm.page.getByTestId('projector-panel')
  await expect(panel.getByTestId('preview-holding')).toBeVisible()
  await expect(panel.getByTestId('projector-holding-note')).toContainText('holding screen')
  await gm.page.screenshot({ path: test.info().outputPath('gm-prep-1366.png') })
  await table.screenshot({ path: test.info().outputPath('table-holding.png') })

  // The switch puts the map up: the table gets the scene and both tokens.
  const framesBefore = player.frames.length
  await panel.getByTestId('projector-prep-map').check()
  await expect(table.getByTestId('projector-screen')).toBeVisible()
  await expect(table.getByTestId('table-holding')).toHaveCount(0)
  await expect(table.getByTestId('map-token')).toHaveCount(2)
  expect(player.frames.slice(framesBefore).join('\n')).toContain('Zqsecret Dock')
  await expect(panel.getByTestId('preview-holding')).toHaveCount(0)
  await expect(panel.getByTestId('projector-holding-note')).toContainText('sees the map')

  // It is kept with the campaign: a reload of the desk finds it on.
  await gm.page.reload()
  await map.open()
  await expect(gm.page.getByTestId('projector-prep-map')).toBeChecked()

  // Off again: the table holds, and is told to drop the map.
  await gm.page.getByTestId('projector-prep-map').uncheck()
  await expect(table.getByTestId('table-holding')).toBeVisible()
  await expect(table.getByTestId('map-token')).toHaveCount(0)

  // The fight starts: the map comes up on the table as it always has.
  await gm.startEncounter()
  await expect(table.getByTestId('projector-screen')).toBeVisible()
  await expect(table.getByTestId('map-token')).toHaveCount(2)
  await expect(table.getByTestId('table-holding')).toHaveCount(0)
  desk.close()
})
