import { expect, test } from './fixtures/test'
import { ActionPanel } from './pages/action-panel'

/**
 * The Action panel shows an act's exact odds before it is rolled, as the Attack panel does for
 * attacks, and its "On" starts on whom the act is for: the other side for the d10 reaction
 * contest, the actor itself (or an ally) for 2d6 Tactics, never the last enemy picked.
 */

/** A probability as the odds block shows it (one decimal). */
const shown = (p: number) => Math.round(p * 1000) / 10

test('d10 reaction contest: odds before rolling, and "On" is the other side whoever acts', async ({ gm }) => {
  await gm.createCampaign('Draw', 'odds-d10', 'd10-difficulty')
  await gm.addCombatant({ name: 'Vale', side: 'party', kind: 'pc', maxHp: 20 })
  await gm.addCombatant({ name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 20 })
  await gm.editSheet('Vale', { dex: 2 })
  await gm.editSheet('Raider', { dex: -1 })
  await gm.startEncounter()
  const panel = new ActionPanel(gm.page)
  await panel.choose('Vale', 'reaction-contest')
  await expect.poll(() => panel.target()).toBe('Raider')
  // 002 Actions, SR-D10-40: d10 + 2 against d10 − 1, ties rolled again. Vale is ahead when
  // A − B ≥ −2 (8 + 9 + 10 + 45 = 72 of 100 throws); a tie (A − B = −3) is 7 of 100 and is rolled again.
  const odds = await panel.odds('Vale acts first')
  expect(odds['Vale acts first']).toBe(shown(72 / 93))
  expect(odds['Raider acts first']).toBe(shown(21 / 93))
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await gm.page.screenshot({ path: test.info().outputPath('d10-contest-odds.png') })

  // The other side opens it: "On" does not keep Raider (now the actor), it goes to Vale.
  await panel.choose('Raider', 'reaction-contest')
  await expect.poll(() => panel.target()).toBe('Vale')
  const turned = await panel.odds('Raider acts first')
  expect(turned['Raider acts first']).toBe(shown(21 / 93))
})

test('2d6 Tactics: odds before rolling, and "On" starts on the tactician, not the enemy aimed at before', async ({ gm }) => {
  await gm.createCampaign('Corridor', 'odds-2d6', '2d6-significant')
  await gm.addCombatant({ name: 'Vale', side: 'party', kind: 'pc', maxHp: 1 })
  await gm.addCombatant({ name: 'Oso', side: 'party', kind: 'pc', maxHp: 1 })
  await gm.addCombatant({ name: 'Pirate', side: 'enemy', kind: 'npc', maxHp: 1 })
  await gm.editSheet('Vale', { int: 7, 'skill.Tactics': 1 })
  // T2: Tactics is rolled as the fight opens, before initiative.
  await gm.startEncounter()
  const panel = new ActionPanel(gm.page)
  // Aim (a harmful act) at the pirate first.
  await panel.choose('Vale', 'aim')
  await panel.root.getByTestId('action-target').selectOption({ label: 'Pirate' })
  await expect.poll(() => panel.target()).toBe('Pirate')
  // Tactics is a buff: "On" drops the pirate and starts on Vale itself.
  await panel.root.getByTestId('action-key').selectOption('tactics')
  await expect.poll(() => panel.target()).toBe('Vale')
  // T1, T2: 2d6 + Tactics 1 + INT DM 0 ≥ 8, so 2d6 ≥ 7: 21 of 36 throws succeed. 7 is effect 0
  // (6 throws), 8 gives +1 (5 throws), 12 gives +5 (1 throw); 2 to 6 fail (15 throws).
  const odds = await panel.odds("Vale's initiative +1")
  expect(odds['fails: no change']).toBe(shown(15 / 36))
  expect(odds['succeeds, effect 0: no change']).toBe(shown(6 / 36))
  expect(odds["Vale's initiative +1"]).toBe(shown(5 / 36))
  expect(odds["Vale's initiative +5"]).toBe(shown(1 / 36))
  // For an ally the same odds go to the ally's initiative.
  await panel.root.getByTestId('action-target').selectOption({ label: 'Oso' })
  const forOso = await panel.odds("Oso's initiative +1")
  expect(forOso["Oso's initiative +1"]).toBe(shown(5 / 36))
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await gm.page.screenshot({ path: test.info().outputPath('2d6-tactics-odds.png') })

  // Rolled, the log agrees with the band the odds named (typed dice 4 + 4 = 8: effect 1, to Oso).
  await panel.root.getByTestId('action-typed-dice').fill('4 4')
  await panel.root.getByTestId('action-perform').click()
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: 'rolls Tactics' }).last()).toContainText("Oso's initiative +1")
})

test('Compound X trip and suppression: odds before rolling, "On" on the foe', async ({ gm }) => {
  await gm.createCampaign('Outpost', 'odds-cx', 'compound-x')
  await gm.addCombatant({ name: 'Vex', side: 'party', kind: 'pc', maxHp: 1 })
  await gm.addCombatant({ name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 1 })
  const kit = { weapon: 'anvil-arms-c25', armourFamily: 'medium', materialId: 'standard-l1-kevlar' }
  await gm.editSheet('Vex', { str: 6, per: 8, fort: 6, dex: 6, luck: 5, classId: 'soldier', ...kit })
  await gm.editSheet('Raider', { str: 5, per: 5, fort: 5, dex: 5, luck: 5, ...kit })
  await gm.startEncounter()
  const panel = new ActionPanel(gm.page)
  await panel.choose('Vex', 'trip')
  await expect.poll(() => panel.target()).toBe('Raider')
  // CX1, CX18: Vex's STR-Athletics (STR 6: +4) against Raider's (+0), d100 each, the defender winning
  // ties: Vex wins when A − B ≥ −3, all but 1 + 2 + … + 96 = 4656 of 10 000 throws.
  const trip = await panel.odds('Raider wins')
  expect(trip['Vex wins: trip (the target falls prone)']).toBe(shown(1 - 4656 / 10_000))
  expect(trip['Raider wins']).toBe(shown(4656 / 10_000))

  // CX24–CX26: medium suppression rolls nothing; Raider is suppressed, and breaking cover draws an automatic hit.
  await panel.root.getByTestId('action-key').selectOption('suppress')
  await panel.root.getByTestId('option-level').locator('select').selectOption('medium')
  const laid = await panel.odds('Raider suppressed')
  expect(laid['Raider suppressed']).toBe(100)
  await expect(panel.root.getByTestId('action-odds-each')).toContainText('hit (automatic) 100.0%')
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await gm.page.screenshot({ path: test.info().outputPath('cx-suppress-odds.png') })
})
