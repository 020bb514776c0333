import { expect } from '@playwright/test'
import { test } from './fixtures/test'
import { WsGmClient } from '../support/ws-gm-client'

/**
 * Issue 15: the desk renders only the cards and ribbon entries in or near view, so a card out
 * of view costs nothing per command; the GM still reaches every one (scrolling, D/H, the
 * ribbon following whoever acts).
 */
const COUNT = 240

test('with 240 combatants only the cards and ribbon entries in view are on the page, and every one is reachable', async ({
  gm,
  player,
  server,
}) => {
  await gm.createCampaign('Long lists', 'e2e-long-lists')
  const ws = await WsGmClient.connect(server)
  const send = async (type: string, payload: unknown, n: number) => {
    const r = await ws.request('dispatch', { type, payload, meta: { commandId: `long-${n}` } } as never)
    expect(r.ok, JSON.stringify(r)).toBe(true)
  }
  for (let i = 0; i < COUNT; i++) {
    await send(
      'combatant/add',
      {
        name: `Trooper ${String(i + 1).padStart(3, '0')}`,
        side: i % 2 ? 'enemy' : 'party',
        kind: i % 2 ? 'npc' : 'pc',
        maxHp: 30,
        hidden: false,
      },
      i,
    )
  }
  await send('encounter/start', { name: 'Crowd' }, COUNT)
  await send('encounter/rollInitiative', {}, COUNT + 1)
  ws.close()

  const page = gm.page
  await expect(page.getByTestId('current-combatant')).toHaveCount(1)
  const cards = page.getByTestId('combatant-card')
  const entries = page.getByTestId('initiative-ribbon').getByTestId('ribbon-entry')
  await expect(cards.first()).toBeVisible()
  // A handful of rows and ribbon entries, not 120 of each.
  expect(await cards.count()).toBeLessThan(30)
  expect(await entries.count()).toBeLessThan(30)
  expect(await player.ribbon.getByTestId('ribbon-entry').count()).toBeLessThan(30)

  // The pickers that list everyone hold only their choice until used; used, they hold everyone.
  const attacker = page.getByTestId('attack-attacker')
  expect(await attacker.locator('option').count()).toBeLessThan(3)
  await attacker.focus()
  await expect(attacker.locator('option')).toHaveCount(COUNT + 1)
  const last = (await attacker.locator('option').last().getAttribute('value'))!
  await attacker.selectOption(last)
  await page.getByTestId('round-number').click()
  await expect(attacker.locator('option')).toHaveCount(2)
  await expect(attacker).toHaveValue(last)

  // The last card in acting order is reached by scrolling the grid.
  await page.getByTestId('card-grid').evaluate((el) => (el.scrollTop = el.scrollHeight))
  await expect(cards.last()).toBeVisible()
  const lastId = await cards.last().getAttribute('data-combatant-id')
  const actingId = await page.getByTestId('current-combatant').getAttribute('data-combatant-id')
  expect(lastId).not.toBe(actingId)
  await expect(page.locator(`[data-testid="combatant-card"][data-combatant-id="${actingId}"]`)).toHaveCount(0)

  // D on the acting combatant, whose card is scrolled away: the grid brings it back with its HP field ready.
  await page.getByTestId('round-number').click()
  await page.keyboard.press('d')
  const actingCard = page.locator(`[data-testid="combatant-card"][data-combatant-id="${actingId}"]`)
  await expect(actingCard.getByTestId('hp-input')).toBeFocused()
  await expect(actingCard.getByTestId('hp-input')).toHaveValue('-')
  await page.keyboard.type('4')
  await page.keyboard.press('Enter')
  await expect(actingCard.getByTestId('card-hp')).toContainText('26')

  // Forty turns on, the acting entry is on screen in the ribbon, on the GM's page and the table's.
  for (let i = 0; i < 40; i++) await page.getByTestId('next-turn').click()
  await expect(page.getByTestId('current-combatant')).toBeInViewport()
  const acting = await page.getByTestId('current-combatant').getAttribute('data-combatant-id')
  await expect(player.ribbon.locator(`[data-testid="current-combatant"][data-combatant-id="${acting}"]`)).toHaveCount(1)
  expect(await entries.count()).toBeLessThan(30)
})
