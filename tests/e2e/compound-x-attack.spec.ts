import { expect, test } from './fixtures/test'
import { ActionPanel } from './pages/action-panel'
import { AttackPanel } from './pages/attack-panel'

test('Compound X: pick attacker, weapon and target, read the exact odds, resolve with table dice, see the breakdown, undo', async ({
  gm,
}) => {
  await gm.createCampaign('Outpost Kestrel', 'cx-e2e', 'compound-x')
  await gm.addCombatant({ name: 'Vex', side: 'party', kind: 'pc', maxHp: 1 })
  await gm.addCombatant({ name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 1 })
  const kit = { weapon: 'anvil-arms-c25', armourFamily: 'medium', materialId: 'standard-l1-kevlar' }
  await gm.editSheet('Vex', { str: 6, per: 8, fort: 6, dex: 6, luck: 5, classId: 'soldier', ...kit })
  // The shield needs a Hard Point: the advanced Medium rigs give them (000 Advanced Rigs, SR-CX-191).
  await gm.editSheet('Raider', {
    str: 5,
    per: 5,
    fort: 5,
    dex: 5,
    luck: 5,
    ...kit,
    armourFamily: 'medium:advanced',
    shieldId: 'a-class-electron-shield',
  })
  // FORT 5 → 100 max health (CX23); armour points from the Kevlar (AS 40).
  await expect(gm.card('Raider').getByTestId('card-hp')).toHaveText('100 / 100')
  await expect(gm.sheetLine('Raider', 'Armour')).toContainText('40/40 AP')
  await expect(gm.sheetLine('Raider', 'A-Class Electron Shield')).toHaveText('120/120')

  await gm.startEncounter()
  await gm.rollInitiative()
  const panel = new AttackPanel(gm.page)
  await panel.choose('Vex', 'Raider')
  await expect(panel.root.getByTestId('attack-weapon')).toHaveValue('0')
  await panel.setNumber('distance', 12)
  await panel.setChoice('cover', 'partial')
  // Not aimed yet: from the hip (+3, 000 Aiming), the d10 needs an 8.
  await expect.poll(() => panel.outcomes()).toMatchObject({ Miss: 70 })
  // Vex takes the Aim action at the Raider; the preview now defaults to aimed.
  await new ActionPanel(gm.page).perform('Vex', 'aim', { target: 'Raider' })
  await expect(panel.root.getByTestId('option-aim').locator('select')).toHaveValue('aimed')
  // Miss chance 3 (≤ 15 m) + trunc(−1 PER 8) + partial cover 2 = 4: the d10 hits on 5–10; a 10
  // opens Luck 5's critical band, and the second d10 splits it evenly (CX10).
  await expect.poll(() => panel.outcomes()).toMatchObject({ Miss: 40, Hit: 50, 'Critical (+20)': 5, 'Extra-critical (+30)': 5 })
  const expected = Number(await panel.root.getByTestId('odds-expected').textContent())
  expect(expected).toBeGreaterThan(0)

  // The table rolls a 9 to hit and 10 on the d100: the armour takes it (APL 2 ≥ 1): 40 to armour, 40 to health.
  await panel.resolve('9 10')
  await expect(gm.card('Raider').getByTestId('card-hp')).toHaveText('60 / 100')
  await expect(gm.sheetLine('Raider', 'Armour')).toContainText('0/40 AP')
  await expect(gm.sheetLine('Raider', 'A-Class Electron Shield')).toHaveText('120/120') // ballistic ignores shields (CX13)
  await expect(gm.sheetLine('Vex', 'Anvil Arms C25')).toContainText('24 rds')

  const entry = gm.page.getByTestId('log-entry').filter({ hasText: 'fires the Anvil Arms C25' })
  await expect(entry).toContainText('Vex fires the Anvil Arms C25 at Raider: hit, 40 damage to health')
  await expect(entry).toContainText('(typed)')
  await entry.getByTestId('log-detail').locator('summary').click()
  const working = entry.getByTestId('log-detail')
  for (const line of [
    'PER 8 combat modifier −1 (CX5)',
    'Cover set by the GM: partial cover +2 (CX6)',
    'Base damage +80',
    'armour hit and pierced: 40 to armour points, 40 to health (CX12)',
  ]) {
    await expect(working).toContainText(line)
  }

  if (process.env['SALVO_SHOTS']) await gm.page.screenshot({ path: '/tmp/shots/attack.png', fullPage: true })

  // Undo walks the whole attack back: health, armour points, ammunition, the log entry.
  await gm.shortcut('Control+z')
  await expect(gm.card('Raider').getByTestId('card-hp')).toHaveText('100 / 100')
  await expect(gm.sheetLine('Raider', 'Armour')).toContainText('40/40 AP')
  await expect(gm.sheetLine('Vex', 'Anvil Arms C25')).toContainText('25 rds')
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: 'fires the Anvil Arms C25' })).toHaveCount(0)

  // A laser spends itself on the shield instead (CX13): switch Vex's weapon and fire again.
  await gm.editSheet('Vex', { weapon: 'frontier-lz150-carbine' })
  await panel.choose('Vex', 'Raider')
  await panel.setNumber('distance', 12)
  await panel.resolve('9')
  await expect(gm.sheetLine('Raider', 'A-Class Electron Shield')).toHaveText('65/120')
  await expect(gm.card('Raider').getByTestId('card-hp')).toHaveText('100 / 100')
  await expect(gm.sheetLine('Raider', 'Armour')).toContainText('40/40 AP')
  await expect(gm.sheetLine('Vex', 'Frontier Lz150 Carbine')).toContainText('23 rds · 3 mags')

  // Reload from the actions panel: a natural 99 is a critical Weapons check, so it is quick.
  const actions = gm.page.getByTestId('action-panel')
  await actions.getByTestId('action-actor').selectOption({ label: 'Vex' })
  await actions.getByTestId('action-key').selectOption('reload')
  await actions.getByTestId('action-typed-dice').fill('99')
  await actions.getByTestId('action-perform').click()
  await expect(gm.sheetLine('Vex', 'Frontier Lz150 Carbine')).toContainText('24 rds · 2 mags')
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: 'Vex reloads the Frontier Lz150 Carbine' })).toContainText('critical')
})

test('Compound X: the GM imports an item file; a bad file names its problem and changes nothing', async ({ gm }) => {
  await gm.createCampaign('Homebrew', 'cx-items', 'compound-x')
  const items = gm.page.getByTestId('campaign-items')
  const bad = {
    kind: 'shields',
    entries: [{ id: 'paper-shield', name: 'Paper Shield', level: 1, cost: 1, hardPoints: 1, strength: 'thin' }],
  }
  await items
    .getByTestId('content-import')
    .setInputFiles({ name: 'shields.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) })
  await expect(items.getByTestId('content-problem')).toHaveText(
    'shields.json, entry paper-shield, field strength: Invalid input: expected number, received string',
  )
  await expect(items.getByTestId('content-item')).toHaveCount(0)

  const good = {
    kind: 'shields',
    entries: [
      {
        id: 'paper-shield',
        name: 'Paper Shield',
        level: 1,
        cost: 1,
        hardPoints: 1,
        strength: 10,
        restartTurns: 1,
        rechargePerTurn: 5,
        fastRechargeNanites: null,
        blocksAllDamage: false,
        secondary: null,
      },
    ],
  }
  await items
    .getByTestId('content-import')
    .setInputFiles({ name: 'shields.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(good)) })
  await expect(items.getByTestId('content-item')).toHaveText(/Paper Shield\s*shields/)
  await expect(items.getByTestId('content-problem')).toHaveCount(0)
  // The new shield is offered on sheets straight away.
  await gm.addCombatant({ name: 'Vex', side: 'party', kind: 'pc', maxHp: 1 })
  await gm.editSheet('Vex', { shieldId: 'paper-shield' })
  await expect(gm.sheetLine('Vex', 'Paper Shield')).toHaveText('10/10')
})
