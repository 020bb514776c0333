import { expect, test } from './fixtures/test'
import { AttackPanel } from './pages/attack-panel'

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
