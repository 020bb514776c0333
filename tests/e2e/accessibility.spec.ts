import { expect, test } from './fixtures/test'
import { fightInPlay, seriousViolations } from './pages/a11y-fight'
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

  expect(found, found.join('\n')).toEqual([])
  desk.close()
})
