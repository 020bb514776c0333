import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures/test'
import { ActionPanel } from './pages/action-panel'
import { BattleMapPage } from './pages/battle-map'
import { box, overlap } from './pages/screen-boxes'

const kit = { armourFamily: 'medium', materialId: 'standard-l1-kevlar' }

/** Everything on the map and the flow the projector preview must never lie over, by name, as drawn now. */
async function mustStayUncovered(page: Page): Promise<[string, Locator][]> {
  const named: [string, Locator][] = [
    ['the map hint', page.getByTestId('map-hint')],
    ['the move prompt', page.getByTestId('move-reactions')],
    ['the reaction list', page.getByTestId('prompt-list')],
    ['the map controls', page.getByTestId('battle-map').locator('.zoom')],
  ]
  for (const b of await page.getByTestId('move-reactions').getByRole('button').all()) named.push(['a move prompt button', b])
  for (const b of await page.getByTestId('prompt-list').getByRole('button').all()) named.push(['a reaction button', b])
  const shown: [string, Locator][] = []
  for (const [name, l] of named) if ((await l.count()) > 0 && (await l.isVisible())) shown.push([name, l])
  return shown
}

/** The preview and its bar overlap none of them. */
async function expectNothingCovered(page: Page, sizeName: string): Promise<void> {
  const projector = await box(page.getByTestId('projector-panel'))
  const preview = await box(page.getByTestId('projector-preview'))
  for (const [name, l] of await mustStayUncovered(page)) {
    const b = await box(l)
    expect(overlap(preview, b), `${sizeName}: the preview covers ${name}`).toBe(false)
    expect(overlap(projector, b), `${sizeName}: the projector controls cover ${name}`).toBe(false)
  }
}

test('a reaction drawn by a drag comes into view in the scrolled flow and is read out; the projector preview covers no prompt or hint at 1366 × 768 and 1920 × 1080', async ({
  gm,
}) => {
  const page = gm.page
  await page.setViewportSize({ width: 1366, height: 768 })
  await gm.createCampaign('Prompts', 'prompts-seed', 'compound-x')
  await gm.addCombatant({ name: 'Vex', side: 'party', kind: 'pc', maxHp: 1 })
  await gm.addCombatant({ name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 1 })
  await gm.editSheet('Vex', { str: 6, per: 8, fort: 6, dex: 6, luck: 5, classId: 'soldier', weapon: 'anvil-arms-c25', ...kit })
  await gm.editSheet('Raider', { str: 5, per: 5, fort: 5, dex: 5, luck: 5, weapon: 'matthews-11-35-carbine', ...kit })
  await gm.startFight()
  const map = new BattleMapPage(page)
  await map.openOn('Yard')
  await map.place('Vex', { x: 4, y: 4 })
  await map.place('Raider', { x: 16, y: 4 })

  // In Map view the map has the room of two columns (over half the window's width; the three-column
  // desk left it 530 px) and the column's full height, the projector docked beside it.
  const mapBox = await box(map.root)
  expect(mapBox.width).toBeGreaterThan(1366 / 2)
  expect(mapBox.height).toBeGreaterThan(768 * 0.6)
  expect(overlap(mapBox, await box(page.getByTestId('projector-dock')))).toBe(false)

  // Vex suppresses the Raider (CX24), so that breaking cover draws Vex's reaction (CX26).
  await new ActionPanel(page).perform('Vex', 'suppress', { target: 'Raider', options: { level: 'medium' } })
  await expect(page.getByTestId('log-entry').filter({ hasText: 'lays down medium suppression on Raider' })).toHaveCount(1)

  // The GM has scrolled the turn's flow down to the panels at its foot, away from where reactions appear.
  const flow = page.getByTestId('turn-flow')
  await flow.evaluate((el) => (el.scrollTop = el.scrollHeight))
  expect(await flow.evaluate((el) => el.scrollTop), 'the flow scrolls at 1366 × 768').toBeGreaterThan(0)

  // The Raider breaks cover: the move's prompt shows on the map with both its buttons in view and uncovered.
  await map.startDrag('Raider', { x: 22, y: 4 })
  await page.mouse.up()
  const confirm = map.root.getByTestId('move-reactions')
  await expect(confirm).toContainText("Raider's move draws a reaction")
  await expect(confirm.getByTestId('move-confirm')).toBeInViewport({ ratio: 1 })
  await expect(confirm.getByTestId('move-cancel')).toBeInViewport({ ratio: 1 })
  await expectNothingCovered(page, '1366 × 768, move prompt')
  await page.screenshot({ path: test.info().outputPath('move-prompt-1366.png') })

  // Confirmed: the reaction lands in the flow's list, which comes into view however far the flow was scrolled, and is read out.
  await confirm.getByTestId('move-confirm').click()
  const prompt = page.getByTestId('reaction-prompt')
  await expect(prompt).toContainText('Vex')
  await expect(prompt).toBeInViewport({ ratio: 0.9 })
  await expect(prompt.getByTestId('prompt-resolve')).toBeInViewport({ ratio: 1 })
  await expect(page.getByTestId('prompt-announcement')).toContainText("Vex's reaction")
  await expectNothingCovered(page, '1366 × 768, reaction')
  await page.screenshot({ path: test.info().outputPath('reaction-1366.png') })

  // The same at 1920 × 1080.
  await page.setViewportSize({ width: 1920, height: 1080 })
  await expect(prompt).toBeInViewport({ ratio: 0.9 })
  await expectNothingCovered(page, '1920 × 1080, reaction')
  await page.screenshot({ path: test.info().outputPath('reaction-1920.png') })
  await page.setViewportSize({ width: 1366, height: 768 })

  // The autopilot's status, however long, runs across the bar's width under its buttons — never a tall thin column.
  await prompt.getByTestId('prompt-resolve').click()
  await expect(prompt).toHaveCount(0)
  const bar = page.getByTestId('autopilot-bar')
  await bar.getByTestId('autopilot-run').click()
  const status = bar.getByTestId('autopilot-message')
  await expect(status).toBeVisible()
  const [statusBox, barBox] = [await box(status), await box(bar)]
  expect(statusBox.width, 'the status spans the bar').toBeGreaterThan(barBox.width * 0.7)
  const lineHeight = await status.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 16)
  const chars = ((await status.textContent()) ?? '').trim().length
  // Laid out in full lines: no more lines than its text needs at about 5 px a character (a thin column needs many more).
  expect(statusBox.height / lineHeight).toBeLessThanOrEqual(Math.ceil((chars * 7) / statusBox.width) + 1)
  await page.screenshot({ path: test.info().outputPath('autopilot-1366.png') })
})
