import { expect, test } from './fixtures/test'

/**
 * Issue 14, E1: damage typed on a card goes through the ruleset with a type (`combatant/damage`);
 * "30" sets health as the GM's correction. Compound X: untyped and fall damage go straight to
 * health (SR-CX-1, SR-CX-3) and a drop below 1 downs by the rules (CX27).
 */
test('hand-typed damage on the card: the type picker, "-7 fire", the downing, and "30" as a correction', async ({ gm }) => {
  await gm.createCampaign('Damage night', 'damage-seed-1', 'compound-x')
  await gm.addCombatant({ name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 1 })
  await gm.addCombatant({ name: 'Crate', side: 'neutral', kind: 'npc', maxHp: 10 })
  await gm.editSheet('Raider', { str: 5, per: 5, fort: 5, dex: 5, luck: 5 })
  await expect(gm.card('Raider').getByTestId('card-hp')).toHaveText('100 / 100')
  await gm.startEncounter()
  await gm.rollInitiative()
  const log = (text: string) => gm.page.getByTestId('log-entry').filter({ hasText: text })

  // The picker lists the ruleset's types; a bare amount takes the first (untyped, straight to health).
  const picker = gm.card('Raider').getByTestId('damage-type')
  await expect(picker).toHaveValue('untyped')
  await expect(picker.locator('option')).toHaveCount(11)
  await gm.editHp('Raider', '-40')
  await expect(gm.card('Raider').getByTestId('card-hp')).toHaveText('60 / 100')
  await gm.editHp('Raider', '-50')
  await expect(gm.card('Raider').getByTestId('card-hp')).toHaveText('10 / 100')
  await gm.editHp('Raider', '-30')
  await expect(gm.card('Raider').getByTestId('card-hp')).toHaveText('0 / 100')
  await expect(gm.card('Raider').getByTestId('card-standing')).toContainText('downed')
  await expect(log('Raider takes 30 damage (HP 10 → 0): straight to health (SR-CX-1); downed')).toHaveCount(1)

  // Picked from the list, by keyboard.
  await picker.focus()
  await picker.selectOption('fall')
  await gm.editHp('Raider', '-5')
  await expect(log('Raider takes 5 fall damage (HP 0 → -5)')).toHaveCount(1)
  await expect(gm.card('Raider').getByTestId('card-hp')).toHaveText('-5 / 100')

  // Named in the field: it stays picked for the next blow.
  await gm.editHp('Crate', '-3 fire')
  await expect(log('Crate takes 3 fire damage (HP 10 → 7)')).toHaveCount(1)
  await expect(gm.card('Crate').getByTestId('damage-type')).toHaveValue('fire')
  await expect(gm.card('Crate').getByTestId('hp-input')).toHaveValue('')
  await gm.editHp('Crate', '-3 frost')
  await expect(gm.card('Crate').getByRole('alert')).toContainText('No damage type "frost"')

  // A number alone is the correction: no rule runs, and the log says so.
  await gm.editHp('Crate', '9')
  await expect(log('Crate: HP corrected 7 → 9')).toHaveCount(1)
})
