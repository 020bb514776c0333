import { expect, test } from './fixtures/test'

/**
 * Issue 15: the combat log draws only the lines near the view however long the fight, and a
 * closed encounter's log (gone from the live log with the fight's end) is read and searched
 * under "Earlier fights".
 */
test("a long log is virtualised; an ended fight's log is found under Earlier fights", async ({ gm }) => {
  test.setTimeout(180_000)
  await gm.createCampaign('Long night', 'archive-e2e')
  await gm.addCombatant({ name: 'Vex', side: 'party', kind: 'pc', maxHp: 40 })
  await gm.addCombatant({ name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 30 })
  await gm.startFight()
  // Past the lines the desk keeps and its slack (LOG_WINDOW + LOG_SLACK), so the oldest have gone.
  const turns = 420
  for (let i = 0; i < turns; i++) await gm.nextTurn()
  await expect(gm.page.getByTestId('round-number')).toHaveText(String(1 + Math.floor(turns / 2)))

  // Far more entries than lines drawn, and the newest one is in view.
  const entries = gm.page.getByTestId('combat-log').getByTestId('log-entry')
  const drawn = await entries.count()
  expect(drawn).toBeGreaterThan(10)
  expect(drawn).toBeLessThan(turns)
  await expect(entries.filter({ hasText: `Round ${1 + Math.floor(turns / 2)}:` }).last()).toBeInViewport()
  // The desk keeps the latest lines only; scrolled to the top, the GM fetches the earlier ones
  // from the core, and the line being read stays in view while they come in above it.
  await gm.page.getByTestId('combat-log').evaluate((el) => el.scrollTo({ top: 0 }))
  // The virtual list draws the top's lines a frame or two after the scroll: until then its first
  // drawn line is one from further down, out of view.
  await expect(entries.first()).toBeInViewport()
  const oldestKept = (await entries.first().textContent())!.trim()
  await expect(entries.filter({ hasText: /Encounter "Encounter" started/ })).toHaveCount(0)
  await gm.page.getByTestId('log-load-earlier').click()
  await expect(entries.filter({ hasText: oldestKept }).first()).toBeInViewport()
  await gm.page.getByTestId('combat-log').evaluate((el) => el.scrollTo({ top: 0 }))
  await expect(entries.filter({ hasText: /Encounter "Encounter" started/ }).first()).toBeInViewport()
  // Nothing older is left: the button goes.
  await expect(gm.page.getByTestId('log-load-earlier')).toHaveCount(0)

  await gm.page.getByTestId('end-encounter').click()
  await gm.page.getByTestId('end-encounter-confirm').click()
  await expect(gm.page.getByTestId('start-encounter')).toBeVisible()
  await expect(entries).toHaveCount(0)

  await gm.page.getByTestId('log-earlier').click()
  const archive = gm.page.getByTestId('log-archive')
  await expect(archive.getByTestId('log-archive-encounter').locator('option:checked')).toHaveText('Encounter')
  await expect(archive.getByTestId('log-archive-page')).toContainText('entries')
  await archive.getByTestId('log-archive-search').fill('ended after')
  await expect(archive.getByTestId('log-archive-page')).toHaveText('1 entries')
  await expect(archive.getByTestId('log-entry')).toHaveCount(1)
  await expect(archive.getByTestId('log-entry')).toContainText(`ended after ${1 + Math.floor(turns / 2)} rounds`)
  await archive.getByTestId('log-archive-close').click()
  await expect(gm.page.getByTestId('log-archive')).toHaveCount(0)
})
