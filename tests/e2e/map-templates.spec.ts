import { expect, test } from './fixtures/test'
import type { GmPage } from './pages/gm-page'
import { BattleMapPage } from './pages/battle-map'

const SHOTS = process.env['SALVO_SHOTS']
const kit = { armourFamily: 'medium', materialId: 'standard-l1-kevlar' }
const stats = { str: 6, per: 8, fort: 6, dex: 6, luck: 5 }

/** A Compound X fight on a 40 × 30 m yard: Vex with a snub pistol (brackets to 15 m), a raider near and a sniper far off. */
async function yard(gm: GmPage) {
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await gm.createCampaign('Templates', 'template-seed', 'compound-x')
  await gm.addCombatant({ name: 'Vex', side: 'party', kind: 'pc', maxHp: 1 })
  await gm.addCombatant({ name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 1 })
  await gm.addCombatant({ name: 'Sniper', side: 'enemy', kind: 'npc', maxHp: 1 })
  await gm.editSheet('Vex', { ...stats, classId: 'soldier', weapon: 'matthews-model-19-snub', ...kit })
  await gm.editSheet('Raider', { ...stats, weapon: 'matthews-11-35-carbine', ...kit })
  await gm.editSheet('Sniper', { ...stats, weapon: 'matthews-11-35-carbine', ...kit })
  await gm.startFight()
  const map = new BattleMapPage(gm.page)
  await map.openOn('Yard')
  await map.place('Vex', { x: 4, y: 4 })
  await map.place('Raider', { x: 12, y: 4 })
  await map.place('Sniper', { x: 34, y: 8 })
  // The projector's preview sits over the map's corner; the screenshots want the whole map.
  await map.root.page().getByTestId('projector-preview-toggle').click()
  return map
}

test('area templates: placed from the map, seen on both screens (not the hidden one), tokens under them ringed, dragged, removed and undone', async ({
  gm,
  player,
}) => {
  const map = await yard(gm)
  // Clicked on the Raider itself: with the template tool on, a click on a token lays the template there.
  await map.placeArea({ x: 12.2, y: 4.2 }, { label: 'Grenade', radius: 3 })
  const grenade = map.areaMark('Grenade 3 m')
  await expect(grenade).toHaveCount(1)
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: 'Grenade 3 m placed on "Yard"' })).toHaveCount(1)
  // The Raider stands under it, Vex does not.
  await expect(map.token('Raider')).toHaveAttribute('data-under-area', 'true')
  await expect(map.token('Vex')).not.toHaveAttribute('data-under-area', /./)
  const playerMarks = player.page.getByTestId('area-mark')
  await expect(playerMarks).toHaveCount(1)
  await expect(playerMarks).toHaveAttribute('data-label', 'Grenade 3 m')

  // A hidden one (a mine) is the GM's alone: drawn dashed here, never sent to the table.
  await map.placeArea({ x: 30, y: 20 }, { label: 'Mine', radius: 1.5, hidden: true })
  await expect(map.areaMark('Mine 1.5 m')).toHaveAttribute('data-hidden', 'true')
  await expect(playerMarks).toHaveCount(1)
  expect(player.frames.some((f) => f.includes('"label":"Mine"'))).toBe(false)
  if (SHOTS) await gm.page.screenshot({ path: `${SHOTS}/map-templates.png` })

  // Dragged over Vex: now Vex is under it and the Raider is not, on the table too.
  await map.dragArea('Grenade 3 m', { x: 5, y: 5 })
  await expect(map.token('Vex')).toHaveAttribute('data-under-area', 'true')
  await expect(map.token('Raider')).not.toHaveAttribute('data-under-area', /./)
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: 'Grenade 3 m moved 7.2 m' })).toHaveCount(1)
  const pxPerMetre = Number(await player.page.getByTestId('map-svg').getAttribute('data-px-per-metre'))
  const cx = async () => Number(await player.page.getByTestId('area-mark').locator('circle').first().getAttribute('cx'))
  await expect.poll(cx).toBe(5 * pxPerMetre)

  // The dragged one is picked: the bar edits it (radius 5 m); a radius out of bounds is refused with the bounds named.
  const bar = map.root.getByTestId('area-bar')
  await expect(bar.getByTestId('area-remove')).toBeVisible()
  await bar.getByTestId('area-radius').fill('5')
  await bar.getByTestId('area-radius').press('Tab')
  await expect(map.areaMark('Grenade 5 m')).toHaveCount(1)
  await expect(playerMarks).toHaveAttribute('data-label', 'Grenade 5 m')
  await bar.getByTestId('area-radius').fill('0')
  await bar.getByTestId('area-radius').press('Tab')
  await expect(gm.page.getByTestId('toast-error')).toContainText('from 0.1 to 500')
  await expect(map.areaMark('Grenade 5 m')).toHaveCount(1)

  // A click inside a template (not on its ring or centre) lays another one there.
  await map.placeArea({ x: 6.5, y: 6.5 }, { label: 'Smoke', radius: 2 })
  await expect(map.areaMark('Smoke 2 m')).toHaveCount(1)
  await gm.page.keyboard.press('Control+z')
  await expect(map.areaMark('Smoke 2 m')).toHaveCount(0)

  // Picked by its centre, Delete removes it from both screens; Ctrl+Z brings it back.
  await map.areaMark('Grenade 5 m').locator('circle.centre').click()
  await expect(bar.getByTestId('area-remove')).toBeVisible()
  await gm.page.keyboard.press('Delete')
  await expect(map.root.getByTestId('area-mark')).toHaveCount(1)
  await expect(playerMarks).toHaveCount(0)
  await gm.page.keyboard.press('Control+z')
  await expect(map.areaMark('Grenade 5 m')).toHaveCount(1)
  await expect(playerMarks).toHaveCount(1)
})

test('out of reach: with an attacker picked, every token its weapon cannot reach is marked at once, from one request per change', async ({
  gm,
  player,
}) => {
  const asked: string[] = []
  gm.page.on('websocket', (ws) => ws.on('framesent', (f) => String(f.payload).includes('"previewReach"') && asked.push(String(f.payload))))
  const map = await yard(gm)
  await gm.page.getByTestId('attack-attacker').selectOption({ label: 'Vex' })
  // The snub pistol reaches 15 m: the Raider (8 m) is in reach, the Sniper (about 30 m) is not.
  await expect.poll(() => map.outOfReach()).toEqual(['Sniper'])
  await expect(map.token('Sniper').getByTestId('token-out-of-reach')).toBeVisible()
  await expect(map.token('Sniper').locator('title')).toContainText(/beyond the .+ longest range/)
  if (SHOTS) await gm.page.screenshot({ path: `${SHOTS}/map-out-of-reach.png` })

  // Hovering about the map asks nothing more: the marks came from one request, not one per token or frame.
  const before = asked.length
  for (const name of ['Raider', 'Sniper', 'Vex', 'Raider']) await map.token(name).locator('circle.body').hover()
  expect(asked.length).toBe(before)
  expect(before).toBeLessThanOrEqual(3)

  // The Sniper comes closer: asked again once for the new state, and the mark goes.
  await map.startDrag('Sniper', { x: 14, y: 10 })
  await gm.page.mouse.up()
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: /^.*Sniper moves/ })).toHaveCount(1)
  await expect.poll(() => map.outOfReach()).toEqual([])
  // Another attacker, another weapon: the Raider's carbine reaches everyone.
  await gm.page.getByTestId('attack-attacker').selectOption({ label: 'Raider' })
  await expect.poll(() => map.outOfReach()).toEqual([])
  // Vex's turn cannot pay for so long a move (issue 14, E2): the GM sees why and waives the cost in one step.
  await map.startDrag('Vex', { x: 38, y: 28 })
  await gm.page.mouse.up()
  await expect(gm.page.getByTestId('move-refusal')).toContainText(/Vex cannot move .* actions? left/)
  if (SHOTS) await gm.page.screenshot({ path: `${SHOTS}/map-move-refused.png` })
  await gm.page.getByTestId('move-confirm').click()
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: /Vex moves .*free move, waived by the GM/ })).toHaveCount(1)
  // The long way passes the Sniper within 1 m: its walk-past opportunity attack is offered (SR-CX-71).
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: /Vex moves .* on the map: walks past Sniper within 1 m/ })).toHaveCount(1)
  await expect.poll(() => map.outOfReach()).toEqual([])
  // The marks are the GM's: the table's map has none.
  await expect(player.page.locator('[data-out-of-reach]')).toHaveCount(0)
})

test('cover and stance from the token: right-click or S opens its actions, choosing one sets the card', async ({ gm }) => {
  const map = await yard(gm)
  const menu = await map.openTokenMenu('Vex')
  // Only actions without a target, as the ruleset lists them (no aim or suppress, which need one).
  await expect(menu.locator('[data-testid="token-action"][data-key="position"]')).toBeVisible()
  await expect(menu.locator('[data-testid="token-action"][data-key="reload"]')).toBeVisible()
  await expect(menu.locator('[data-testid="token-action"][data-key="suppress"]')).toHaveCount(0)
  await menu.locator('[data-testid="token-action"][data-key="position"]').click()
  const options = menu.getByTestId('token-action-options')
  await options.getByTestId('option-stance').locator('select').selectOption('crouching')
  await options.getByTestId('option-cover').locator('select').selectOption('partial')
  if (SHOTS) await gm.page.screenshot({ path: `${SHOTS}/map-token-menu.png` })
  await options.getByTestId('token-action-do').click()
  await expect(menu).toHaveCount(0)

  // The keyboard route: S opens the menu of the token under the pointer, else of the picked one, with the first action focused; Esc closes it.
  await map.token('Raider').locator('circle.body').hover()
  await gm.page.keyboard.press('s')
  const keyed = map.root.getByTestId('token-menu')
  await expect(keyed).toHaveAttribute('data-name', 'Raider')
  await expect(keyed.locator('[data-testid="token-action"]:focus')).toHaveCount(1)
  await gm.page.keyboard.press('Escape')
  await expect(keyed).toHaveCount(0)
  await gm.page.getByTestId('attack-attacker').selectOption({ label: 'Sniper' })
  await gm.page.mouse.move(5, 300)
  await gm.page.keyboard.press('s')
  await expect(keyed).toHaveAttribute('data-name', 'Sniper')
  // Arrows walk the list; Enter on "Change stance / cover" opens its options.
  await keyed.locator('[data-testid="token-action"][data-key="position"]').focus()
  await gm.page.keyboard.press('Enter')
  await expect(keyed.getByTestId('token-action-options')).toBeVisible()
  await gm.page.keyboard.press('Escape')
  await expect(keyed).toHaveCount(0)

  await gm.page.getByTestId('show-cards').click()
  await expect(gm.sheetLine('Vex', 'Stance / cover')).toContainText('crouching / partial')
})

test("the help overlay lists the battle map's keys: M measures, T lays templates, S opens a token's actions", async ({ gm }) => {
  await gm.createCampaign('Keys', 'keys-seed')
  await gm.shortcut('?')
  const help = gm.page.getByTestId('help-overlay')
  await expect(help).toBeVisible()
  const mapKeys = help.getByTestId('help-map')
  for (const [action, key] of [
    ['measure', 'M'],
    ['areaTool', 'T'],
    ['tokenMenu', 'S'],
    ['removeArea', 'Delete'],
  ]) {
    await expect(mapKeys.locator(`[data-action="${action}"] kbd`).first()).toHaveText(key!)
  }
  await expect(mapKeys).toContainText('Right-click a token')
})
