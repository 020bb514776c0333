import type { Page } from '@playwright/test'
import { expect, test } from './fixtures/test'

const SHOTS = process.env['SALVO_SHOTS']

/** The desk's commands, as the GM sees them: greyed out and taking nothing while the link is down. */
async function expectDeskOff(page: Page): Promise<void> {
  const desk = page.getByTestId('desk')
  await expect(desk).toHaveAttribute('inert', '')
  await expect(desk).toHaveAttribute('data-offline', 'true')
  await expect.poll(() => desk.evaluate((el) => getComputedStyle(el).filter)).toContain('grayscale')
  for (const id of ['undo', 'open-palette', 'campaign-title']) await expect(page.getByTestId(id)).toBeDisabled()
  // Inert: the Next button cannot take the focus, so neither a click nor Enter reaches it.
  await page.getByTestId('next-turn').focus()
  await expect(page.getByTestId('next-turn')).not.toBeFocused()
}

async function expectDeskOn(page: Page): Promise<void> {
  const desk = page.getByTestId('desk')
  await expect(page.getByTestId('link-lost')).toHaveCount(0)
  await expect(desk).not.toHaveAttribute('inert')
  await expect(desk).toHaveAttribute('data-offline', 'false')
  await expect(page.getByTestId('open-palette')).toBeEnabled()
  await expect(page.getByTestId('next-turn')).toBeEnabled()
}

test('a killed server: the desk says the connection is lost and which attempt it is on, takes no commands, and is live again after the restart', async ({
  gm,
  server,
}) => {
  const page = gm.page
  await page.setViewportSize({ width: 1366, height: 768 })
  await gm.createCampaign('Blackout', 'lost-seed')
  await gm.addCombatant({ name: 'Vex', side: 'party', kind: 'pc', maxHp: 30 })
  await gm.addCombatant({ name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 20 })
  await gm.startFight()
  await gm.editHp('Raider', '-5')
  await expectDeskOn(page)

  await server.kill('SIGKILL')
  const lost = page.getByTestId('link-lost')
  await expect(lost).toBeVisible()
  await expect(lost).toHaveAttribute('role', 'alert')
  await expect(lost).toContainText(/Connection to Salvo lost — reconnecting \(attempt \d+\)…/)
  await expectDeskOff(page)
  // It keeps trying, and says so.
  await expect.poll(async () => Number(await lost.getAttribute('data-attempt')), { timeout: 10_000 }).toBeGreaterThanOrEqual(3)
  const shown = await lost.evaluate((el) => ({ attempt: el.getAttribute('data-attempt'), text: el.textContent ?? '' }))
  expect(shown.text).toContain(`(attempt ${shown.attempt})`)
  // The desk's keys wait too: N neither passes the turn nor raises a "not connected" toast.
  await page.keyboard.press('n')
  await page.keyboard.press('Control+k')
  // (A request in flight at the kill may still say it was cut off; a key's "not connected" never shows.)
  await page.waitForTimeout(300)
  await expect(page.locator('[data-testid="toast-error"][data-code="connection/down"]')).toHaveCount(0)
  await expect(page.getByTestId('command-palette')).toHaveCount(0)
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/lost-connection.png` })

  // The restarted server made a new key: the page says so, and at the new link the desk is live,
  // with nothing acknowledged lost.
  await server.launch()
  await expect(page.getByTestId('gm-key-needed')).toHaveAttribute('data-reason', 'stale', { timeout: 10_000 })
  await page.goto(server.gmUrl)
  await expect(page.getByTestId('link-status')).toHaveText('connected', { timeout: 10_000 })
  await expectDeskOn(page)
  await expect(gm.card('Raider').getByTestId('card-hp')).toHaveText('15 / 20')
})

test('a dropped link comes back by itself: the desk greys out while the server does not answer, and is live again without a reload', async ({
  gm,
  server,
}) => {
  const page = gm.page
  await page.setViewportSize({ width: 1366, height: 768 })
  // Every GM socket goes through the test, which can drop it, as a network or a stalled server would.
  const links: { close(): Promise<void> }[] = []
  await page.routeWebSocket(/\/ws\/gm/, (ws) => {
    ws.connectToServer()
    links.push(ws)
  })
  await page.reload()
  await gm.createCampaign('Brownout', 'drop-seed')
  await gm.addCombatant({ name: 'Vex', side: 'party', kind: 'pc', maxHp: 30 })
  await gm.addCombatant({ name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 20 })
  await gm.startFight()
  await expectDeskOn(page)

  // The server stalls (it takes no new connection), and the GM's link drops.
  process.kill(server.pid, 'SIGSTOP')
  try {
    await Promise.all(links.map((l) => l.close()))
    await expect(page.getByTestId('link-lost')).toBeVisible()
    await expect(page.getByTestId('link-lost')).toContainText(/Connection to Salvo lost — reconnecting \(attempt \d+\)…/)
    await expectDeskOff(page)
  } finally {
    process.kill(server.pid, 'SIGCONT')
  }
  // Salvo answers again: the desk comes back by itself, says so, and works.
  await expect(page.getByTestId('link-back')).toBeVisible({ timeout: 10_000 })
  await expectDeskOn(page)
  await gm.editHp('Raider', '-4')
  await expect(gm.card('Raider').getByTestId('card-hp')).toHaveText('16 / 20')
  await expect(page.getByTestId('link-back')).toHaveCount(0, { timeout: 8_000 })
})
