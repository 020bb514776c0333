import { expect, test } from './fixtures/test'
import { BattleMapPage } from './pages/battle-map'
import { GmDispatch } from './pages/gm-dispatch'

test("fog by sight: the GM turns it on in the fog bar; a shut door keeps the raider off the table and the preview, opening it shows him; the GM's map shades what the table does not see", async ({
  gm,
  player,
  server,
}) => {
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await player.page.setViewportSize({ width: 1280, height: 720 })
  await gm.createCampaign('Sight', 'sight-seed', 'compound-x')
  await gm.addCombatant({ name: 'Vex', side: 'party', kind: 'pc', maxHp: 40 })
  await gm.addCombatant({ name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 30 })
  const map = new BattleMapPage(gm.page)
  const table = new BattleMapPage(player.page)
  await map.open()
  await map.createScene('Bunker')
  await gm.page.getByTestId('projector-prep-map').check()

  // Walls and places over the socket (drawing walls is another part's UI): a room with a door east.
  const desk = await GmDispatch.connect(server, 'sight')
  const { combatants, sceneId } = await desk.ids()
  await desk.send('wall/add', {
    sceneId,
    kind: 'wall',
    points: [
      { x: 10, y: 4 },
      { x: 10, y: 2 },
      { x: 2, y: 2 },
      { x: 2, y: 9 },
      { x: 10, y: 9 },
      { x: 10, y: 6 },
    ],
  })
  await desk.send('wall/add', {
    sceneId,
    kind: 'door',
    door: 'closed',
    points: [
      { x: 10, y: 4 },
      { x: 10, y: 6 },
    ],
  })
  await desk.send('token/place', { sceneId, combatantId: combatants['Vex'], x: 5, y: 5 })
  await desk.send('token/place', { sceneId, combatantId: combatants['Raider'], x: 16, y: 5 })
  await expect(table.token('Raider')).toHaveCount(1)

  await map.root.getByTestId('fog-tool').click()
  await map.root.getByTestId('fog-sight').check()
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: 'the table sees what the party sees' })).toHaveCount(1)
  await expect(table.token('Raider')).toHaveCount(0)
  await expect(table.token('Vex')).toHaveCount(1)
  await expect(map.token('Raider')).toHaveCount(1)
  await expect(map.root.getByTestId('map-fog')).toHaveAttribute('data-sight', '1')
  const preview = gm.page.getByTestId('projector-preview')
  await expect(preview.locator('[data-testid="map-token"][data-name="Vex"]')).toHaveCount(1)
  await expect(preview.locator('[data-testid="map-token"][data-name="Raider"]')).toHaveCount(0)
  const shots = process.env['SALVO_SHOTS']
  if (shots) {
    await gm.page.screenshot({ path: `${shots}/sight-gm-shut.png` })
    await player.page.screenshot({ path: `${shots}/sight-player-shut.png` })
  }

  const { ws } = desk
  const door = [...(await ws.resync()).records.values()].find((r) => r.typeName === 'wall' && r.kind === 'door')!
  const gmFog = map.root.getByTestId('map-fog')
  const shutArea = Number(await gmFog.getAttribute('data-sight-area'))
  // The room, 8 × 7 m, is all the party sees.
  expect(shutArea).toBe(56)
  await desk.send('door/set', { wallId: door.id, door: 'open' })
  await expect(table.token('Raider')).toHaveCount(1)
  // The GM's shading follows: the doorway's wedge is seen too.
  await expect.poll(async () => Number(await gmFog.getAttribute('data-sight-area'))).toBeGreaterThan(shutArea + 50)
  await expect(preview.locator('[data-testid="map-token"][data-name="Raider"]')).toHaveCount(1)
  if (shots) {
    await gm.page.screenshot({ path: `${shots}/sight-gm-open.png` })
    await player.page.screenshot({ path: `${shots}/sight-player-open.png` })
  }

  // Off again: the painted fog alone decides, and nothing is hidden.
  await map.root.getByTestId('fog-sight').uncheck()
  await expect(table.root.getByTestId('map-fog')).toHaveCount(0)
  desk.close()
})
