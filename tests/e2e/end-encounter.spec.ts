import { expect, test } from './fixtures/test'
import { BattleMapPage } from './pages/battle-map'

const SHOTS = process.env['SALVO_SHOTS']
const kit = { armourFamily: 'medium', materialId: 'standard-l1-kevlar' }
const stats = { str: 6, per: 8, fort: 6, dex: 6, luck: 5 }

test('ending a fight asks once (Esc keeps it, Enter ends it), and the map note about a downed attacker goes with it', async ({ gm }) => {
  const page = gm.page
  await page.setViewportSize({ width: 1366, height: 768 })
  await gm.createCampaign('Last stand', 'end-seed', 'compound-x')
  await gm.addCombatant({ name: 'Vex', side: 'party', kind: 'pc', maxHp: 1 })
  await gm.addCombatant({ name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 1 })
  await gm.addCombatant({ name: 'Sniper', side: 'enemy', kind: 'npc', maxHp: 1 })
  await gm.editSheet('Vex', { ...stats, classId: 'soldier', weapon: 'matthews-model-19-snub', ...kit })
  await gm.editSheet('Raider', { ...stats, weapon: 'matthews-11-35-carbine', ...kit })
  await gm.editSheet('Sniper', { ...stats, weapon: 'matthews-11-35-carbine', ...kit })
  await gm.startFight()
  // Vex goes down; the GM still lines up an attack with Vex, and the map says Vex cannot attack.
  await gm.editHp('Vex', '-200')
  const map = new BattleMapPage(page)
  await map.openOn('Yard')
  await map.place('Vex', { x: 4, y: 4 })
  await map.place('Raider', { x: 12, y: 4 })
  await map.place('Sniper', { x: 34, y: 8 })
  await page.getByTestId('attack-attacker').selectOption({ label: 'Vex' })
  const note = map.root.getByTestId('map-attacker-note')
  await expect(note).toContainText(/cannot attack: Vex is (downed|knocked out)/)

  // End asks, in the desk's own dialog, with the focus on its End button.
  const end = page.getByTestId('end-encounter')
  await end.click()
  const dialog = page.getByRole('alertdialog', { name: /End “Encounter”\?/ })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('Ctrl+Z takes it back')
  await expect(page.getByTestId('end-encounter-confirm')).toBeFocused()
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/end-encounter-ask.png` })
  // The desk's keys do nothing while it asks: N does not pass the turn.
  const round = await gm.ribbon.getByTestId('round-number').textContent()
  const acting = await gm.currentId()
  await page.keyboard.press('n')
  await expect(dialog).toBeVisible()
  expect(await gm.currentId()).toBe(acting)
  // Esc keeps the fight, and gives the focus back to End.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(end).toBeFocused()
  await expect(page.getByTestId('next-turn')).toBeVisible()
  await expect(gm.ribbon.getByTestId('round-number')).toHaveText(round ?? '')
  // "Keep fighting" does the same.
  await end.click()
  await page.getByTestId('end-encounter-cancel').click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('start-encounter')).toHaveCount(0)
  // The palette's "End encounter…" asks too.
  await page.keyboard.press('Control+k')
  await page.keyboard.type('end encounter')
  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('start-encounter')).toHaveCount(0)

  // Enter ends it: the encounter is over, the note about Vex is gone, and undo is offered.
  await end.click()
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('start-encounter')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(note).toHaveCount(0)
  await expect(map.root.locator('[data-testid="map-token"][data-out-of-reach]')).toHaveCount(0)
  await expect(page.getByTestId('undo')).toHaveAttribute('title', /^Undo End Encounter/)
  // Clicking Vex's token outside a fight brings no note back, nor does a reload.
  await map.token('Vex').locator('circle.body').click()
  await page.waitForTimeout(300)
  await expect(note).toHaveCount(0)
  await page.reload()
  await map.open()
  await expect(map.token('Vex')).toBeVisible()
  await page.waitForTimeout(300)
  await expect(note).toHaveCount(0)
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/end-encounter-after.png` })
  // As the question said, Ctrl+Z takes the end back.
  await page.keyboard.press('Control+z')
  await expect(page.getByTestId('next-turn')).toBeVisible()
  await expect(page.getByTestId('start-encounter')).toHaveCount(0)
})
