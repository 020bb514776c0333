import { expect, test } from './fixtures/test'
import { CX_RIFLEMAN, GmDispatch } from './pages/gm-dispatch'

/**
 * The Compound X loadout in the browser (SR-CX-190..195): a sheet with a gun its class may not
 * use, a shield its rigs have no Hard Point for and spares past the Mag Space is saved, each
 * problem said at its own field of the sheet and on the card; fixing the sheet clears them.
 */

test('Compound X: the sheet flags a gun without proficiency, a shield past the Hard Points and spares past the Mag Space', async ({
  gm,
  server,
}, info) => {
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await gm.createCampaign('Loadout', 'loadout', 'compound-x')
  const desk = await GmDispatch.connect(server, 'loadout')
  await desk.send('combatant/add', {
    name: 'Vex',
    side: 'party',
    kind: 'pc',
    maxHp: 30,
    rules: {
      ...CX_RIFLEMAN,
      weapons: [{ kind: 'ranged', itemId: 'ecsc-mk249', attachmentIds: [], ammo: 100, spareMagazines: 12 }],
      shieldId: 'a-class-electron-shield',
    },
  })
  desk.close()

  const card = gm.card('Vex')
  await card.locator('details.rules > summary').click()
  await expect(gm.sheetLine('Vex', 'ECSC Mk249')).toContainText('cannot use the ECSC Mk249 (001 Weapon Proficiencies, SR-CX-193)')
  await expect(gm.sheetLine('Vex', 'A-Class Electron Shield')).toContainText('not attached, no shield')
  await card.screenshot({ path: info.outputPath('cx-card-loadout-1366x768.png') })

  await card.getByTestId('edit-sheet').click()
  const editor = card.getByTestId('sheet-editor')
  const note = (field: string) => editor.locator(`[data-testid="gear-note"][data-field="${field}"]`)
  await expect(note('weapon')).toContainText('A Soldier has no proficiency with Machine Guns')
  await expect(note('shieldId')).toContainText('Needs 1 Hard Point; the rigs give 0')
  // The medium chest rig holds 8 primary magazines of the 12 typed.
  await expect(note('weapons.0.spareMagazines')).toContainText("8 of 12 spare magazines fit the rigs' 8 Mag Space")
  for (const n of [note('weapon'), note('shieldId'), note('weapons.0.spareMagazines')])
    await expect(n).toHaveAttribute('data-severity', 'cannot')
  await note('weapon').scrollIntoViewIfNeeded()
  await gm.page.screenshot({ path: info.outputPath('cx-sheet-loadout-1366x768.png') })

  // Advanced Medium rigs give the Hard Points and a Specialist may fire a machine gun.
  await editor.getByTestId('option-classId').locator('select').selectOption('specialist')
  await editor.getByTestId('option-armourFamily').locator('select').selectOption('medium:advanced')
  await expect(note('weapon')).toHaveCount(0)
  await expect(note('shieldId')).toHaveCount(0)
  await editor.getByTestId('sheet-save').click()
  await expect(editor).toHaveCount(0)
  await expect(gm.sheetLine('Vex', 'A-Class Electron Shield')).toHaveText('120/120')
})
