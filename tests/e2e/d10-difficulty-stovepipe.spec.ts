import { expect, test } from './fixtures/test'
import { ActionPanel } from './pages/action-panel'
import { AttackPanel } from './pages/attack-panel'
import { RosterPanel } from './pages/roster-panel'

/**
 * Issue 14's d10 moment in browser mode: a stovepipe, cleared (002 Malfunctions; SR-D10-30…32).
 * A natural 1 on the burst's check, then an 8 on the malfunction die, stops the burst after its
 * first round; the stopped carbine is refused by name until an action clears it.
 */

test('d10: a stovepipe stops a burst, the stopped gun is refused, and one action clears it', async ({ gm }) => {
  test.setTimeout(120_000)
  const page = gm.page
  await gm.createCampaign('Jam', 'd10-jam', 'd10-difficulty')
  await gm.addCombatant({ name: 'Vale', side: 'party', kind: 'pc', maxHp: 24 })
  await gm.editSheet('Vale', { str: 0, dex: 1, con: 0, per: 1, 'skill.firearms': 3, armour: 'plate-vest', 'weapon.0': 'service-carbine' })
  const roster = new RosterPanel(page)
  await roster.open()
  await page.getByTestId('quick-npc-pick').selectOption('Militia rifleman')
  await page.getByTestId('quick-npc-add').click()
  await expect.poll(() => roster.names()).toContain('Militia rifleman')
  await roster.spawn('Militia rifleman', 1)
  await gm.startFight()

  // The burst, dice typed from the table: check 1 (natural 1), malfunction die 8 → stovepipe (SR-D10-30).
  const attack = new AttackPanel(page)
  await attack.choose('Vale', 'Militia rifleman 1')
  await attack.root.getByTestId('attack-mode').selectOption('burst')
  await expect(attack.root.getByTestId('odds-outcome').first()).toBeVisible()
  // The preview names the one-in-ten chance of a malfunction.
  await expect(attack.root).toContainText(/malfunction/i)
  await attack.resolve('1 8 3 4 3')
  await expect(page.getByTestId('log-entry').filter({ hasText: 'stovepipe' }).first()).toBeVisible()
  await expect(gm.sheetLine('Vale', 'Service carbine')).toContainText('29/30 rds')

  // The stopped carbine is refused by name before anything is rolled.
  await attack.choose('Vale', 'Militia rifleman 1')
  await expect(attack.root.getByTestId('attack-blocked')).toContainText(/stovepipe/i)

  // One action clears it (next round: the d10 action is one a round, D3), and the carbine fires again.
  const vale = async () => (await gm.ribbon.getByTestId('current-combatant').locator('.name').innerText()).trim()
  const round = async () => (await gm.ribbon.getByTestId('round-number').textContent())?.trim()
  const start = await round()
  for (let i = 0; i < 6 && ((await round()) === start || (await vale()) !== 'Vale'); i++) {
    const before = `${await round()} ${await vale()}`
    await gm.nextTurn()
    await expect.poll(async () => `${await round()} ${await vale()}`).not.toBe(before)
  }
  await new ActionPanel(page).perform('Vale', 'clear-weapon')
  await expect(
    page
      .getByTestId('log-entry')
      .filter({ hasText: /clears/i })
      .first(),
  ).toBeVisible()
  await attack.choose('Vale', 'Militia rifleman 1')
  await expect(attack.root.getByTestId('attack-blocked')).toHaveCount(0)
})
