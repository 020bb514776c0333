import { expect, test } from './fixtures/test'
import { FightDesk } from './pages/fight-desk'
import type { GmPage } from './pages/gm-page'
import { RosterPanel } from './pages/roster-panel'

/**
 * Issue 14's 2d6 moment in browser mode: a delay, then a reaction. `004 Delay` (T3, SR-2D6-2):
 * the delayer's initiative becomes the count on which it acted, so a later reaction's −2 (T3)
 * counts from there.
 */

const SEED = 'corridor-2d6'
const PIRATE = 'Pirate boarder 1'

class Desk extends FightDesk {
  async initiative(name: string): Promise<number> {
    const text = await this.gm.ribbon.getByTestId('ribbon-entry').filter({ hasText: name }).locator('.init').textContent()
    return Number(/(-?\d+)/.exec(text ?? '')?.[1])
  }

  async order(): Promise<string[]> {
    return this.gm.ribbon.getByTestId('ribbon-entry').locator('.name').allTextContents()
  }

  entry(name: string) {
    return this.gm.ribbon.getByTestId('ribbon-entry').filter({ hasText: name })
  }
}

async function setUp(gm: GmPage): Promise<Desk> {
  await gm.createCampaign('Corridor', SEED, '2d6-significant')
  await gm.addCombatant({ name: 'Vale', side: 'party', kind: 'pc', maxHp: 1 })
  await gm.addCombatant({ name: 'Oso', side: 'party', kind: 'pc', maxHp: 1 })
  await gm.editSheet('Vale', { str: 8, dex: 10, 'skill.Gun Combat': 2, 'weapon.0': 'assault-rifle', armour: 'mesh-vest' })
  // Vale springs the ambush (T2: counts 12), so the order is known: Vale, Oso, then the pirate.
  const card = gm.card('Vale')
  await card.getByTestId('edit-sheet').click()
  await card.getByTestId('option-ambusher').locator('input').check()
  await card.getByTestId('sheet-save').click()
  await gm.editSheet('Oso', { str: 10, dex: 6, 'skill.Melee': 2, 'weapon.0': 'boarding-blade', armour: 'padded-jacket' })
  const roster = new RosterPanel(gm.page)
  await roster.open()
  await gm.page.getByTestId('quick-npc-pick').selectOption('Pirate boarder')
  await gm.page.getByTestId('quick-npc-add').click()
  await expect.poll(() => roster.names()).toContain('Pirate boarder')
  await roster.spawn('Pirate boarder', 1)
  await gm.startEncounter()
  await gm.rollInitiative()
  return new Desk(gm)
}

test('2d6: a delayed character acts on the count it chose, and a later reaction counts down from there', async ({ gm }) => {
  test.setTimeout(120_000)
  const d = await setUp(gm)
  await expect.poll(() => d.order()).toEqual(['Vale', 'Oso', PIRATE])
  expect(await d.current()).toBe('Vale')

  // Vale delays: Oso acts; Vale waits.
  await d.entry('Vale').getByTestId('delay-turn').click()
  await expect.poll(() => d.current()).toBe('Oso')
  await expect(d.entry('Vale').getByTestId('ribbon-delayed')).toBeVisible()
  const oso = await d.initiative('Oso')

  // In Oso's turn Vale acts now, interrupting: it steps in on Oso's count (T3, SR-2D6-2), its initiative that count.
  await d.entry('Vale').getByTestId('resume-turn').click()
  await expect.poll(() => d.initiative('Vale')).toBe(oso)
  await expect.poll(() => d.order()).toEqual(['Oso', 'Vale', PIRATE])
  await expect.poll(() => d.current()).toBe('Vale')

  // The pirate's turn: it fires at Vale, who dodges — a reaction, −2 initiative from the new count (T3, T4).
  await d.next(PIRATE)
  await d.attack.choose(PIRATE, 'Vale')
  await d.attack.root.getByTestId('attack-weapon').selectOption({ label: 'Scattergun' })
  await d.attack.setChoice('defence', 'dodge')
  await expect(d.attack.root.locator('[data-testid=odds-outcome][data-label=Dodged]')).toBeVisible()
  await d.attack.resolve('6 6 3 3 3 3')
  await expect.poll(() => d.initiative('Vale')).toBe(oso - 2)
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: "Vale's initiative" }).last()).toContainText('a reaction, T3')
})
