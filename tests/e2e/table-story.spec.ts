import { expect, test } from './fixtures/test'
import { AttackPanel } from './pages/attack-panel'

/**
 * Issue 16, "what just happened": an attack shows on the table as a card, then in the strip; a
 * roll the GM made secret (key G) and a hidden NPC's damage never reach it; the recap shows on
 * the table when the fight ends, and the GM saves it as Markdown.
 */
test('the table story: card then strip, secret rolls and hidden NPCs left out, the recap and its export', async ({ gm, player }) => {
  await gm.createCampaign('Story night', 'story-e2e', 'compound-x')
  await gm.addCombatant({ name: 'Vex', side: 'party', kind: 'pc', maxHp: 1 })
  await gm.addCombatant({ name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 1 })
  await gm.addCombatant({ name: 'Ghost', side: 'enemy', kind: 'npc', maxHp: 10, hidden: true })
  const kit = { weapon: 'anvil-arms-c25', armourFamily: 'medium', materialId: 'standard-l1-kevlar' }
  await gm.editSheet('Vex', { str: 6, per: 8, fort: 6, dex: 6, luck: 5, classId: 'soldier', ...kit })
  await gm.editSheet('Raider', { str: 5, per: 5, fort: 5, dex: 5, luck: 5, ...kit })
  await gm.startFight()
  const table = player.page
  const strip = table.getByTestId('story-line')

  // Hand damage first, so the NPC's band on the table is "hurt" whatever the dice do.
  await gm.editHp('Raider', '-30')
  await expect(table.getByTestId('story-card')).toHaveText('Raider hurt')
  const panel = new AttackPanel(gm.page)
  await panel.choose('Vex', 'Raider')
  await panel.setNumber('distance', 10)
  await panel.resolve()
  const card = table.getByTestId('story-card')
  await expect(card).toContainText('Vex → Raider: ')
  // An NPC's numbers never: no "HP" on the table.
  await expect(card).not.toContainText('HP')
  await expect(strip.filter({ hasText: 'Raider hurt' })).toHaveCount(1)
  // The card steps down into the strip after a few seconds.
  await expect(card).toHaveCount(0, { timeout: 8_000 })
  await expect(strip.first()).toContainText('Vex → Raider: ')

  // G makes the next roll secret; the switch shows on the panel, and is off again after the roll.
  const secret = gm.page.getByTestId('attack-panel').getByTestId('secret-roll')
  await expect(secret).toHaveAttribute('aria-pressed', 'false')
  await gm.shortcut('g')
  await expect(secret).toHaveAttribute('aria-pressed', 'true')
  const logged = await gm.page.getByTestId('log-entry').count()
  await panel.resolve()
  await expect(secret).toHaveAttribute('aria-pressed', 'false')
  await expect.poll(() => gm.page.getByTestId('log-entry').count()).toBeGreaterThan(logged)

  // A hidden NPC's damage: the GM sees it, the table never.
  await gm.editHp('Ghost', '-4')
  await expect(gm.card('Ghost').getByTestId('card-hp')).toHaveText('6 / 10')
  // A public roll after both, so the table has surely heard of everything before it.
  await gm.shortcut('r')
  await gm.page.getByTestId('palette-input').fill('d6 weather')
  await gm.page.getByTestId('palette-input').press('Enter')
  await expect(table.getByTestId('story-card')).toContainText('GM roll')
  await expect(table.getByText('Vex → Raider: ')).toHaveCount(1)
  await expect(table.getByTestId('player-view')).not.toContainText('Ghost')

  if (process.env['SALVO_SHOTS']) {
    for (const [w, h] of [
      [1920, 1080],
      [1280, 720],
    ] as const) {
      await table.setViewportSize({ width: w, height: h })
      await table.screenshot({ path: `/tmp/shots/story-${w}.png` })
    }
  }

  // The fight ends: the recap goes up on the table, redacted; the GM exports it as Markdown.
  await gm.page.getByTestId('end-encounter').click()
  await gm.page.getByTestId('end-encounter-confirm').click()
  const recap = table.getByTestId('story-recap')
  await expect(recap).toContainText('Raider')
  await expect(recap).toContainText('Vex')
  await expect(recap).not.toContainText('Ghost')
  const [download] = await Promise.all([gm.page.waitForEvent('download'), gm.page.getByTestId('recap-export').click()])
  expect(download.suggestedFilename()).toMatch(/^salvo-recap-story-night-.*\.md$/)
  const chunks: Buffer[] = []
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer)
  const md = Buffer.concat(chunks).toString('utf8')
  expect(md).toMatch(/^# /)
  expect(md).toContain('| Raider | NPC |')
  // The GM's copy counts the hidden one too.
  expect(md).toContain('| Ghost (hidden) | NPC |')
  if (process.env['SALVO_SHOTS']) {
    await table.screenshot({ path: '/tmp/shots/story-recap.png' })
    await gm.page.setViewportSize({ width: 1366, height: 768 })
    await gm.page.screenshot({ path: '/tmp/shots/story-gm.png' })
  }
  // A reloaded table page gets the state as it is: the recap, and no story card played again over it (issue 30).
  await table.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="story-card"]')) (window as unknown as { cardSeen: boolean }).cardSeen = true
    }).observe(document, { childList: true, subtree: true })
  })
  await table.reload()
  await expect(recap).toContainText('Raider')
  await table.waitForTimeout(500)
  expect(await table.evaluate(() => (window as unknown as { cardSeen?: boolean }).cardSeen ?? false)).toBe(false)

  await gm.page.getByTestId('recap-dismiss').click()
  await expect(recap).toHaveCount(0)
})
