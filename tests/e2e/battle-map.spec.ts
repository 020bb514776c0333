import { mkdirSync } from 'node:fs'
import { expect, test } from './fixtures/test'
import { BattleMapPage } from './pages/battle-map'
import { GIF, makePng } from '../unit/helpers/images'
import { GM_PICTURE, tableHrefOf } from './pages/picture-href'

const metresIn = (text: string | null): number => parseFloat(/([\d.]+) m/.exec(text ?? '')?.[1] ?? 'NaN')

test('the GM builds a battle map, moves tokens with path, length and cost, measures ranges; the table sees only the visible tokens of the scene on the table', async ({
  gm,
  player,
}) => {
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await player.page.setViewportSize({ width: 1366, height: 768 })
  await gm.createCampaign('Map', 'map-seed', 'compound-x')
  const vex = await gm.addCombatant({ name: 'Vex', side: 'party', kind: 'pc', maxHp: 40 })
  const raider = await gm.addCombatant({ name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 30 })
  const ghost = await gm.addCombatant({ name: 'Ghost', side: 'enemy', kind: 'npc', maxHp: 30, hidden: true })
  // Vex gets a Compound X sheet, so the ruleset prices the move: DEX 6 in medium armour, 5 m per 2 actions (000 Movement).
  await gm.editSheet('Vex', {
    str: 6,
    per: 6,
    fort: 6,
    dex: 6,
    luck: 5,
    classId: 'soldier',
    weapon: 'anvil-arms-c25',
    armourFamily: 'medium',
    materialId: 'standard-l1-kevlar',
  })
  await gm.startEncounter()
  await gm.rollInitiative()

  const map = new BattleMapPage(gm.page)
  await map.open()
  await map.createScene('Dock')
  // The hint over the map stays on one line at the smallest laptop width (it wrapped onto 3–4 and covered the map).
  const hint = await gm.page
    .getByTestId('map-hint')
    .evaluate((e) => ({ height: e.getBoundingClientRect().height, font: parseFloat(getComputedStyle(e).fontSize) }))
  expect(hint.height).toBeLessThan(hint.font * 2.2)
  // 50 px = 1.5 m, as the GM would read it off a printed map.
  await map.calibrateSquare(50, 1.5)
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: 'Scene "Dock": grid 50 px = 1.5 m' })).toHaveCount(1)
  // A GIF is refused by what it is; the PNG is stored in the campaign and drawn under the grid, on both screens.
  await map.importImage('old.gif', 'image/gif', GIF)
  await expect(gm.page.getByTestId('image-import-error')).toContainText('GIF')
  await map.importImage('dock.png', 'image/png', makePng(1000, 800))
  await expect(gm.page.getByTestId('image-import-status')).toContainText('1000×800')
  const background = map.root.getByTestId('scene-background')
  await expect(background).toHaveAttribute('href', GM_PICTURE)
  // The table loads the same picture (no fog on it) by its own route.
  await expect(player.page.getByTestId('scene-background')).toHaveAttribute('href', tableHrefOf((await background.getAttribute('href'))!))
  const loaded = await player.page.evaluate(
    async (src) => {
      const img = new Image()
      img.src = src
      await img.decode()
      return `${img.naturalWidth}×${img.naturalHeight}`
    },
    (await background.getAttribute('href'))!,
  )
  expect(loaded).toBe('1000×800')

  await map.place('Vex', { x: 6, y: 6 })
  await map.place('Raider', { x: 18, y: 6 })
  await map.place('Ghost', { x: 10, y: 15 })
  await expect(map.root.getByTestId('unplaced-combatant')).toHaveCount(0)
  // Hidden from the table, dimmed for the GM.
  await expect(map.token('Ghost')).toHaveClass(/hidden/)

  // While dragging: the straight path, its length and the ruleset's price, asked of no one per frame.
  const vexAt = await map.tokenCentre('Vex')
  await map.startDrag('Vex', { x: 10.5, y: 6 })
  await expect.poll(() => map.dragReadout()).toMatch(/ m · .+/)
  const dragged = await map.dragReadout()
  // Drawn on the drag layer: the path halfway along, the ghost's ring where it would land, the readout right of it and above.
  const landing = await map.screenPoint({ x: 10.5, y: 6 })
  expect(await map.dragInkNear({ x: (vexAt.x + landing.x) / 2, y: landing.y }, { w: 6, h: 3 })).toBeGreaterThan(0)
  expect(await map.dragInkNear(landing, { w: 30, h: 30 })).toBeGreaterThan(0)
  expect(await map.dragInkNear({ x: landing.x + 60, y: landing.y - 19 }, { w: 20, h: 5 })).toBeGreaterThan(20)
  // Nothing drawn well below the path.
  expect(await map.dragInkNear({ x: landing.x, y: landing.y + 80 }, { w: 30, h: 20 })).toBe(0)
  expect(metresIn(dragged)).toBeCloseTo(4.5, 0)
  const cost = dragged.split(' · ')[1]!.trim()
  // 4.5 m at 2.5 m an action: 2 actions.
  expect(cost).toBe('2 actions')
  await gm.page.mouse.up()
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: `Vex moves ${dragged.split(' · ')[0]!.trim()} (${cost})` })).toHaveCount(
    1,
  )

  // Esc cancels a drag: nothing is sent.
  const before = await map.tokenCentre('Vex')
  await map.startDrag('Vex', { x: 3, y: 12 })
  await expect(map.dragLayer).toHaveAttribute('data-drawing', 'token')
  const cancelledAt = await map.screenPoint({ x: 3, y: 12 })
  expect(await map.dragInkNear(cancelledAt, { w: 30, h: 30 })).toBeGreaterThan(0)
  await gm.page.keyboard.press('Escape')
  await gm.page.mouse.up()
  await expect(map.dragLayer).not.toHaveAttribute('data-drawing')
  expect(await map.dragReadout()).toBe('')
  expect(await map.dragInkNear(cancelledAt, { w: 30, h: 30 })).toBe(0)
  expect(await map.tokenCentre('Vex')).toEqual(before)
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: 'Vex moves' })).toHaveCount(1)

  // Ranges: pick Vex as the attacker, hover the raider: 18 − 10.5 = 7.5 m.
  await map.token('Vex').locator('circle.body').click()
  await expect(map.token('Vex')).toHaveClass(/selected/)
  await map.token('Raider').locator('circle.body').hover()
  await expect(map.distanceReadout).toBeVisible()
  expect(metresIn(await map.distanceReadout.textContent())).toBeCloseTo(7.5, 0)
  // A click aims the attack panel at the raider.
  await map.token('Raider').locator('circle.body').click()
  await expect(gm.page.getByTestId('attack-target').locator('option:checked')).toHaveText('Raider')
  await expect(gm.page.getByTestId('attack-attacker').locator('option:checked')).toHaveText('Vex')

  // The measuring tool.
  await map.root.getByTestId('map-measure').click()
  const a = await map.screenPoint({ x: 3, y: 21 })
  const b = await map.screenPoint({ x: 9, y: 29 })
  await gm.page.mouse.move(a.x, a.y)
  await gm.page.mouse.down()
  await gm.page.mouse.move(b.x, b.y, { steps: 5 })
  // Taken, it follows the pointer on the drag layer; kept, it stands on the overlay.
  await expect(map.dragLayer).toHaveAttribute('data-drawing', 'measure')
  expect(metresIn(await map.dragReadout())).toBeCloseTo(10, 0)
  expect(await map.dragInkNear({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, { w: 4, h: 4 })).toBeGreaterThan(0)
  await gm.page.mouse.up()
  await expect(map.dragLayer).not.toHaveAttribute('data-drawing')
  expect(metresIn(await map.root.getByTestId('measure-readout').textContent())).toBeCloseTo(10, 0)
  await gm.page.keyboard.press('Escape')

  // The table: the map of the scene on the table, without the hidden combatant.
  const table = new BattleMapPage(player.page)
  await expect(table.root).toBeVisible()
  await expect.poll(() => table.tokenIds().then((ids) => ids.sort())).toEqual([vex, raider].sort())
  expect(player.frames.join('\n')).not.toContain(ghost)

  mkdirSync('/tmp/shots', { recursive: true })
  await gm.page.mouse.move(5, 5)
  await gm.page.screenshot({ path: '/tmp/shots/map-gm.png' })
  await player.page.screenshot({ path: '/tmp/shots/map-player.png' })

  // A second scene on the table changes the players' map.
  const dock = await table.root.getAttribute('data-scene-id')
  await map.createScene('Bridge')
  await map.place('Vex', { x: 4, y: 4 })
  await map.root.getByTestId('scene-activate').click()
  await expect(map.root.getByTestId('scene-activate')).toHaveText('On the table')
  await expect(table.root).not.toHaveAttribute('data-scene-id', dock!)
  await expect.poll(() => table.tokenIds()).toEqual([vex])
})
