import { expect, test } from './fixtures/test'
import { ActionPanel } from './pages/action-panel'
import { RosterPanel } from './pages/roster-panel'

/**
 * The screens speak the documents' words and the table's: a rule code in the log carries its
 * title (hover and accessible name), printed once; the help lists the campaign ruleset's codes
 * and finds one by a word; a reaction contest reaches the table as who acts first, never as the
 * GM's menu label with its dice formula.
 */

test.use({ viewport: { width: 1366, height: 768 } })
const SHOTS = '/tmp/shots'

test('rule codes titled in the log and the help; the table told who acts first', async ({ gm, player }) => {
  test.setTimeout(120_000)
  const page = gm.page
  await gm.createCampaign('Words', 'rule-words', 'd10-difficulty')
  await gm.addCombatant({ name: 'Jonas', side: 'party', kind: 'pc', maxHp: 24 })
  await gm.editSheet('Jonas', { str: 0, dex: 1, con: 0, per: 1, 'skill.firearms': 3, 'weapon.0': 'service-carbine' })
  const roster = new RosterPanel(page)
  await roster.open()
  await page.getByTestId('quick-npc-pick').selectOption('Heavy gunner')
  await page.getByTestId('quick-npc-add').click()
  await expect.poll(() => roster.names()).toContain('Heavy gunner')
  await roster.spawn('Heavy gunner', 1)
  await expect(gm.card('Heavy gunner 1')).toBeVisible()
  await gm.startFight()

  await new ActionPanel(page).perform('Jonas', 'reaction-contest', { target: 'Heavy gunner 1' })

  // The log line cites its rules once each, each code titled from the documents.
  const line = page.getByTestId('log-entry').filter({ hasText: 'Reaction contest' }).last()
  await expect(line).toBeVisible()
  const code = line.locator('.text').getByTestId('rule-code').filter({ hasText: 'SR-D10-40' })
  await expect(code).toHaveCount(1)
  await expect(code).toHaveAttribute('title', /.+/)
  await expect(code).toHaveAttribute('aria-label', /^SR-D10-40: .+/)
  const section = line.locator('.text').getByTestId('rule-code').filter({ hasText: '002 Actions' })
  await expect(section).toHaveAttribute('title', /\(002\), “Actions”: .*three actions per turn/)
  await code.hover()
  await page.screenshot({ path: `${SHOTS}/words-log.png` })

  // The table: who acts first, in the table's words; no menu label, no dice formula.
  const table = player.page
  const told = table.getByTestId('story-card').or(table.getByTestId('story-line')).filter({ hasText: 'acts first' }).first()
  await expect(told).toHaveText(/^(Jonas|Heavy gunner 1) acts first$/)
  await table.screenshot({ path: `${SHOTS}/words-table.png`, fullPage: true })
  await expect(table.locator('body')).not.toContainText('d10 + DEX')
  await expect(table.locator('body')).not.toContainText('Reaction contest')

  // The help lists this ruleset's codes with their titles, and finds one by a word.
  await gm.shortcut('?')
  const help = page.getByTestId('help-rule-codes')
  await expect(help.locator('[data-code="SR-D10-40"]')).toBeVisible()
  await expect(help.locator('[data-code="D1"] + dd')).toContainText('d10 + attribute modifier')
  // Another ruleset's codes are not listed.
  await expect(help.locator('[data-code="CX1"]')).toHaveCount(0)
  await help.getByTestId('help-rule-codes-search').fill('contest')
  await expect(help.getByTestId('help-rule-code').first()).toBeVisible()
  for (const c of await help.getByTestId('help-rule-code').all()) {
    const title = await c.locator('xpath=following-sibling::dd[1]').innerText()
    expect(`${await c.innerText()} ${title}`.toLowerCase()).toContain('contest')
  }
  await help.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${SHOTS}/words-help.png` })
})
