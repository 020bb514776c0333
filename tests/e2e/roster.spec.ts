import { mkdirSync } from 'node:fs'
import { expect, test } from './fixtures/test'
import { RosterPanel } from './pages/roster-panel'

const raiders = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `Raider ${from + i}`)

test('the roster: spawn numbered copies, search and filter, duplicate, delete and undo, save and restart a line-up', async ({
  gm,
  player,
}) => {
  const roster = new RosterPanel(gm.page)
  await gm.createCampaign('Dockside', 'roster-e2e')
  await gm.addCombatant({ name: 'Vex', side: 'party', kind: 'pc', maxHp: 60, initiativeModifier: 5 })

  // The panel starts collapsed; "+ New" opens it. A roster entry, made with the panel's form (Enter saves).
  await expect(roster.root.getByTestId('roster-toggle')).toHaveAttribute('aria-expanded', 'false')
  await roster.create({ name: 'Raider', side: 'enemy', maxHp: 40, initiativeModifier: 2, faction: 'Red Hand', tags: 'melee, fodder' })
  await expect(roster.entry('Raider')).toContainText('Red Hand')
  await expect(roster.entry('Raider')).toContainText('40 HP')
  await roster.create({ name: 'Medic', side: 'ally', maxHp: 30, faction: 'Harbour Watch' })

  // Spawn 3: numbered copies on the ribbon and as cards, on the player screen too.
  await roster.spawn('Raider', 3)
  for (const name of raiders(1, 3)) {
    await expect(gm.card(name)).toHaveCount(1)
    await expect(gm.ribbon.getByText(name, { exact: true })).toHaveCount(1)
    await expect(player.ribbon.getByText(name, { exact: true })).toHaveCount(1)
  }

  // Search (every word must match: name, faction or tag) and the side and faction filters.
  await roster.search.fill('red hand')
  await expect.poll(() => roster.names()).toEqual(['Raider'])
  await roster.search.fill('fodder')
  await expect.poll(() => roster.names()).toEqual(['Raider'])
  await roster.search.fill('nobody')
  await expect.poll(() => roster.names()).toEqual([])
  await roster.search.fill('')
  await expect.poll(() => roster.names()).toEqual(['Medic', 'Raider'])
  await roster.filterSide('ally')
  await expect.poll(() => roster.names()).toEqual(['Medic'])
  await roster.filterSide('')
  await roster.filterFaction('Red Hand')
  await expect.poll(() => roster.names()).toEqual(['Raider'])
  await roster.filterFaction('')

  // Edit inline: Esc leaves it as it was, Enter saves.
  await roster.edit('Medic', { maxHp: 99 }, 'Escape')
  await expect(roster.entry('Medic')).toContainText('30 HP')
  await roster.edit('Medic', { maxHp: 35 })
  await expect(roster.entry('Medic')).toContainText('35 HP')

  // Duplicate.
  await roster.duplicate('Raider')
  await expect(roster.entry('Raider (copy)')).toContainText('Red Hand')

  // Delete, then Ctrl+Z brings it back (and Ctrl+Shift+Z deletes it again).
  await roster.remove('Raider (copy)')
  await gm.shortcut('Control+z')
  await expect(roster.entry('Raider (copy)')).toHaveCount(1)
  await gm.shortcut('Control+Shift+z')
  await expect(roster.entry('Raider (copy)')).toHaveCount(0)

  // Save the line-up as an encounter, fight it, end it, start it again.
  await gm.startEncounter()
  await roster.saveLineUp('Dockside ambush')
  await expect(roster.plan('Dockside ambush')).toContainText('3× Raider')
  // A running encounter must end before a saved one starts.
  await expect(roster.plan('Dockside ambush').getByTestId('plan-start')).toBeDisabled()
  await gm.rollInitiative()
  await gm.page.getByTestId('end-encounter').click()
  await gm.page.getByTestId('end-encounter-confirm').click()
  await expect(gm.page.getByTestId('start-encounter')).toBeVisible()

  // Started again it is Raider 1–3 again (the last fight's copies make way), not 4–6 beside them.
  const firstFight = await gm.card('Raider 1').getAttribute('data-combatant-id')
  await roster.startPlan('Dockside ambush')
  await expect(gm.page.getByTestId('encounter-bar')).toContainText('Dockside ambush')
  for (const name of raiders(1, 3)) await expect(gm.card(name)).toHaveCount(1)
  await expect(gm.card('Raider 1')).not.toHaveAttribute('data-combatant-id', firstFight!)
  await expect(gm.card('Raider 4')).toHaveCount(0)
  // One command: one undo takes the whole start back, the first fight's raiders included.
  await gm.shortcut('Control+z')
  await expect(gm.page.getByTestId('start-encounter')).toBeVisible()
  await expect(gm.card('Raider 1')).toHaveAttribute('data-combatant-id', firstFight!)
  await gm.shortcut('Control+Shift+z')
  await expect(gm.card('Raider 1')).not.toHaveAttribute('data-combatant-id', firstFight!)

  // Copies of one entry roll once and act together when the GM asks for it.
  await gm.page.getByTestId('roll-grouped').check()
  await gm.rollInitiative()
  const order = await gm.ribbon
    .getByTestId('ribbon-entry')
    .evaluateAll((els) => els.map((e) => e.querySelector('.name')?.textContent?.trim() ?? ''))
  const first = order.findIndex((n) => n.startsWith('Raider'))
  expect(order.slice(first, first + 3)).toEqual(raiders(1, 3))

  if (process.env['SALVO_SHOTS']) {
    mkdirSync(process.env['SALVO_SHOTS'], { recursive: true })
    await gm.page.setViewportSize({ width: 1366, height: 768 })
    await roster.search.focus()
    await gm.page.screenshot({ path: `${process.env['SALVO_SHOTS']}/roster.png` })
    await roster.root.getByTestId('roster-toggle').click()
    await gm.page.screenshot({ path: `${process.env['SALVO_SHOTS']}/roster-collapsed.png` })
  }
})

test('spawning mid-fight slots the newcomers in by their rolls, hidden ones stay off the player screen', async ({ gm, player }) => {
  const roster = new RosterPanel(gm.page)
  await gm.createCampaign('Midfight', 'roster-e2e-2')
  await gm.addCombatant({ name: 'Vex', side: 'party', kind: 'pc', maxHp: 60 })
  await gm.startEncounter()
  await gm.rollInitiative()
  await roster.create({ name: 'Sniper', maxHp: 30 })
  await roster.spawn('Sniper', 2, { hidden: true })
  await expect(gm.ribbon.getByTestId('ribbon-entry')).toHaveCount(3)
  await expect(gm.card('Sniper 2')).toHaveCount(1)
  // The players see only Vex.
  await expect.poll(() => player.ribbonIds()).toHaveLength(1)

  // Bad input is refused with the core's message and changes nothing.
  await roster.entry('Sniper').getByTestId('spawn-count').fill('0')
  await roster.entry('Sniper').getByTestId('spawn').click()
  await expect(gm.page.getByTestId('toast-error')).toContainText('count')
  await expect(gm.ribbon.getByTestId('ribbon-entry')).toHaveCount(3)
})
