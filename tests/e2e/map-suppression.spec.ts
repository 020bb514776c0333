import { expect, test } from './fixtures/test'
import { ActionPanel } from './pages/action-panel'
import { BattleMapPage } from './pages/battle-map'

const kit = { armourFamily: 'medium', materialId: 'standard-l1-kevlar' }

test("suppression on the map: the zone shows on both screens, breaking cover shows the reaction before the move is committed, and the zone ends at the suppressor's next turn", async ({
  gm,
  player,
}) => {
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await gm.createCampaign('Zones', 'zone-seed', 'compound-x')
  await gm.addCombatant({ name: 'Vex', side: 'party', kind: 'pc', maxHp: 1 })
  await gm.addCombatant({ name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 1 })
  await gm.editSheet('Vex', { str: 6, per: 8, fort: 6, dex: 6, luck: 5, classId: 'soldier', weapon: 'anvil-arms-c25', ...kit })
  await gm.editSheet('Raider', { str: 5, per: 5, fort: 5, dex: 5, luck: 5, weapon: 'matthews-11-35-carbine', ...kit })
  await gm.startFight()
  const map = new BattleMapPage(gm.page)
  await map.openOn('Yard')
  await map.place('Vex', { x: 4, y: 4 })
  await map.place('Raider', { x: 16, y: 4 })

  // Pick Vex as the attacker (in the attack panel; the map follows) and hover the Raider: the distance, the range bracket and the miss chance (CX5–CX7).
  await gm.page.getByTestId('attack-attacker').selectOption({ label: 'Vex' })
  await map.token('Raider').locator('circle.body').hover()
  await expect(map.root.getByTestId('map-distance')).toHaveText('12.0 m')
  await expect(map.root.getByTestId('map-range-odds')).toContainText(/12 m · bracket \d of \d \(to \d+ m\) · miss chance \d+/)

  // Medium suppression (CX24): the range comes from the tokens (12 m); a 1 m zone around the Raider, in Vex's side colour.
  await new ActionPanel(gm.page).perform('Vex', 'suppress', { target: 'Raider', options: { level: 'medium' } })
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: 'lays down medium suppression on Raider' })).toHaveCount(1)
  const zone = map.root.getByTestId('map-zone')
  await expect(zone).toHaveCount(1)
  await expect(zone).toHaveClass(/side-party/)
  await expect(zone).toHaveAttribute('data-label', 'Vex: Suppressing')
  await expect(player.page.getByTestId('map-zone')).toHaveCount(1)

  // The Raider breaks cover: the reaction and its odds are shown before the move is committed (CX26).
  await map.startDrag('Raider', { x: 22, y: 4 })
  await gm.page.mouse.up()
  const confirm = map.root.getByTestId('move-reactions')
  await expect(confirm).toContainText("Raider's move draws a reaction")
  await expect(confirm.getByTestId('move-reaction')).toContainText("Vex's reaction:")
  // Cancel leaves everything where it was; the second time the GM lets it happen.
  await confirm.getByTestId('move-cancel').click()
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: 'Raider moves' })).toHaveCount(0)
  await map.startDrag('Raider', { x: 22, y: 4 })
  await gm.page.mouse.up()
  await map.root.getByTestId('move-confirm').click()
  await expect(gm.page.getByTestId('reaction-prompt')).toContainText('Vex')
  // Whose reaction it is, by name, whatever the rules' own words (issue 32).
  await expect(gm.page.getByTestId('reaction-prompt').getByTestId('prompt-reactor')).toHaveText("Vex's reaction")
  await expect(gm.card('Raider').getByTestId('condition-chip')).toHaveCount(0) // out of the zone: no longer suppressed (CX25)
  await expect(zone).toHaveCount(1) // the zone itself stands until Vex's next turn
  if (process.env['SALVO_SHOTS']) await gm.page.screenshot({ path: `${process.env['SALVO_SHOTS']}/map-zone.png` })
  await gm.page.getByTestId('prompt-resolve').click()
  await expect(gm.page.getByTestId('reaction-prompt')).toHaveCount(0)

  // Round on to Vex's next turn: the zone is gone on both screens.
  const vexTurn = async () => (await gm.ribbon.getByTestId('current-combatant').locator('.name').textContent())?.trim() === 'Vex'
  const startRound = await gm.ribbon.getByTestId('round-number').textContent()
  do await gm.nextTurn()
  while (!(await vexTurn()) || (await gm.ribbon.getByTestId('round-number').textContent()) === startRound)
  await expect(zone).toHaveCount(0)
  await expect(player.page.getByTestId('map-zone')).toHaveCount(0)
})
