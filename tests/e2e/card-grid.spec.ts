import type { Locator } from '@playwright/test'
import { expect, test } from './fixtures/test'

/** Resolves after the next frame is drawn: the grid has had its scroll event and rendered the rows for it. */
const nextFrame = (grid: Locator) =>
  grid.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))))

// At the GM desk's 1366 × 768 (two cards a row), a fifth card the add form adds while the grid is
// scrolled to its end lands in a new row below: the grid grows by it and draws it when scrolled to.
test('a card added by the form after the grid has scrolled is drawn in its new row at 1366 × 768', async ({ gm }) => {
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await gm.createCampaign('Fourth card', 'fourth-card', 'compound-x')
  for (const name of ['Ada', 'Bo', 'Cy', 'Dee']) await gm.addCombatant({ name, side: 'party', kind: 'pc', maxHp: 30 })
  await gm.startEncounter()
  await gm.rollInitiative()
  const grid = gm.page.getByTestId('card-grid')
  const before = await grid.evaluate((g) => g.scrollHeight)
  await grid.evaluate((g) => (g.scrollTop = g.scrollHeight))
  await nextFrame(grid)
  await gm.addCombatant({ name: 'Eve', side: 'enemy', kind: 'npc', maxHp: 30 })
  // The list is longer by the new row, and scrolling to its end shows the card.
  await expect.poll(() => grid.evaluate((g) => g.scrollHeight)).toBeGreaterThan(before)
  await grid.evaluate((g) => (g.scrollTop = g.scrollHeight))
  await expect(gm.card('Eve')).toBeInViewport()
})
