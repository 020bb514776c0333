import { expect, test } from './fixtures/test'
import { CombatDesk } from './pages/combat-desk'

test('conditions end on the turn edge the GM chose, the ribbon forecasts it, and pips, delay, drag and hold keep the turn', async ({
  gm,
}) => {
  await gm.createCampaign('Desk', 'desk-seed', 'compound-x')
  for (const [name, side] of [
    ['Ada', 'party'],
    ['Bex', 'enemy'],
    ['Cole', 'party'],
  ] as const)
    await gm.addCombatant({ name, side, kind: 'pc', maxHp: 50 })
  await gm.startEncounter()
  await gm.rollInitiative()
  const desk = new CombatDesk(gm)
  const order = await gm.ribbonIds()
  const nameOf = async (id: string) => (await desk.entry(id).locator('.name').textContent())!.trim()
  const [first, second, third] = await Promise.all(order.map(nameOf))
  await expect.poll(() => gm.currentId()).toBe(order[0])

  // A condition on the third to act, until the start of the second's turn.
  await desk.addCondition(third!, 'Pinned down', { startOf: second! })
  await expect(desk.entry(order[1]!).getByTestId('ribbon-ending')).toContainText(`${third}: Pinned down ends`)
  await expect(gm.ribbon.getByTestId('forecast-turn').first()).toContainText('◷1')
  await expect.poll(() => desk.forecastNames()).toEqual([second, third, first, second, third])

  // Actions: 4 a turn, reactions 3 a round (CX20); a click on a pip corrects it, undo restores.
  await expect.poll(() => desk.left(first!, 'actions')).toBe(4)
  await gm.card(first!).getByTestId('pool-actions').locator('.pip').nth(1).click()
  await expect.poll(() => desk.left(first!, 'actions')).toBe(1)
  await gm.shortcut('Control+z')
  await expect.poll(() => desk.left(first!, 'actions')).toBe(4)

  await gm.nextTurn()
  await expect.poll(() => gm.currentId()).toBe(order[1])
  await expect.poll(() => desk.conditions(third!)).toEqual([])
  await expect(gm.page.getByTestId('turn-summary')).toContainText(`Pinned down on ${third} ends (start of ${second}'s turn)`)

  // The second delays: the third acts; then the second acts now and keeps its new place.
  await gm.ribbon.getByTestId('delay-turn').click()
  await expect.poll(() => gm.currentId()).toBe(order[2])
  await expect(desk.entry(order[1]!).getByTestId('ribbon-delayed')).toBeVisible()
  await desk.entry(order[1]!).getByTestId('resume-turn').click()
  await expect.poll(() => gm.currentId()).toBe(order[1])
  await expect.poll(() => gm.ribbonIds()).toEqual([order[0], order[2], order[1]])

  // Drag the first to act to the end of the order.
  await desk.dragBefore(order[2]!, order[0]!)
  await expect.poll(() => gm.ribbonIds()).toEqual([order[2], order[0], order[1]])

  // Hold: the turn's actions wait for a trigger, shown on the card; the trigger brings them back.
  await gm.ribbon.getByTestId('ribbon-hold').click()
  await expect(gm.card(second!).getByTestId('hold-trigger')).toBeFocused()
  await gm.card(second!).getByTestId('hold-trigger').fill('a raider breaks cover')
  await gm.card(second!).getByTestId('hold-amount').fill('2')
  await gm.card(second!).getByTestId('hold-trigger').press('Enter')
  await expect(gm.card(second!).getByTestId('card-held')).toContainText('Holding 2: a raider breaks cover')
  await expect.poll(() => desk.left(second!, 'actions')).toBe(0)
  await gm.nextTurn()
  // The waiting trigger stays in front of the GM with the reactions, whoever's turn it is.
  await expect(gm.page.getByTestId('held-prompt')).toContainText(`${second} holds 2: “a raider breaks cover”`)
  await gm.page.getByTestId('held-prompt').getByTestId('held-trigger').click()
  await expect(gm.page.getByTestId('held-prompt')).toHaveCount(0)
  await expect(gm.card(second!).getByTestId('card-held')).toContainText('triggered')
  await expect.poll(() => desk.left(second!, 'reactions')).toBe(2)
})
