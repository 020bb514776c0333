import { expect, test } from './fixtures/test'
import { ActionPanel } from './pages/action-panel'
import { AttackPanel } from './pages/attack-panel'
import { CX_RIFLEMAN, GmDispatch } from './pages/gm-dispatch'

test('the attack panel starts each new pair from the defaults: a distance or cover set for one target does not carry to the next', async ({
  gm,
}) => {
  await gm.createCampaign('Panel', 'panel-seed', 'compound-x')
  const kit = { weapon: 'anvil-arms-c25', armourFamily: 'medium', materialId: 'standard-l1-kevlar' }
  for (const [name, side] of [
    ['Vex', 'party'],
    ['Raider', 'enemy'],
    ['Brute', 'enemy'],
  ] as const) {
    await gm.addCombatant({ name, side, kind: side === 'party' ? 'pc' : 'npc', maxHp: 1 })
    await gm.editSheet(name, { str: 6, per: 6, fort: 6, dex: 6, luck: 5, ...kit })
  }
  await gm.startEncounter()
  await gm.rollInitiative()
  const panel = new AttackPanel(gm.page)
  const distance = panel.root.getByTestId('option-distance').locator('input')
  const cover = panel.root.getByTestId('option-cover').locator('select')

  await panel.choose('Vex', 'Raider')
  const defaultDistance = await distance.inputValue()
  const defaultCover = await cover.inputValue()
  await panel.setNumber('distance', 48)
  await panel.setChoice('cover', 'partial')
  await expect(distance).toHaveValue('48')

  // Another target: the typed distance and the cover were about the Raider.
  await panel.root.getByTestId('attack-target').selectOption({ label: 'Brute' })
  await expect(distance).toHaveValue(defaultDistance)
  await expect(cover).toHaveValue(defaultCover)

  // Another attacker: from its first weapon and the defaults again.
  await panel.setNumber('distance', 30)
  await panel.root.getByTestId('attack-attacker').selectOption({ label: 'Raider' })
  await panel.root.getByTestId('attack-target').selectOption({ label: 'Vex' })
  await expect(panel.root.getByTestId('attack-weapon')).toHaveValue('0')
  await expect(distance).toHaveValue(defaultDistance)
})

test("on the map the panels show the map's distance, locked; setting positions aside for one attack is a keyboard-reachable switch, logged, and off again after", async ({
  gm,
  server,
}) => {
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await gm.createCampaign('Positions', 'positions-seed', 'compound-x')
  const desk = await GmDispatch.connect(server, 'positions')
  for (const [name, side] of [
    ['Vex', 'party'],
    ['Raider', 'enemy'],
    ['Brute', 'enemy'],
  ] as const)
    await desk.send('combatant/add', { name, side, kind: side === 'party' ? 'pc' : 'npc', maxHp: 1, rules: CX_RIFLEMAN })
  await desk.send('scene/create', { name: 'Dock' })
  const { combatants: ids, sceneId } = await desk.ids()
  // 7.5 m apart on the map (not the 10 m a field starts at); Brute has no token.
  await desk.send('token/place', { sceneId, combatantId: ids['Vex'], x: 4, y: 4 })
  await desk.send('token/place', { sceneId, combatantId: ids['Raider'], x: 8.5, y: 10 })
  await desk.send('encounter/start', { name: 'Dock' })
  await desk.send('encounter/rollInitiative', {})

  const panel = new AttackPanel(gm.page)
  const distance = panel.root.getByTestId('option-distance').locator('input')
  const aside = panel.root.getByTestId('ignore-positions')
  await panel.choose('Vex', 'Raider')
  // The map's distance, shown and not typed: the GM cannot send another by accident.
  await expect(distance).toHaveValue('7.5')
  await expect(distance).not.toBeEditable()
  await expect(panel.root.getByTestId('option-distance').getByTestId('field-note')).toHaveText('from the map')
  await expect(distance.fill('30', { timeout: 1000 })).rejects.toThrow()
  await expect(distance).toHaveValue('7.5')
  await expect(panel.root.getByTestId('positions-why')).toHaveText('7.5 m apart on the map.')
  await expect(aside).not.toBeChecked()
  await expect(panel.root.getByTestId('attack-odds')).toBeVisible()
  await gm.page.screenshot({ path: test.info().outputPath('attack-on-the-map.png') })

  // Tab reaches the switch from the mode, Space flips it; the distance is then the GM's, from the map's.
  await panel.root.getByTestId('attack-mode').focus()
  await gm.page.keyboard.press('Tab')
  await expect(aside).toBeFocused()
  await gm.page.keyboard.press('Space')
  await expect(aside).toBeChecked()
  await expect(distance).toBeEditable()
  await expect(distance).toHaveValue('7.5')
  await panel.setNumber('distance', 30)
  await gm.page.screenshot({ path: test.info().outputPath('attack-positions-aside.png') })
  await expect(panel.root.getByTestId('attack-resolve')).toBeEnabled()
  await panel.resolve()
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: 'Positions set aside by the GM' })).toHaveText(
    /Positions set aside by the GM for this act \(distance typed: 30 m; 7\.5 m on the map\)/,
  )
  // That one attack only: the next is judged by the map again.
  await expect(aside).not.toBeChecked()
  await expect(distance).toHaveValue('7.5')
  await expect(distance).not.toBeEditable()

  // One on the map, one off it: the core's refusal stands where the odds would be, until the GM sets positions aside.
  await panel.root.getByTestId('attack-target').selectOption({ label: 'Brute' })
  const refused = panel.root.getByTestId('attack-refused')
  await expect(refused).toHaveText(/Brute has no token on "Dock", where Vex stands/)
  await expect(panel.root.getByTestId('attack-odds')).toHaveCount(0)
  await expect(panel.root.getByTestId('attack-resolve')).toHaveCount(0)
  await expect(panel.root.getByTestId('positions-why')).toHaveText('Brute has no token on the map.')
  await expect(distance).toHaveCount(0)
  await gm.page.screenshot({ path: test.info().outputPath('attack-off-the-map.png') })
  await aside.check()
  await expect(refused).toHaveCount(0)
  await expect(panel.root.getByTestId('attack-odds')).toBeVisible()
  await expect(distance).toBeEditable()

  // The action panel too: suppression's distance is the map's on the map (its own 10 m would be refused as forged).
  const actions = new ActionPanel(gm.page)
  await actions.root.getByTestId('action-actor').selectOption({ label: 'Vex' })
  await actions.root.getByTestId('action-key').selectOption('suppress')
  await actions.root.getByTestId('action-target').selectOption({ label: 'Raider' })
  const suppressAt = actions.root.getByTestId('option-distance').locator('input')
  await expect(suppressAt).toHaveValue('7.5')
  await expect(suppressAt).not.toBeEditable()
  await expect(actions.root.getByTestId('ignore-positions')).not.toBeChecked()
  const before = await gm.page.getByTestId('log-entry').count()
  await actions.root.getByTestId('action-perform').click()
  await expect.poll(() => gm.page.getByTestId('log-entry').count()).toBeGreaterThan(before)
  await expect(
    gm.page
      .getByTestId('log-entry')
      .filter({ hasText: /suppress/i })
      .first(),
  ).toBeVisible()
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: 'Positions set aside' })).toHaveCount(1)
  desk.close()
})
