import { expect, test } from './fixtures/test'
import { BattleMapPage } from './pages/battle-map'
import { Desk } from './pages/desk'

test.use({ viewport: { width: 1366, height: 768 } })

const SHOTS = process.env['SALVO_SHOTS']

/**
 * Issue 32: D, H and the palette's "Damage Kiro…" did nothing in Map view ("That combatant's card
 * is not on screen"). With the cards swapped for the map they open a small prompt of their own:
 * Enter applies, a bad entry is refused under the field, Esc closes with nothing changed.
 */
test('D, H and the palette damage and heal in Map view, through a prompt, as on the cards', async ({ gm }) => {
  const desk = new Desk(gm)
  await gm.createCampaign('Map keys', 'map-keys-1')
  await gm.addCombatant({ name: 'Vex', side: 'party', kind: 'pc', maxHp: 60, initiativeModifier: 9 })
  await gm.addCombatant({ name: 'Kiro', side: 'party', kind: 'pc', maxHp: 50 })
  await gm.addCombatant({ name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 40 })
  await gm.startEncounter()
  await gm.shortcut('i')
  await expect(gm.page.getByTestId('round-number')).toHaveText('1')
  const acting = (await (await desk.actingCard()).getByRole('heading').first().textContent())!.trim()
  const map = new BattleMapPage(gm.page)
  await map.open()
  await expect(desk.cardNamed(acting)).toHaveCount(0)

  // D: the prompt names whom, holds the sign, and applies on Enter.
  await gm.shortcut('d')
  const prompt = gm.page.getByTestId('hp-prompt')
  await expect(prompt).toBeVisible()
  await expect(prompt).toContainText(`Damage ${acting}`)
  await expect(prompt.getByTestId('hp-prompt-field')).toBeFocused()
  await expect(prompt.getByTestId('hp-prompt-field')).toHaveValue('-')
  if (SHOTS) await gm.page.screenshot({ path: `${SHOTS}/hp-prompt-map.png` })
  await gm.page.keyboard.type('7')
  await gm.page.keyboard.press('Enter')
  await expect(prompt).toHaveCount(0)
  await expect(gm.page.getByTestId('toast-error')).toHaveCount(0)

  // H the same way; a bad entry is refused under the field and the prompt stays.
  await gm.shortcut('h')
  await expect(prompt).toContainText(`Heal ${acting}`)
  await gm.page.keyboard.type('x')
  await gm.page.keyboard.press('Enter')
  await expect(prompt.getByTestId('hp-prompt-error')).toContainText('Type -7 (damage), +5 (heal) or 30 (set).')
  await prompt.getByTestId('hp-prompt-field').fill('+3')
  await gm.page.keyboard.press('Enter')
  await expect(prompt).toHaveCount(0)

  // The palette names anyone: "Damage Raider…" opens the same prompt; Esc closes it, nothing changed.
  await desk.openPalette()
  await desk.runInPalette('dam rai', /^Damage Raider…/)
  await expect(prompt).toContainText('Damage Raider')
  await gm.page.keyboard.type('9')
  await gm.page.keyboard.press('Escape')
  await expect(prompt).toHaveCount(0)
  await desk.openPalette()
  await desk.runInPalette('dam rai', /^Damage Raider…/)
  await gm.page.keyboard.type('5')
  await gm.page.keyboard.press('Enter')
  await expect(prompt).toHaveCount(0)

  // Back on the cards: the acting combatant took 7 and healed 3; Raider took 5, once.
  await gm.page.getByTestId('show-cards').click()
  const max = acting === 'Vex' ? 60 : acting === 'Kiro' ? 50 : 40
  await expect.poll(() => gm.hp(acting)).toContain(`${max - 4 - (acting === 'Raider' ? 5 : 0)} /`)
  if (acting !== 'Raider') await expect.poll(() => gm.hp('Raider')).toContain('35 /')
})
