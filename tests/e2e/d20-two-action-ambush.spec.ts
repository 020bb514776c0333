import { expect, test } from './fixtures/test'
import { FightDesk } from './pages/fight-desk'
import { RosterPanel } from './pages/roster-panel'

/**
 * Issue 14's d20 ambush in browser mode (003 Ambushes; SR-D20-20, SR-D20-21, SR-CORE-20): the
 * party springs it, each ambusher's Stealth is rolled against each target's Awareness, and
 * only the ambushers who got the drop take a turn in round 1, the surprise round; round 2 is an
 * ordinary round with everyone.
 */

const SEED = 'waygate-ambush'
const PARTY = ['Devin', 'Arik']

test('d20: an ambush gives the winners a surprise round, then everyone fights', async ({ gm, player }) => {
  test.setTimeout(120_000)
  const f = new FightDesk(gm)
  const page = gm.page
  const round = async () => (await page.getByTestId('round-number').textContent())?.trim() ?? ''
  /** Passes the turn and waits until the ribbon shows the next one (a new name, or a new round). */
  const advance = async () => {
    const before = `${await round()} ${await f.current()}`
    await gm.nextTurn()
    await expect.poll(async () => `${await round()} ${await f.current()}`).not.toBe(before)
  }
  await gm.createCampaign('Waygate Ambush', SEED, 'd20-two-action')
  await gm.addCombatant({ name: 'Devin', side: 'party', kind: 'pc', maxHp: 24 })
  await gm.addCombatant({ name: 'Arik', side: 'party', kind: 'pc', maxHp: 20 })
  // Stealth is a DEX test, Awareness a PER one (SR-D20-20): the ambushers are quick.
  await gm.editSheet('Devin', { dex: 3, weapon1: 'straight-sword' })
  await gm.editSheet('Arik', { dex: 4, weapon1: 'pocket-pistol' })
  const roster = new RosterPanel(page)
  await roster.open()
  await page.getByTestId('quick-npc-pick').selectOption('Brute')
  await page.getByTestId('quick-npc-add').click()
  await expect(roster.entry('Brute')).toHaveCount(1)
  await roster.spawn('Brute', 2)

  await gm.startEncounter()
  await page.getByTestId('surprise-by').selectOption('party')
  await gm.rollInitiative()
  // Stealth against Awareness is in the log, and the ribbon marks the surprise round on both screens.
  await expect(
    page
      .getByTestId('log-entry')
      .filter({ hasText: /Stealth/ })
      .first(),
  ).toBeVisible()
  await expect(page.getByTestId('surprise-round')).toBeVisible()
  await expect(player.page.getByTestId('surprise-round')).toBeVisible()
  await expect(page.getByTestId('surprise-by')).toHaveCount(0)

  // Round 1: only ambushers act. Walk the turns until round 2 begins.
  const round1: string[] = []
  for (let i = 0; i < 4 && (await round()) === '1'; i++) {
    round1.push(await f.current())
    await advance()
  }
  expect(round1.length).toBeGreaterThan(0)
  expect(round1.every((name) => PARTY.includes(name))).toBe(true)

  // Round 2: an ordinary round, and the Brutes get their turns.
  await expect(page.getByTestId('round-number')).toHaveText('2')
  await expect(page.getByTestId('surprise-round')).toHaveCount(0)
  const round2 = new Set<string>()
  for (let i = 0; i < 4; i++) {
    round2.add(await f.current())
    await advance()
  }
  expect([...round2].sort()).toEqual(['Arik', 'Brute 1', 'Brute 2', 'Devin'])
})
