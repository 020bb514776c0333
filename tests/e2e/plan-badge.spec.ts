import { mkdirSync } from 'node:fs'
import { expect, test } from './fixtures/test'
import { kestrelParty } from './pages/fight-setups'
import { RosterPanel } from './pages/roster-panel'

/**
 * Issue 35, a saved encounter's difficulty badge and its Balance, Compound X: a squad saved as an
 * encounter gets its badge from a background forecast, the badge goes stale when a party sheet
 * changes and ↻ measures it again; Balance on the row searches the encounter's own lines, Use
 * sets its counts in one undo step. The table page hears of none of it. Makes the README's
 * Balance picture (docs/images/balance.png).
 */

test('plan badge: a saved encounter shows wins and down risk, stale after a sheet edit, Balance on the row sets its counts', async ({
  gm,
  player,
}) => {
  test.setTimeout(300_000)
  const page = gm.page
  await gm.createCampaign('Kestrel Badges', 'kestrel-badges', 'compound-x')
  await kestrelParty(gm)
  const framesBefore = player.frames.length
  const roster = new RosterPanel(page)
  await roster.open()
  await roster.root.getByTestId('squad-open').click()
  const builder = page.getByTestId('squad-builder')
  const search = builder.getByTestId('squad-search')
  await search.fill('Raider')
  await expect(builder.locator('[data-testid="squad-source"][data-kind="quickNpc"][data-name="Raider"]')).toBeVisible()
  await search.press('Enter')
  await builder.getByTestId('squad-save').check()
  await builder.getByTestId('squad-plan-name').fill('Ambush')
  await builder.getByTestId('squad-add').click()
  await expect(builder).toBeHidden()

  // The badge arrives by itself, from a forecast run after the save.
  if (!(await roster.root.getByTestId('saved-encounters').isVisible())) await roster.root.getByTestId('plans-toggle').click()
  const row = roster.plan('Ambush')
  const badge = row.getByTestId('plan-badge')
  await expect(badge).toHaveText(/^wins \d+ % · down \d+ %$/, { timeout: 90_000 })
  await expect(badge).toHaveAttribute('data-stale', 'false')
  await expect(badge).toHaveAttribute('title', /Forecast of 300 fights/)

  // A party sheet changed: the badge is marked stale; ↻ forecasts it again against the party now.
  await gm.editSheet('Kit', { dex: 8 })
  await expect(badge).toHaveAttribute('data-stale', 'true')
  await expect(badge).toContainText('stale')
  await row.getByTestId('plan-badge-refresh').click()
  await expect(badge).toHaveAttribute('data-stale', 'false', { timeout: 90_000 })

  // Balance on the row: the same panel, on the encounter's own line.
  await row.getByTestId('plan-balance').click()
  const panel = roster.root.getByTestId('plan-balancing').getByTestId('balance-panel')
  await expect(panel.getByTestId('balance-range')).toHaveCount(1)
  await panel.getByTestId('balance-win').fill('70')
  await panel.getByTestId('balance-down').fill('70')
  await panel.getByTestId('balance-run').click()
  await expect(panel.getByTestId('balance-ended')).toBeVisible({ timeout: 180_000 })
  const best = panel.locator('[data-testid="balance-candidate"][data-best="true"]')
  await expect(best).toHaveCount(1)
  // The README's picture: the saved encounter's row, its badge and its Balance, as the GM sees them.
  // A tall window, so the roster column holds the row and every candidate at once.
  await page.setViewportSize({ width: 1366, height: 2200 })
  // The column's panels share its height and scroll; for the picture the roster is shown whole.
  const unclip = await page.addStyleTag({
    content:
      '[data-testid="roster-panel"], [data-testid="roster-panel"] * { max-height: none !important; overflow: visible !important; flex-shrink: 0 !important }' +
      // A line of words beside a button must still shrink, so it wraps instead of running off the column.
      '[data-testid="balance-panel"] .actions > span { flex-shrink: 1 !important }',
  })
  await row.scrollIntoViewIfNeeded()
  mkdirSync('docs/images', { recursive: true })
  const column = (await roster.root.boundingBox())!
  await page.screenshot({
    path: 'docs/images/balance.png',
    clip: { x: column.x - 8, y: column.y - 8, width: column.width + 16, height: column.height + 16 },
  })
  await unclip.evaluate((el) => (el as Element).remove())
  await page.setViewportSize({ width: 1366, height: 768 })
  if (process.env['SALVO_SHOTS']) {
    mkdirSync(process.env['SALVO_SHOTS'], { recursive: true })
    await best.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${process.env['SALVO_SHOTS']}/plan-badge-gm.png` })
    await player.page.setViewportSize({ width: 1366, height: 768 })
    await player.page.screenshot({ path: `${process.env['SALVO_SHOTS']}/plan-badge-table.png` })
  }

  // Use sets the saved encounter's counts: one command, one undo.
  const picked = (await best.locator('.lineup').textContent())!
  const count = Number(picked.split(' × ')[0])
  await best.getByTestId('balance-use').click()
  await expect(roster.root.getByTestId('plan-balancing')).toHaveCount(0)
  await expect(row.locator('.summary')).toContainText(`${count}× Raider`)
  await expect(page.getByTestId('undo')).toHaveAttribute('title', /^Undo Balance Ambush/)
  await page.getByTestId('undo').click()
  await expect(row.locator('.summary')).toContainText('1× Raider')

  // The table page was never sent a saved encounter or a badge.
  const heard = player.frames.slice(framesBefore).join('\n')
  expect(heard).not.toContain('"badge"')
  expect(heard).not.toContain('"plan:')
})
