import { expect, test } from './fixtures/test'
import { BattleMapPage } from './pages/battle-map'
import { CX_RIFLEMAN, GmDispatch } from './pages/gm-dispatch'

const SHOTS = process.env['SALVO_SHOTS']

/**
 * Issue 34, SR-CORE-32: a suppression zone and a grenade template drawn as the part their source
 * reaches through walls, on the GM's map and on the table. Vex at (4, 6) lays medium suppression
 * on the Raider at (14, 6): a 1 m zone. A wall at x = 14.6 cuts its east edge off from Vex, and
 * the same wall cuts the west of a 3 m template on (17, 6).
 */
test('zones and templates are drawn cut by walls on both screens (SR-CORE-32)', async ({ gm, player, server }) => {
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await gm.createCampaign('Walls', 'walls-seed', 'compound-x')
  const desk = await GmDispatch.connect(server, 'walls')
  for (const [name, side] of [
    ['Vex', 'party'],
    ['Raider', 'enemy'],
  ] as const)
    await desk.send('combatant/add', { name, side, kind: side === 'party' ? 'pc' : 'npc', maxHp: 1, rules: CX_RIFLEMAN })
  await desk.send('scene/create', { name: 'Dock' })
  const { combatants: ids, sceneId } = await desk.ids()
  await desk.send('token/place', { sceneId, combatantId: ids['Vex'], x: 4, y: 6 })
  await desk.send('token/place', { sceneId, combatantId: ids['Raider'], x: 14, y: 6 })
  await desk.send('wall/add', {
    sceneId,
    kind: 'wall',
    points: [
      { x: 14.6, y: 3 },
      { x: 14.6, y: 9 },
    ],
  })
  await desk.send('area/place', { sceneId, x: 17, y: 6, radius: 3, label: 'Grenade', hidden: false })
  await desk.send('encounter/start', { name: 'Dock fight' })
  await desk.send('encounter/rollInitiative', {})
  await desk.send('action/perform', {
    request: { actorId: ids['Vex'], action: 'suppress', targetId: ids['Raider'], options: { weapon: '0', level: 'medium' } },
  })
  desk.close()

  const map = new BattleMapPage(gm.page)
  await map.open()
  // The GM's map (and the projector preview beside it, which draws the same), and the table.
  for (const root of [map.root, player.page.locator('body')]) {
    const zone = root.getByTestId('map-zone')
    await expect(zone).toHaveCount(1)
    await expect(zone).toHaveAttribute('data-reached', 'walls')
    await expect(root.getByTestId('area-reached')).toHaveCount(1)
  }
  // The projector preview beside the GM's map draws what the table holds: cut as well.
  await expect(gm.page.locator('[data-testid="map-zone"][data-reached="walls"]')).toHaveCount(2)
  // The drawn parts stop at the wall: the zone (2 m across) keeps 1.6 m of its width, the template
  // (6 m across) 5.4 m; their heights stay whole. Measured in the SVG's own units on both screens.
  const box = (root: typeof map.root, selector: string) =>
    root
      .locator(selector)
      .first()
      .evaluate((p) => {
        const b = (p as SVGGraphicsElement).getBBox()
        return b.width / b.height
      })
  for (const root of [map.root, player.page.locator('body')]) {
    expect(await box(root, '[data-testid="map-zone"] path')).toBeCloseTo(0.8, 1)
    expect(await box(root, '[data-testid="area-reached"]')).toBeCloseTo(0.9, 1)
  }
  if (SHOTS) {
    await gm.page.screenshot({ path: `${SHOTS}/walls-zones-gm.png` })
    await player.page.screenshot({ path: `${SHOTS}/walls-zones-table.png` })
  }
})
