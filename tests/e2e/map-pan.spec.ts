import { expect, test } from './fixtures/test'
import { BattleMapPage } from './pages/battle-map'

const metresIn = (text: string | null): number => parseFloat(/([\d.]+) m/.exec(text ?? '')?.[1] ?? 'NaN')

test('a pan moves the whole scene with the pointer while the button is down, and the map measures from where it was left', async ({
  gm,
}) => {
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await gm.createCampaign('Pan', 'pan-seed', 'compound-x')
  await gm.addCombatant({ name: 'Vex', side: 'party', kind: 'pc', maxHp: 40 })
  const map = new BattleMapPage(gm.page)
  await map.openOn('Yard')
  await map.place('Vex', { x: 5, y: 5 })

  const view = async () => (await map.svg.getAttribute('data-view'))!.split(' ').map(Number) as [number, number, number]
  const [x0, y0, k0] = await view()
  const token0 = await map.tokenCentre('Vex')
  const press = await map.screenPoint({ x: 15, y: 10 })
  await gm.page.mouse.move(press.x, press.y)
  await gm.page.mouse.down()
  await gm.page.mouse.move(press.x + 120, press.y + 60, { steps: 10 })
  // Mid-gesture: the token (drawn on the moved layer) has followed the pointer, and so has the map's reported view.
  const during = await map.tokenCentre('Vex')
  expect(during.x - token0.x).toBeCloseTo(120, 0)
  expect(during.y - token0.y).toBeCloseTo(60, 0)
  await gm.page.mouse.up()
  const [x1, y1, k1] = await view()
  // The pan is the pointer's travel to a float's rounding (the fitted view's offsets need not be whole pixels); the zoom is untouched.
  expect(x1 - x0).toBeCloseTo(120, 3)
  expect(y1 - y0).toBeCloseTo(60, 3)
  expect(k1).toBe(k0)
  // Nothing was placed or moved by the pan.
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: 'moves' })).toHaveCount(0)

  // After the pan, a drag is measured in metres from the view it left: 3 m to the right reads 3 m.
  await map.startDrag('Vex', { x: 8, y: 5 })
  await expect.poll(async () => metresIn(await map.dragReadout())).toBeCloseTo(3, 1)
  const target = await map.screenPoint({ x: 8, y: 5 })
  // The readout is drawn just right of and above the dragged token's new spot, not where it would be for the view before the pan (120, 60 px off).
  const readoutAt = { x: target.x + 39, y: target.y - 19 }
  expect(await map.dragInkNear(readoutAt, { w: 9, h: 5 })).toBeGreaterThan(10)
  expect(await map.dragInkNear({ x: readoutAt.x - 120, y: readoutAt.y - 60 }, { w: 9, h: 5 })).toBe(0)
  await gm.page.keyboard.press('Escape')
  await gm.page.mouse.up()
})
