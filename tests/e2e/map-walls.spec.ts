import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import type { WallRecord } from '../../src-shared/records'
import { expect, test } from './fixtures/test'
import { BattleMapPage } from './pages/battle-map'
import { GmDispatch } from './pages/gm-dispatch'

/** Serious or critical axe findings (WCAG A and AA) inside one part of a page: here, the map and its tools. */
async function axeIn(page: Page, selector: string): Promise<string[]> {
  const r = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze()
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${selector}: ${v.id} at ${n.target.join(' ')}`))
}

/** Every wall the core holds, read from its snapshot (not from what the page draws). */
async function wallsOf(seat: GmDispatch): Promise<WallRecord[]> {
  const view = await seat.ws.resync()
  return [...view.records.values()].filter((r): r is WallRecord => r.typeName === 'wall')
}

test('walls on the map: drawn by clicks and snapped to the grid, moved, split, removed and undone; a door opened from the map reaches the table open; a secret door never reaches it as one', async ({
  gm,
  player,
  server,
}, testInfo) => {
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await player.page.setViewportSize({ width: 1280, height: 720 })
  await gm.createCampaign('Keep', 'keep-seed', 'compound-x')
  const map = new BattleMapPage(gm.page)
  const table = new BattleMapPage(player.page)
  await map.openOn('Keep')
  // The table holds while no fight runs: the GM shows it the map.
  await gm.page.getByTestId('projector-prep-map').check()
  await map.calibrateSquare(50, 1)
  const seat = await GmDispatch.connect(server, 'walls')
  const points = (w: WallRecord) => w.points.map((p) => [p.x, p.y])

  // Clicks a little off the grid's corners land on them (1 m cells: whole metres).
  await map.wallKind('wall')
  await map.drawWall([
    { x: 2.1, y: 2.08 },
    { x: 8.06, y: 1.9 },
    { x: 7.92, y: 6.1 },
  ])
  await expect
    .poll(async () => (await wallsOf(seat)).map(points))
    .toEqual([
      [
        [2, 2],
        [8, 2],
        [8, 6],
      ],
    ])
  await expect(map.root.getByTestId('walls-wall')).toHaveCount(1)
  await expect(table.root.getByTestId('walls-wall')).toHaveCount(1)
  await expect(table.root.getByTestId('map-walls')).toHaveAttribute('data-count', '1')

  // Dragged by its middle a metre right and down: every corner moves, snapped again.
  await map.dragFromTo({ x: 5, y: 2 }, { x: 6.05, y: 3.04 })
  await expect
    .poll(async () => (await wallsOf(seat)).map(points))
    .toEqual([
      [
        [3, 3],
        [9, 3],
        [9, 7],
      ],
    ])
  // The dropped wall stays picked: its corner handles are on the map; the inner one splits it.
  const corners = map.root.getByTestId('wall-corner')
  await expect(corners).toHaveCount(3)
  await corners.nth(1).click()
  await map.root.getByTestId('wall-split').click()
  await expect
    .poll(async () =>
      (await wallsOf(seat)).map(points).sort((a, b) => a.length - b.length || a[0]![1]! - b[0]![1]! || a[1]![1]! - b[1]![1]!),
    )
    .toEqual([
      [
        [3, 3],
        [9, 3],
      ],
      [
        [9, 3],
        [9, 7],
      ],
    ])

  // Pick the upright half by a click on it, drag one corner, then Delete it; Ctrl+Z brings it back.
  const upright = await map.screenPoint({ x: 9, y: 5.5 })
  await gm.page.mouse.click(upright.x, upright.y)
  await expect(map.root.getByTestId('wall-picked')).toHaveCount(1)
  // The corner's handle drawn where the drag will grab it (the map may still be settling from the pick).
  const corner = map.root.locator('[data-testid="wall-corner"][data-index="1"]')
  await expect
    .poll(async () => {
      const [box, at] = [await corner.boundingBox(), await map.screenPoint({ x: 9, y: 7 })]
      return box ? Math.hypot(box.x + box.width / 2 - at.x, box.y + box.height / 2 - at.y) < 2 : false
    })
    .toBe(true)
  await map.dragFromTo({ x: 9, y: 7 }, { x: 10.04, y: 7.96 })
  await expect
    .poll(async () => (await wallsOf(seat)).map(points).find((p) => p[0]![0] === 9 && p[0]![1] === 3))
    .toEqual([
      [9, 3],
      [10, 8],
    ])
  await gm.page.keyboard.press('Delete')
  await expect.poll(async () => (await wallsOf(seat)).length).toBe(1)
  await gm.page.keyboard.press('Control+z')
  await expect.poll(async () => (await wallsOf(seat)).length).toBe(2)
  await expect(table.root.getByTestId('map-walls')).toHaveAttribute('data-count', '2')
  await gm.page.keyboard.press('Escape')

  // A low wall and a window, so every style is on the map for the pictures.
  await map.wallKind('low')
  // Backspace takes back a stray corner; a double-click finishes the wall where it lands.
  for (const m of [
    { x: 3, y: 10 },
    { x: 5, y: 12 },
  ]) {
    const p = await map.screenPoint(m)
    await gm.page.mouse.click(p.x, p.y)
  }
  await expect(map.root.getByTestId('wall-draft')).toHaveAttribute('data-corners', '2')
  await gm.page.keyboard.press('Backspace')
  await expect(map.root.getByTestId('wall-draft')).toHaveAttribute('data-corners', '1')
  const lowEnd = await map.screenPoint({ x: 9, y: 10 })
  await gm.page.mouse.dblclick(lowEnd.x, lowEnd.y)
  await expect(map.root.getByTestId('wall-draft')).toHaveCount(0)
  await expect
    .poll(async () => (await wallsOf(seat)).filter((w) => w.kind === 'low').map(points))
    .toEqual([
      [
        [3, 10],
        [9, 10],
      ],
    ])
  await map.wallKind('window')
  await map.drawWall([
    { x: 1, y: 4 },
    { x: 1, y: 8 },
  ])

  // A door: drawn shut, opened by a click on its handle on the map (the Walls tool off), open on the table.
  await map.wallKind('door')
  await map.drawWall([
    { x: 12, y: 3 },
    { x: 14, y: 3 },
  ])
  await expect.poll(async () => (await wallsOf(seat)).filter((w) => w.kind === 'door').length).toBe(1)
  const door = (await wallsOf(seat)).find((w) => w.kind === 'door')!
  await map.root.getByTestId('wall-tool').click()
  await expect(map.root.getByTestId('wall-bar')).toHaveCount(0)
  await expect(map.doorHandle(door.id)).toHaveAttribute('data-door', 'closed')
  await expect(table.doorHandle(door.id)).toHaveAttribute('data-door', 'closed')
  await map.doorHandle(door.id).click()
  await expect(map.doorHandle(door.id)).toHaveAttribute('data-door', 'open')
  await expect(table.doorHandle(door.id)).toHaveAttribute('data-door', 'open')
  await expect(table.root.getByTestId('walls-open-door')).toHaveCount(1)
  await expect.poll(async () => (await wallsOf(seat)).find((w) => w.id === door.id)).toMatchObject({ door: 'open' })
  // The projector preview on the desk shows it open too.
  await expect(gm.page.getByTestId('projector-preview').locator(`[data-testid="door-handle"][data-wall-id="${door.id}"]`)).toHaveAttribute(
    'data-door',
    'open',
  )

  // Right-click locks it (shut); a click then says it is locked and leaves it so.
  await map.doorHandle(door.id).click({ button: 'right' })
  await expect(map.doorHandle(door.id)).toHaveAttribute('data-door', 'locked')
  await map.doorHandle(door.id).click()
  await expect(gm.page.getByTestId('toast-error')).toHaveAttribute('data-code', 'door/locked')
  await expect(gm.page.getByTestId('toast-error')).toContainText('locked')
  await expect(map.doorHandle(door.id)).toHaveAttribute('data-door', 'locked')
  // Locked is the GM's to know: the table is sent (and draws) a shut door.
  await expect(table.doorHandle(door.id)).toHaveAttribute('data-door', 'closed')

  // A secret door: marked on the GM's map; the table has it as a plain wall, never as a door.
  await map.wallKind('secret')
  await map.drawWall([
    { x: 16, y: 3 },
    { x: 18, y: 3 },
  ])
  await expect.poll(async () => (await wallsOf(seat)).filter((w) => w.kind === 'door' && w.secret).length).toBe(1)
  const secret = (await wallsOf(seat)).find((w) => w.kind === 'door' && w.secret)!
  await gm.page.keyboard.press('Escape')
  await expect(map.doorHandle(secret.id)).toHaveAttribute('data-secret', 'true')
  await expect(table.root.getByTestId('map-walls')).toHaveAttribute('data-count', '6')
  await expect(table.doorHandle(secret.id)).toHaveCount(0)
  await expect(table.root.getByTestId('door-handle')).toHaveCount(1)
  // Opened, it is a gap on the table: gone from it, and still no door.
  await map.doorHandle(secret.id).click()
  await expect(map.doorHandle(secret.id)).toHaveAttribute('data-door', 'open')
  await expect(table.root.getByTestId('map-walls')).toHaveAttribute('data-count', '5')
  await expect(table.doorHandle(secret.id)).toHaveCount(0)
  await map.doorHandle(secret.id).click()
  await expect(table.root.getByTestId('map-walls')).toHaveAttribute('data-count', '6')
  // Nothing the table was ever sent called it secret or a door.
  const secretFrames = player.frames.filter((f) => f.includes(secret.id))
  expect(secretFrames.length).toBeGreaterThan(0)
  expect(secretFrames.some((f) => f.includes('"secret"'))).toBe(false)
  expect(player.frames.some((f) => f.includes('"secret":true'))).toBe(false)

  // A picked wall's kind changes from the bar (wall/edit), and Ctrl+Z takes it back.
  await map.wallKind('wall')
  const low = await map.screenPoint({ x: 6, y: 10 })
  await gm.page.mouse.click(low.x, low.y)
  await expect(map.root.getByTestId('wall-bar')).toContainText('Picked low cover')
  await map.root.getByTestId('wall-kind').selectOption('window')
  await expect.poll(async () => (await wallsOf(seat)).filter((w) => w.kind === 'window').length).toBe(2)
  // A click beside a picked wall drops the pick and starts nothing.
  const beside = await map.screenPoint({ x: 15, y: 15 })
  await gm.page.mouse.click(beside.x, beside.y)
  await expect(map.root.getByTestId('wall-picked')).toHaveCount(0)
  await expect(map.root.getByTestId('wall-draft')).toHaveCount(0)
  await gm.page.keyboard.press('Escape')
  await gm.page.keyboard.press('Control+z')
  await expect.poll(async () => (await wallsOf(seat)).filter((w) => w.kind === 'low').length).toBe(1)

  // Axe on both maps (the rest of each page is accessibility.spec.ts's) with every kind drawn, the Walls tool on and a door picked in its bar.
  await map.wallKind('wall')
  const handle = (await map.doorHandle(door.id).boundingBox())!
  await gm.page.mouse.click(handle.x - 12, handle.y + handle.height / 2)
  await expect(map.root.getByTestId('wall-bar').getByTestId('door-lock')).toHaveText('Unlock')
  const found = [...(await axeIn(gm.page, '[data-testid="battle-map"]')), ...(await axeIn(player.page, '[data-testid="projector-screen"]'))]
  expect(found, found.join('\n')).toEqual([])

  const shots = process.env['SALVO_SHOTS'] ?? testInfo.outputDir
  await gm.page.screenshot({ path: `${shots}/walls-gm-tool.png` })
  await map.root.getByTestId('wall-tool').click()
  await gm.page.getByTestId('toast-error').getByRole('button').click()
  await gm.page.screenshot({ path: `${shots}/walls-gm.png` })
  await player.page.screenshot({ path: `${shots}/walls-table.png` })
  // Closer in, for the look of each kind: the door unlocked and open, the secret one shut.
  await map.doorHandle(door.id).click({ button: 'right' })
  await expect(map.doorHandle(door.id)).toHaveAttribute('data-door', 'closed')
  await map.doorHandle(door.id).click()
  await expect(map.doorHandle(door.id)).toHaveAttribute('data-door', 'open')
  const zoom = async () => Number((await map.svg.getAttribute('data-view'))!.split(' ')[2])
  const before = await zoom()
  const centre = await map.screenPoint({ x: 11, y: 5 })
  await gm.page.mouse.move(centre.x, centre.y)
  for (let i = 0; i < 4; i++) await gm.page.mouse.wheel(0, -100)
  await expect.poll(zoom).toBeGreaterThan(before * 1.5)
  await gm.page.screenshot({ path: `${shots}/walls-gm-zoom.png` })
  seat.close()
})
