import { mkdirSync } from 'node:fs'
import { expect, test } from './fixtures/test'
import { kestrelParty } from './pages/fight-setups'
import { RosterPanel } from './pages/roster-panel'

/**
 * Issue 35, Balance in the squad builder, Compound X: three PCs with sheets against two lines of
 * ready-made NPCs. Balance forecasts line-up after line-up as it goes, the closest highlighted;
 * "Use this line-up" fills the squad's counts, Add adds them in one command, undo takes them back,
 * and the table page is sent nothing while the search runs.
 */

test('balance: a search shows each candidate as it goes, Use fills the counts, Add and undo, the table hears nothing', async ({
  gm,
  player,
}) => {
  test.setTimeout(240_000)
  const page = gm.page
  await gm.createCampaign('Kestrel Balance', 'kestrel-balance', 'compound-x')
  await kestrelParty(gm)
  const roster = new RosterPanel(page)
  await roster.open()
  await roster.root.getByTestId('squad-open').click()
  const builder = page.getByTestId('squad-builder')
  await expect(builder).toBeVisible()
  const search = builder.getByTestId('squad-search')
  for (const name of ['Raider', 'Sniper']) {
    await search.fill(name)
    await expect(builder.locator(`[data-testid="squad-source"][data-kind="quickNpc"][data-name="${name}"]`)).toBeVisible()
    await search.press('Enter')
  }
  await expect(builder.getByTestId('squad-line')).toHaveCount(2)

  // Balance opens with the defaults: the party wins about 75 %, at most a 30 % down risk.
  await builder.getByTestId('squad-balance').click()
  const panel = builder.getByTestId('balance-panel')
  await expect(panel.getByTestId('balance-win')).toHaveValue('75')
  await expect(panel.getByTestId('balance-down')).toHaveValue('30')

  // A target these troopers can meet: one Raider and one Sniper are far too easy for them.
  await panel.getByTestId('balance-win').fill('70')
  await panel.getByTestId('balance-down').fill('70')

  const framesBefore = player.frames.length
  await panel.getByTestId('balance-run').click()
  // Progress as it goes: the first candidate (the GM's own counts) is listed and measured, then more.
  const candidates = panel.getByTestId('balance-candidate')
  await expect(candidates.first()).toContainText('1 × Raider, 1 × Sniper')
  await expect(candidates.first()).toContainText(/wins \d+ % ± \d+/, { timeout: 60_000 })
  await expect(panel.getByTestId('balance-cancel')).toBeVisible()
  const shoot = async (name: string) => {
    if (!process.env['SALVO_SHOTS']) return
    mkdirSync(process.env['SALVO_SHOTS'], { recursive: true })
    await page.setViewportSize({ width: 1366, height: 768 })
    await page.screenshot({ path: `${process.env['SALVO_SHOTS']}/${name}.png` })
  }
  await shoot('balance-running')
  await expect(panel.getByTestId('balance-ended')).toBeVisible({ timeout: 180_000 })
  expect(await candidates.count()).toBeGreaterThan(1)
  const best = panel.locator('[data-testid="balance-candidate"][data-best="true"]')
  await expect(best).toHaveCount(1)
  await shoot('balance-done')
  if (process.env['SALVO_SHOTS']) {
    await player.page.setViewportSize({ width: 1366, height: 768 })
    await player.page.screenshot({ path: `${process.env['SALVO_SHOTS']}/balance-table.png` })
  }
  // The table page was sent nothing at all while the search ran.
  expect(player.frames.slice(framesBefore)).toEqual([])

  // Use fills the squad's counts with the closest line-up; nothing is added yet.
  const picked = (await best.locator('.lineup').textContent())!
  const counts = new Map(picked.split(', ').map((part) => [part.split(' × ')[1]!, Number(part.split(' × ')[0])]))
  await best.getByTestId('balance-use').click()
  const lines = builder.getByTestId('squad-line')
  await expect(lines).toHaveCount(counts.size)
  for (const [name, count] of counts)
    await expect(builder.locator(`[data-testid="squad-line"][data-name="${name}"]`).getByTestId('squad-count')).toHaveValue(String(count))
  await expect(page.getByTestId('combatant-card')).toHaveCount(3)

  // Add sends it as one command; one undo takes every one of them back.
  const total = [...counts.values()].reduce((a, b) => a + b, 0)
  await builder.getByTestId('squad-add').click()
  await expect(builder).toBeHidden()
  await expect(page.getByTestId('combatant-card')).toHaveCount(3 + total)
  await expect(page.getByTestId('undo')).toHaveAttribute('title', /^Undo Add squad/)
  await page.getByTestId('undo').click()
  await expect(page.getByTestId('combatant-card')).toHaveCount(3)
})
