import { mkdirSync } from 'node:fs'
import { expect, test } from './fixtures/test'
import { RosterPanel } from './pages/roster-panel'

/**
 * Issue 16, prep in ten minutes: the squad builder adds "3× Raider (roster), 1× Brute
 * (ready-made)" in one step, hidden and on one initiative roll, numbered on the GM's desk and
 * absent from the table; saved as an encounter, it starts again as Raider 1–3, not 4–6.
 */
test('squad builder: a hidden squad on one roll, numbered, saved and started again with its numbers', async ({ gm, player }) => {
  test.setTimeout(120_000)
  const page = gm.page
  await gm.createCampaign('Dock Ambush', 'squad-builder', 'd20-two-action')
  await gm.addCombatant({ name: 'Devin', side: 'party', kind: 'pc', maxHp: 24 })
  const roster = new RosterPanel(page)
  await roster.open()
  await roster.create({ name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 12, initiativeModifier: 2 })
  await gm.startEncounter()
  await gm.rollInitiative()

  // From the roster's button; Esc closes it and gives the focus back, and the desk's letter keys
  // do nothing to the fight while it is open.
  const opener = roster.root.getByTestId('squad-open')
  await opener.click()
  await expect(page.getByTestId('squad-builder')).toBeVisible()
  await page.getByTestId('squad-hidden').focus()
  await page.keyboard.press('n')
  await page.getByTestId('squad-search').fill('zz')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('squad-search')).toHaveValue('')
  await expect(page.getByTestId('squad-builder')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('squad-builder')).toBeHidden()
  await expect(opener).toBeFocused()
  await expect(page.getByTestId('log-entry').filter({ hasText: /turn/ })).toHaveCount(1)

  // From the command palette, by keyboard: search, Enter picks, Enter (with nothing typed) adds.
  await gm.shortcut('Control+k')
  await page.getByTestId('palette-input').fill('squad')
  await page.getByTestId('palette-input').press('Enter')
  const builder = page.getByTestId('squad-builder')
  await expect(builder).toBeVisible()
  const search = builder.getByTestId('squad-search')
  await expect(search).toBeFocused()
  await search.fill('raid')
  await search.press('Enter')
  await builder.getByRole('button', { name: 'One more Raider' }).click()
  await builder.getByTestId('squad-count').first().fill('3')
  await builder.getByTestId('squad-count').first().press('Tab')
  await search.fill('brute')
  await expect(builder.locator('[data-testid="squad-source"][data-kind="quickNpc"][data-name="Brute"]')).toBeVisible()
  await search.press('Enter')
  await builder.getByTestId('squad-hidden').check()
  await builder.getByTestId('squad-one-roll').check()
  await builder.getByTestId('squad-save').check()
  await builder.getByTestId('squad-plan-name').fill('Dock ambush')
  await expect(builder.getByTestId('squad-preview')).toHaveText('Adds Raider 1–3, Brute 1 (hidden) · 4 of 50')

  if (process.env['SALVO_SHOTS']) {
    mkdirSync(process.env['SALVO_SHOTS'], { recursive: true })
    await page.setViewportSize({ width: 1366, height: 768 })
    await search.focus()
    await page.screenshot({ path: `${process.env['SALVO_SHOTS']}/prep-squad.png` })
  }

  await search.press('Enter')
  await expect(builder).toBeHidden()
  const squad = ['Raider 1', 'Raider 2', 'Raider 3', 'Brute 1']
  for (const name of squad) await expect(gm.card(name)).toHaveCount(1)
  // One roll for all four: one log line, and they act one after another.
  await expect(page.getByTestId('log-entry').filter({ hasText: 'Raider 1, Raider 2, Raider 3 and Brute 1 join the fight' })).toHaveCount(1)
  const ids = await Promise.all(squad.map(async (n) => (await gm.card(n).getAttribute('data-combatant-id'))!))
  const order = await gm.ribbonIds()
  const first = order.indexOf(ids[0]!)
  expect(order.slice(first, first + 4)).toEqual(ids)

  // The table sees Devin and none of the squad, and was never sent their names.
  const devin = (await gm.card('Devin').getAttribute('data-combatant-id'))!
  await expect.poll(() => player.ribbonIds()).toEqual([devin])
  expect(player.frames.join('\n')).not.toMatch(/Raider|Brute/)

  // Saved with the same step; started again after this fight ends, it is numbered as the first time.
  await roster.root.getByTestId('plans-toggle').click()
  await expect(roster.plan('Dock ambush')).toHaveCount(1)
  await expect(roster.plan('Dock ambush')).toContainText('3× Raider (hidden) · 1× Brute (hidden)')
  await page.getByTestId('end-encounter').click()
  await page.getByTestId('end-encounter-confirm').click()
  await expect(page.getByTestId('start-encounter')).toBeVisible()
  await roster.startPlan('Dock ambush')
  await expect(page.getByTestId('roll-initiative')).toBeVisible()
  for (const name of squad) await expect(gm.card(name)).toHaveCount(1)
  await expect(gm.card('Raider 4')).toHaveCount(0)
  expect(player.frames.join('\n')).not.toMatch(/Raider|Brute/)
})
