import type { Locator } from '@playwright/test'
import { expect, test } from './fixtures/test'
import { ActionPanel } from './pages/action-panel'
import { AttackPanel } from './pages/attack-panel'
import type { GmPage } from './pages/gm-page'

// The GM's laptop: the dice field, its list and the buttons must all fit and stay apart at this size.
test.use({ viewport: { width: 1366, height: 768 } })

const shot = async (gm: GmPage, name: string) => {
  if (process.env['SALVO_SHOTS']) await gm.page.screenshot({ path: `/tmp/shots/${name}.png` })
}

async function boxOf(l: Locator) {
  const b = await l.boundingBox()
  if (!b) throw new Error('not on screen')
  return b
}
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** Compound X: Vex and a Raider, in a fight, the Attack panel set up at 12 m against partial cover. */
async function setUp(gm: GmPage) {
  await gm.createCampaign('Dice entry', 'dice-entry', 'compound-x')
  await gm.addCombatant({ name: 'Vex', side: 'party', kind: 'pc', maxHp: 1 })
  await gm.addCombatant({ name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 1 })
  const kit = { weapon: 'anvil-arms-c25', armourFamily: 'medium', materialId: 'standard-l1-kevlar' }
  await gm.editSheet('Vex', { str: 6, per: 8, fort: 6, dex: 6, luck: 5, classId: 'soldier', ...kit })
  await gm.editSheet('Raider', { str: 5, per: 5, fort: 5, dex: 5, luck: 5, ...kit })
  await gm.startEncounter()
  await gm.rollInitiative()
  const panel = new AttackPanel(gm.page)
  await panel.choose('Vex', 'Raider')
  await panel.setNumber('distance', 12)
  await panel.setChoice('cover', 'partial')
  return panel
}

test('the dice field lists what the attack still needs, refuses beside itself on Enter, and rolls the rest when asked', async ({ gm }) => {
  const panel = await setUp(gm)
  const resolve = panel.root.getByTestId('attack-resolve')
  await expect(resolve).toBeEnabled()

  // Nothing typed: the first die the rules ask for leads the list.
  await expect.poll(() => panel.plannedDice()).not.toEqual([])
  const first = (await panel.plannedDice())[0]!
  expect(first).toMatch(/^d10 accuracy$/)

  // From the hip the d10 needs an 8 (compound-x-attack.spec.ts): a 9 hits, short of the critical
  // band. It is ticked with its face, the armour d100 is certainly next, what follows depends on it.
  await panel.diceField.fill('9')
  await expect.poll(() => panel.plannedDice()).toEqual(expect.arrayContaining(['✓ d10 accuracy 9', 'd100 armour']))
  const listed = await panel.plannedDice()
  expect(listed.indexOf('✓ d10 accuracy 9')).toBe(0)
  expect(listed.indexOf('d100 armour')).toBe(1)
  await expect(panel.dicePlan.locator('[data-testid="planned-die"]').nth(1)).toHaveAttribute('data-conditional', 'false')
  await expect(panel.dicePlan).toContainText('then d100 armour')
  await shot(gm, 'dice-entry-plan')

  // Enter submits like Roll: too few dice is refused, beside the field, the Roll button clear of it.
  const log = gm.page.getByTestId('log-entry').filter({ hasText: 'fires the Anvil Arms C25' })
  await panel.diceField.press('Enter')
  await expect(panel.diceRefusal).toContainText('next: d100 for armour')
  await expect(log).toHaveCount(0)
  await expect(resolve).toBeVisible()
  await expect(resolve).toBeEnabled()
  expect(overlap(await boxOf(panel.diceRefusal), await boxOf(resolve))).toBe(false)
  // Nothing over the button: the toast for the same refusal is not shown.
  await expect(gm.page.getByTestId('toast-error')).toHaveCount(0)
  await resolve.click({ trial: true })
  await shot(gm, 'dice-entry-refused')

  // Roll the rest: Enter again fires with the typed 9, the engine rolling the armour and anything after it.
  await panel.setRollRest(true)
  await panel.diceField.press('Enter')
  await expect(log).toHaveCount(1)
  await expect(log).toContainText('accuracy: d10 [9] = 9 (typed)')
  await expect(log).toContainText('armour: d100 [')
  await expect(panel.diceField).toHaveValue('')
  await expect(panel.diceRefusal).toHaveCount(0)
  // The list follows the emptied field: nothing ticked, the accuracy die to type (or roll) first again.
  await expect(panel.dicePlan).toHaveAttribute('data-stale', 'false')
  await expect.poll(async () => (await panel.plannedDice())[0]).toBe('d10 accuracy')
  await shot(gm, 'dice-entry-rolled')
})

test('the Action panel’s dice field lists its dice too, and Enter does the action', async ({ gm }) => {
  const attack = await setUp(gm)
  await attack.resolve('9 10')
  const actions = new ActionPanel(gm.page)
  await actions.root.getByTestId('action-actor').selectOption({ label: 'Vex' })
  await actions.root.getByTestId('action-key').selectOption('reload')
  await expect.poll(() => actions.plannedDice()).not.toEqual([])
  const dice = actions.root.getByTestId('action-typed-dice')
  await dice.fill('99')
  await expect.poll(async () => (await actions.plannedDice())[0]).toMatch(/^✓ d100 .* 99$/)
  await shot(gm, 'dice-entry-action')
  await dice.press('Enter')
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: 'Vex reloads the Anvil Arms C25' })).toContainText('critical')
})
