import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures/test'
import { FightDesk } from './pages/fight-desk'
import { ActionPanel } from './pages/action-panel'
import { AttackPanel } from './pages/attack-panel'
import { CX_RIFLEMAN, GmDispatch } from './pages/gm-dispatch'
import { dockApart } from './pages/fight-setups'

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

/** Screenshots go only where the run asks for them. */
const SHOTS = process.env['SALVO_SHOTS']
async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png` })
}

test("on the map the panels show the map's distance and offer none to type; setting positions aside for one attack is a keyboard-reachable switch, logged, and off again after", async ({
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
  await expect(panel.root.getByTestId('positions-why')).toHaveText('7.5 m on the map, centre to centre')
  await expect(panel.root.getByTestId('attack-odds')).toBeVisible()
  await expect(panel.root.getByTestId('option-cover')).toBeVisible()
  await expect(distance).toHaveCount(0)
  await expect(aside).not.toBeChecked()

  // Tab reaches the switch from the mode, Space flips it; the distance is then the GM's, starting from the map's.
  await panel.root.getByTestId('attack-mode').focus()
  await gm.page.keyboard.press('Tab')
  await expect(aside).toBeFocused()
  await gm.page.keyboard.press('Space')
  await expect(aside).toBeChecked()
  await expect(distance).toBeEditable()
  await expect(distance).toHaveValue('7.5')
  await panel.setNumber('distance', 30)
  await expect(panel.root.getByTestId('attack-resolve')).toBeEnabled()
  await panel.resolve()
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: 'Positions set aside by the GM' })).toHaveText(
    /Positions set aside by the GM for this act \(distance typed: 30 m; 7\.5 m on the map\)/,
  )
  // That one attack only: the next is judged by the map again.
  await expect(aside).not.toBeChecked()
  await expect(distance).toHaveCount(0)
  await expect(panel.root.getByTestId('positions-why')).toHaveText('7.5 m on the map, centre to centre')

  // One on the map, one off it: the core's refusal stands where the odds would be, until the GM sets positions aside.
  await panel.root.getByTestId('attack-target').selectOption({ label: 'Brute' })
  const refused = panel.root.getByTestId('attack-refused')
  await expect(refused).toHaveText(/Brute has no token on "Dock", where Vex stands/)
  await expect(panel.root.getByTestId('attack-odds')).toHaveCount(0)
  await expect(panel.root.getByTestId('attack-resolve')).toBeDisabled()
  await expect(panel.root.getByTestId('positions-why')).toHaveText('Brute has no token on the map.')
  await expect(distance).toHaveCount(0)
  await aside.check()
  await expect(refused).toHaveCount(0)
  await expect(panel.root.getByTestId('attack-odds')).toBeVisible()
  await expect(distance).toBeEditable()
  await expect(panel.root.getByTestId('attack-resolve')).toBeEnabled()
  // Another target is another attack: the switch was for this one.
  await panel.root.getByTestId('attack-target').selectOption({ label: 'Raider' })
  await expect(aside).not.toBeChecked()

  // The action panel too: suppression's distance is the map's on the map (its own 10 m would be refused as forged).
  const actions = new ActionPanel(gm.page)
  await actions.root.getByTestId('action-actor').selectOption({ label: 'Vex' })
  await actions.root.getByTestId('action-key').selectOption('suppress')
  await actions.root.getByTestId('action-target').selectOption({ label: 'Raider' })
  await expect(actions.root.getByTestId('positions-why')).toHaveText('7.5 m on the map, centre to centre')
  await expect(actions.root.getByTestId('option-distance')).toHaveCount(0)
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

test('out of reach on the map: the Attack panel says why, with the distance, and will not roll until the GM ignores positions this once (logged)', async ({
  gm,
  server,
}) => {
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await gm.createCampaign('Reach', 'reach-seed', '2d6-significant')
  const desk = await GmDispatch.connect(server, 'reach')
  await dockApart(desk)

  // Whoever acts first swings at the other.
  const fight = new FightDesk(gm)
  await expect(gm.ribbon.getByTestId('current-combatant')).toBeVisible()
  const attacker = await fight.current()
  const target = attacker === 'Vex' ? 'Raider' : 'Vex'
  const panel = fight.attack
  await panel.choose(attacker, target)
  const why = panel.root.getByTestId('positions-why')
  const aside = panel.root.getByTestId('ignore-positions')
  const blocked = panel.root.getByTestId('attack-blocked')
  await expect(why).toHaveText('7.5 m on the map, centre to centre')
  await expect(blocked).toHaveText(
    new RegExp(
      `^A melee attack with the Unarmed \\(SR-2D6-20\\) needs ${target} within 1\\.5 m of ${attacker}; ${target} is \\d+(\\.\\d)? m away \\(base to base\\)\\.$`,
    ),
  )
  await expect(panel.root.getByTestId('attack-odds')).toHaveCount(0)
  await expect(panel.root.getByTestId('attack-resolve')).toBeDisabled()
  await expect(aside).not.toBeChecked()
  await shot(gm.page, 'attack-out-of-reach')

  await aside.check()
  await expect(blocked).toHaveCount(0)
  await expect(panel.root.getByTestId('attack-odds')).toBeVisible()
  await expect(why).toHaveText('Ignored for the next act, and logged (7.5 m on the map).')
  await expect(panel.root.getByTestId('attack-resolve')).toBeEnabled()
  await shot(gm.page, 'attack-positions-ignored')
  await panel.resolve()
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: 'Positions set aside by the GM' })).toHaveText(
    /Positions set aside by the GM for this act; 7\.5 m on the map/,
  )
  // For that one attack: the switch is off again, and the next blow is refused by the map.
  await expect(aside).not.toBeChecked()
  await expect(blocked).toBeVisible()
  await expect(panel.root.getByTestId('attack-resolve')).toBeDisabled()

  // The Action panel has no preview: a bandage (a minor act, still open) out of reach is refused in the panel, with the distance, and nothing is logged.
  const actions = fight.actions
  await actions.root.getByTestId('action-actor').selectOption({ label: attacker })
  await actions.root.getByTestId('action-key').selectOption('skill-act')
  await actions.root.getByTestId('action-target').selectOption({ label: target })
  await actions.root.getByTestId('option-act').locator('select').selectOption('bandage')
  await actions.root.getByTestId('option-size').locator('select').selectOption('minor')
  await expect(actions.root.getByTestId('positions-why')).toHaveText('7.5 m on the map, centre to centre')
  const logged = await gm.page.getByTestId('log-entry').count()
  await actions.root.getByTestId('action-perform').click()
  await expect(actions.root.getByTestId('action-refused')).toHaveText(
    new RegExp(`^Applying a bandage \\(SR-2D6-20\\) needs ${target} within 1\\.5 m of ${attacker}; ${target} is \\d+(\\.\\d)? m away`),
  )
  expect(await gm.page.getByTestId('log-entry').count()).toBe(logged)
  // The same switch there: ticked, the refusal goes and the bandage goes on, once, logged.
  const actionAside = actions.root.getByTestId('ignore-positions')
  await actionAside.check()
  await expect(actions.root.getByTestId('action-refused')).toHaveCount(0)
  await actions.root.getByTestId('action-perform').click()
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: 'Positions set aside by the GM' })).toHaveCount(2)
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: 'applies a bandage' })).toHaveCount(1)
  await expect(actionAside).not.toBeChecked()
  desk.close()
})
