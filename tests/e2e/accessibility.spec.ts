import type { Locator } from '@playwright/test'
import sharp from 'sharp'
import { expect, test } from './fixtures/test'
import { CAST, fightInPlay, seriousViolations } from './pages/a11y-fight'
import { Desk } from './pages/desk'
import { BattleMapPage } from './pages/battle-map'
import { RosterPanel } from './pages/roster-panel'

/**
 * Accessibility, checked by axe (WCAG 2.x A and AA): the GM desk in Cards view, the sheet panel,
 * the squad builder, the map with a scene, tokens and a zone, and the table's screen, each in the
 * state a GM meets it mid-fight. Any serious or critical violation fails, named with its nodes.
 */
test('axe finds no serious or critical violations on the desk, the sheet, the squad builder, the map and the table', async ({
  gm,
  player,
  server,
}) => {
  test.setTimeout(120_000)
  const page = gm.page
  await page.setViewportSize({ width: 1366, height: 768 })
  const desk = await fightInPlay(gm, server, 'a11y-axe')
  const found: string[] = []

  // The desk in Cards view.
  const acting = await new Desk(gm).actingCard()
  await expect(acting).toBeVisible()
  found.push(...(await seriousViolations(page, 'desk')))

  // The sheet panel, open over the desk.
  await acting.getByTestId('edit-sheet').click()
  const editor = acting.getByTestId('sheet-editor')
  await expect(editor.getByTestId('option-str')).toBeVisible()
  found.push(...(await seriousViolations(page, 'sheet')))
  await page.keyboard.press('Escape')
  await expect(editor).toHaveCount(0)

  // The squad builder, from the roster.
  const roster = new RosterPanel(page)
  await roster.open()
  await roster.root.getByTestId('squad-open').click()
  await expect(page.getByTestId('squad-builder')).toBeVisible()
  found.push(...(await seriousViolations(page, 'squad builder')))
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('squad-builder')).toBeHidden()

  // The map: the scene, its tokens and Vex's suppression zone.
  const map = new BattleMapPage(page)
  await map.open()
  await expect(map.root.getByTestId('map-token')).toHaveCount(6)
  await expect(map.root.getByTestId('map-zone')).toHaveCount(1)
  found.push(...(await seriousViolations(page, 'map')))

  // The table: the map with the visible tokens, the ribbon and the story strip.
  await player.page.bringToFront()
  await expect(player.page.getByTestId('projector-screen').getByTestId('map-token')).toHaveCount(5)
  await expect(player.ribbon.getByTestId('ribbon-entry')).toHaveCount(5)
  found.push(...(await seriousViolations(player.page, 'table')))

  // Someone waiting (a delayed turn) on both ribbons: set back by its border, still readable.
  await page.bringToFront()
  await gm.ribbon.getByTestId('delay-turn').click()
  await expect(gm.ribbon.getByTestId('ribbon-delayed')).toBeVisible()
  found.push(...(await seriousViolations(page, 'desk, one waiting')))
  await player.page.bringToFront()
  await expect(player.ribbon.getByTestId('ribbon-delayed')).toBeVisible()
  found.push(...(await seriousViolations(player.page, 'table, one waiting')))

  // A PC down, and the hidden Lurker's turn (the table dims the last one it saw act).
  const { combatants } = await desk.ids()
  await desk.send('combatant/setHp', { combatantId: combatants['Ash'], hp: 0 })
  for (let i = 0; i < Object.keys(CAST).length && (await gm.currentId()) !== combatants['Lurker']; i++)
    await desk.send('encounter/nextTurn', {})
  await expect.poll(() => gm.currentId()).toBe(combatants['Lurker'])
  await expect(player.ribbon.locator('.dimmed')).toHaveCount(1)
  found.push(...(await seriousViolations(player.page, 'table, one down, a hidden turn')))
  await player.page.screenshot({ path: test.info().outputPath('table-down-hidden-turn.png') })
  await page.bringToFront()
  found.push(...(await seriousViolations(page, 'desk, one down, a hidden turn')))

  expect(found, found.join('\n')).toEqual([])
  desk.close()
})

/** Every side mark under `root`: whose it is (by the nearest combatant id), its side, shape and accessible name. */
async function marksIn(root: Locator, selector: string) {
  return root.locator(selector).evaluateAll((els) =>
    els.map((el) => ({
      id: el.closest('[data-combatant-id]')?.getAttribute('data-combatant-id') ?? '',
      side: el.getAttribute('data-side-mark') ?? '',
      shape: el.getAttribute('data-shape') ?? '',
      word: el.getAttribute('aria-label') ?? '',
      shown: el.getBoundingClientRect().width > 0,
    })),
  )
}

type Mark = Awaited<ReturnType<typeof marksIn>>[number]

/** Each mark is drawn, on the combatant's own side; friends' shapes are never an enemy's. */
function expectMarksTellSides(where: string, marks: readonly Mark[], sideOf: ReadonlyMap<string, string>) {
  expect(marks.length, where).toBeGreaterThan(1)
  for (const m of marks) {
    expect(m.shown, `${where}: ${JSON.stringify(m)}`).toBe(true)
    expect(m.side, `${where}: ${JSON.stringify(m)}`).toBe(sideOf.get(m.id))
  }
  const shapes = (friend: boolean) => new Set(marks.filter((m) => (m.side === 'enemy') !== friend).map((m) => m.shape))
  expect(shapes(true).size, `${where}: a friend is marked`).toBeGreaterThan(0)
  expect(shapes(false).size, `${where}: an enemy is marked`).toBeGreaterThan(0)
  for (const s of shapes(true)) expect(shapes(false).has(s), `${where}: friends and enemies share the ${s}`).toBe(false)
}

/** Writes a greyscale copy of a screenshot beside it, to see the sides told apart without hue. */
async function greyscale(png: Buffer, name: string): Promise<void> {
  await sharp(png).greyscale().toFile(test.info().outputPath(name))
}

test('the sides differ by more than colour: a shape and a word on cards, both ribbons and both maps', async ({ gm, player, server }) => {
  test.setTimeout(120_000)
  const page = gm.page
  await page.setViewportSize({ width: 1366, height: 768 })
  await player.page.setViewportSize({ width: 1920, height: 1080 })
  const desk = await fightInPlay(gm, server, 'a11y-sides')
  const { combatants } = await desk.ids()
  const sideOf = new Map(Object.entries(CAST).map(([name, c]) => [combatants[name]!, c.side as string]))
  const nameOf = new Map(Object.entries(combatants).map(([name, id]) => [id, name]))

  // Cards: a mark on the portrait's corner; the meta line says the side in words too.
  const cards = page.getByTestId('combatant-card')
  await expect(cards.first()).toBeVisible()
  expectMarksTellSides('cards', await marksIn(page.getByTestId('card-grid'), '[data-testid="side-mark"]'), sideOf)
  for (const card of await cards.all()) {
    const id = (await card.getAttribute('data-combatant-id'))!
    await expect(card.getByTestId('card-meta')).toContainText(sideOf.get(id)!)
  }

  // The GM's ribbon: a mark on each avatar, and the side's word in each entry's accessible name.
  expectMarksTellSides('GM ribbon', await marksIn(gm.ribbon, '[data-testid="side-mark"]'), sideOf)
  for (const id of await gm.ribbonIds())
    await expect(gm.ribbon.locator(`[data-testid="ribbon-entry"][data-combatant-id="${id}"] > button`).first()).toHaveAccessibleName(
      new RegExp(`\\b${sideOf.get(id)}\\b`),
    )
  const cardsShot = await page.screenshot({ path: test.info().outputPath('gm-cards.png') })
  await greyscale(cardsShot, 'gm-cards-grey.png')

  // The GM's map: each token named with its side, and marked with its shape.
  const map = new BattleMapPage(page)
  await map.open()
  await expect(map.root.getByTestId('map-token')).toHaveCount(6)
  expectMarksTellSides('GM map', await marksIn(map.root, '[data-testid="token-side-mark"]'), sideOf)
  for (const [id, side] of sideOf)
    await expect(map.root.locator(`[data-testid="map-token"][data-combatant-id="${id}"]`)).toHaveAccessibleName(
      new RegExp(`^${nameOf.get(id)}, ${side}\\b`),
    )
  const mapShot = await page.screenshot({ path: test.info().outputPath('gm-map.png') })
  await greyscale(mapShot, 'gm-map-grey.png')

  // The table: its ribbon and its map the same way (the hidden Lurker on neither).
  await player.page.bringToFront()
  const table = player.page
  await expect(table.getByTestId('projector-screen').getByTestId('map-token')).toHaveCount(5)
  expectMarksTellSides('table ribbon', await marksIn(player.ribbon, '[data-testid="side-mark"]'), sideOf)
  expectMarksTellSides('table map', await marksIn(table.getByTestId('projector-screen'), '[data-testid="token-side-mark"]'), sideOf)
  for (const token of await table.getByTestId('projector-screen').getByTestId('map-token').all()) {
    const id = (await token.getAttribute('data-combatant-id'))!
    await expect(token).toHaveAccessibleName(new RegExp(`^${nameOf.get(id)}, ${sideOf.get(id)}\\b`))
  }
  await expect(table.getByTestId('story-card')).toHaveCount(0, { timeout: 6000 })
  const tableShot = await table.screenshot({ path: test.info().outputPath('table.png') })
  await greyscale(tableShot, 'table-grey.png')
  desk.close()
})
