import { expect, test } from './fixtures/test'
import { ActionPanel } from './pages/action-panel'
import { AttackPanel } from './pages/attack-panel'
import { RosterPanel } from './pages/roster-panel'

/**
 * Issue 14's d20 burst in browser mode (003 Combat Actions, Full Auto; SR-D20-30, SR-D20-31): the
 * auto carbine empties its magazine in one volley whose odds sum to 100%, the empty gun is
 * refused by name, and a reload puts a spare magazine in.
 */

test('d20: a full-auto burst empties the clip, the empty gun is refused, a reload refills it', async ({ gm }) => {
  test.setTimeout(120_000)
  const page = gm.page
  await gm.createCampaign('Volley', 'd20-volley', 'd20-two-action')
  await gm.addCombatant({ name: 'Devin', side: 'party', kind: 'pc', maxHp: 24 })
  await gm.editSheet('Devin', { dex: 3, weapon1: 'auto-carbine' })
  await expect(gm.sheetLine('Devin', 'Auto carbine')).toContainText('20/20')
  const roster = new RosterPanel(page)
  await roster.open()
  await page.getByTestId('quick-npc-pick').selectOption('Brute')
  await page.getByTestId('quick-npc-add').click()
  await expect(roster.entry('Brute')).toHaveCount(1)
  await roster.spawn('Brute', 1)
  await gm.startFight()
  const current = async () => (await gm.ribbon.getByTestId('current-combatant').locator('.name').innerText()).trim()
  if ((await current()) !== 'Devin') {
    await gm.nextTurn()
    await expect.poll(current).toBe('Devin')
  }

  const attack = new AttackPanel(page)
  await attack.choose('Devin', 'Brute 1')
  await attack.root.getByTestId('attack-weapon').selectOption({ label: 'Auto carbine' })
  await attack.root.getByTestId('attack-mode').selectOption('full auto')
  const rows = attack.root.getByTestId('odds-outcome')
  await expect(rows.first()).toBeVisible()
  await expect.poll(async () => Object.values(await attack.outcomes()).reduce((a, b) => a + b, 0)).toBeCloseTo(100, 0)
  await attack.resolve()
  await expect(page.getByTestId('log-entry').filter({ hasText: /Devin attacks Brute 1 with the Auto carbine/ })).toHaveCount(1)
  // The whole clip went (+4, Two Actions): the magazine is empty and the turn's actions spent.
  await expect(gm.sheetLine('Devin', 'Auto carbine')).toContainText('0/20')

  // The empty gun is refused by name before anything is rolled.
  await attack.choose('Devin', 'Brute 1')
  await attack.root.getByTestId('attack-weapon').selectOption({ label: 'Auto carbine' })
  await expect(attack.root.getByTestId('attack-blocked')).toContainText(/empty|reload/i)

  // Devin's next turn: a reload (One Action, SR-D20-31) puts a spare magazine in.
  await gm.nextTurn()
  await expect.poll(current).toBe('Brute 1')
  await gm.nextTurn()
  await expect.poll(current).toBe('Devin')
  await new ActionPanel(page).perform('Devin', 'reload')
  await expect(gm.sheetLine('Devin', 'Auto carbine')).toContainText('20/20')
})
