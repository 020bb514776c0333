import { expect, test } from './fixtures/test'
import { AttackPanel } from './pages/attack-panel'

/**
 * Issue 14, CX1 (`000` Thrown Weapons, SR-CX-50, SR-CX-51): a knife thrown from the Attack panel.
 * Vex (PER 8, DEX 6) carries two Gurber Throwing Knives; at 10 m the knife's bracket 6 − PER 1
 * gives miss chance 5. Raider wears no armour.
 */
test('Compound X: throw a knife from the Attack panel — exact odds, the hit, one knife spent, undo', async ({ gm }) => {
  await gm.createCampaign('Knife Range', 'cx-thrown', 'compound-x')
  await gm.addCombatant({ name: 'Vex', side: 'party', kind: 'pc', maxHp: 1 })
  await gm.addCombatant({ name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 1 })
  await gm.editSheet('Vex', {
    str: 6,
    per: 8,
    fort: 6,
    dex: 6,
    luck: 5,
    classId: 'soldier',
    weapon: 'anvil-arms-c25',
    thrownWeapon: 'gurber-throwing-knife',
    'thrown.0.count': 2,
  })
  await gm.editSheet('Raider', { str: 5, per: 5, fort: 5, dex: 5, luck: 5 })
  await expect(gm.sheetLine('Vex', 'Gurber Throwing Knife')).toContainText('2 to throw · miss 5 / 6 (to 7/15 m)')

  await gm.startEncounter()
  await gm.rollInitiative()
  const panel = new AttackPanel(gm.page)
  await panel.choose('Vex', 'Raider')
  // Slots: the C25 (0), Unarmed Strike (1), the knives (2).
  await panel.root.getByTestId('attack-weapon').selectOption('2')
  await expect(panel.root.getByTestId('attack-mode')).toHaveValue('throw')
  await panel.setNumber('distance', 10)
  await expect.poll(() => panel.outcomes()).toMatchObject({ Miss: 50, Hit: 40, 'Critical (+20)': 5, 'Extra-critical (+30)': 5 })

  // The table rolls 6 (a hit, not 3 over) and 10 on the body's d100: full 34 + 2 × DEX bonus 4 = 42.
  await panel.resolve('6 10')
  await expect(gm.card('Raider').getByTestId('card-hp')).toHaveText('58 / 100')
  await expect(gm.sheetLine('Vex', 'Gurber Throwing Knife')).toContainText('1 to throw')
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: 'Vex throws the Gurber Throwing Knife at Raider' })).toContainText(
    'hit, 42 damage to health (d10 6 vs miss chance 5); 1 left (SR-CX-50)',
  )

  await gm.shortcut('Control+z')
  await expect(gm.card('Raider').getByTestId('card-hp')).toHaveText('100 / 100')
  await expect(gm.sheetLine('Vex', 'Gurber Throwing Knife')).toContainText('2 to throw')
})
