import { expect, test } from './fixtures/test'
import { CX_RIFLEMAN, GmDispatch } from './pages/gm-dispatch'

/**
 * The sheet and the card tell the truth about gear: a grenade a Compound X character cannot throw
 * is flagged at the grenade on its sheet and listed on its card (000 Grenades: Explosives 6), and
 * the d10 sheet's DR boxes follow the armour picked, a number typed over it said to be extra.
 */

const FRAG = 'ECSC Fragmentation Grenade'

test('Compound X: the sheet flags a grenade Explosives 0 cannot throw, at the grenade, and the card lists it', async ({
  gm,
  server,
}, info) => {
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await gm.createCampaign('Gear truth', 'gear-truth', 'compound-x')
  const desk = await GmDispatch.connect(server, 'gear')
  await desk.send('combatant/add', {
    name: 'Vex',
    side: 'party',
    kind: 'pc',
    maxHp: 30,
    rules: { ...CX_RIFLEMAN, grenades: [{ itemId: 'ecsc-fragmentation-grenade', count: 2 }] },
  })
  desk.close()

  // The card lists the grenades carried, with the count and why they cannot be thrown.
  const line = gm.sheetLine('Vex', FRAG)
  await expect(line).toHaveText('2 grenades · Explosives 0: cannot throw (000 Grenades: needs 6)')
  const card = gm.card('Vex')
  await card.locator('details.rules > summary').click()
  await expect(line).toBeVisible()
  await card.screenshot({ path: info.outputPath('cx-card-grenades-1366x768.png') })
  await card.getByTestId('edit-sheet').click()
  const editor = card.getByTestId('sheet-editor')
  const note = editor.locator('[data-testid="gear-note"][data-field="grenade"]')
  await expect(note).toHaveText(`${FRAG}: Explosives 0: cannot throw (000 Grenades: needs 6)`)
  await expect(note).toHaveAttribute('data-severity', 'cannot')
  // Right under the grenade's own field, not at the foot of the sheet with the skills.
  const field = (await editor.getByTestId('option-grenade').boundingBox())!
  const at = (await note.boundingBox())!
  expect(at.y).toBeGreaterThanOrEqual(field.y + field.height - 1)
  expect(at.y).toBeLessThan(field.y + field.height + 30)
  await gm.page.screenshot({ path: info.outputPath('cx-sheet-grenade-warning-1366x768.png') })

  // Explosives 6 is enough: the warning goes as the skill is typed, and the card follows on save.
  const explosives = editor.getByTestId('option-skill.Explosives').locator('input')
  await explosives.fill('6')
  await expect(editor.getByTestId('gear-note')).toHaveCount(0)
  await editor.getByTestId('sheet-save').click()
  await expect(editor).toHaveCount(0)
  await expect(line).toHaveText('2 grenades')
})

test('d10: the DR boxes follow the armour picked, and a number typed over it is said to be extra', async ({ gm }, info) => {
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await gm.createCampaign('DR boxes', 'dr-boxes', 'd10-difficulty')
  await gm.addCombatant({ name: 'Jonas', side: 'party', kind: 'pc', maxHp: 20 })
  const card = gm.card('Jonas')
  await card.getByTestId('edit-sheet').click()
  const editor = card.getByTestId('sheet-editor')
  const dr = (zone: string) => editor.getByTestId(`option-dr.${zone}`).locator('input')
  const armour = editor.getByTestId('option-armour').locator('select')
  await expect(dr('torso')).toHaveValue('0')

  await armour.selectOption('plate-vest')
  await expect(dr('torso')).toHaveValue('4')
  await expect(dr('head')).toHaveValue('0')
  // Another armour: the boxes the first one filled in follow again.
  await armour.selectOption('full-kit')
  await expect(dr('torso')).toHaveValue('5')
  await expect(dr('head')).toHaveValue('3')
  await expect(dr('arms')).toHaveValue('2')
  await expect(editor.getByTestId('gear-note')).toHaveCount(0)

  // A number typed over the armour's stays, said to be extra at its box.
  await dr('torso').fill('7')
  const note = editor.locator('[data-testid="gear-note"][data-field="dr.torso"]')
  await expect(note).toHaveText("Full protective kit: +2 extra over the armour's 5 (typed)")
  await gm.page.screenshot({ path: info.outputPath('d10-sheet-dr-extra-1366x768.png') })
  await editor.getByTestId('sheet-save').click()
  await expect(editor).toHaveCount(0)
  await expect(gm.sheetLine('Jonas', 'DR torso')).toHaveText('7 (Full protective kit 5, +2 extra)')
  await expect(gm.sheetLine('Jonas', 'DR head')).toHaveText('3')
})
