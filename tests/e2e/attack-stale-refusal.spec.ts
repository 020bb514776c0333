import type { WebSocketRoute } from '@playwright/test'
import { expect, test } from './fixtures/test'
import { AttackPanel } from './pages/attack-panel'
import { FightDesk } from './pages/fight-desk'
import { GmDispatch } from './pages/gm-dispatch'
import { dockApart, walledYard } from './pages/fight-setups'

/*
 * The Attack panel says why an attack cannot be made from one answer only: the odds' request. A
 * wall between two tokens refuses the attack; once the wall is gone and the odds show low cover,
 * no "cannot see" from an older answer may stay beside them. The dice list under the field asks
 * the core separately and later (it waits for typing to settle), so its answers are held back
 * here, through the test's own hands on the GM's socket, to keep that window open as long as a
 * slow answer would.
 */

const SEES_NOT = 'Vex cannot see Raider: a wall stands between them.'

/** The GM's socket through the test: replies to `dicePlan` are held while `holding` is on. */
function holdDicePlans(route: WebSocketRoute) {
  const planIds = new Set<number>()
  const held: string[] = []
  const state = {
    holding: false,
    release(): void {
      state.holding = false
      for (const m of held.splice(0)) route.send(m)
    },
  }
  const server = route.connectToServer()
  route.onMessage((m) => {
    const text = String(m)
    const sent = JSON.parse(text) as { id?: number; name?: string }
    if (sent.name === 'dicePlan' && typeof sent.id === 'number') planIds.add(sent.id)
    server.send(m)
  })
  server.onMessage((m) => {
    const text = String(m)
    const got = JSON.parse(text) as { kind?: string; id?: number }
    if (state.holding && got.kind === 'reply' && typeof got.id === 'number' && planIds.has(got.id)) held.push(text)
    else route.send(m)
  })
  return state
}

test('a wall taken away: no "cannot see" from an older answer stays beside the fresh low-cover odds', async ({ gm, server }) => {
  const page = gm.page
  await page.setViewportSize({ width: 1366, height: 768 })
  const links: ReturnType<typeof holdDicePlans>[] = []
  await page.routeWebSocket(/\/ws\/gm/, (ws) => {
    links.push(holdDicePlans(ws))
  })
  await page.reload()
  await gm.createCampaign('Stale', 'stale-seed', 'compound-x')
  const desk = await GmDispatch.connect(server, 'stale')
  const { sceneId } = await walledYard(desk)

  const panel = new AttackPanel(page)
  await panel.choose('Vex', 'Raider')
  const refused = panel.root.getByTestId('attack-refused')
  await expect(refused).toContainText(SEES_NOT)
  await expect(panel.root.getByTestId('attack-odds')).toHaveCount(0)
  // Every answer so far has landed, the dice list's included.
  await expect(panel.dicePlan).toHaveAttribute('data-stale', 'false')
  expect(links).toHaveLength(1)
  const link = links[0]!

  // The dice list's next answers are slow; the wall gives way to low cover in front of Raider.
  link.holding = true
  const wall = [...(await desk.ws.resync()).records.values()].find((r) => r.typeName === 'wall')!
  await desk.send('wall/remove', { wallId: wall.id })
  await desk.send('wall/add', {
    sceneId,
    kind: 'low',
    points: [
      { x: 11.6, y: 3.75 },
      { x: 11.6, y: 5 },
    ],
  })
  const cover = panel.root.getByTestId('odds-cover')
  await expect(cover).toHaveText(/^Low cover at H\d hides \d+% of Raider: partial cover/)
  await expect(refused).toHaveCount(0)
  // The odds are the new map's: nothing in the panel may still say Vex cannot see Raider.
  await expect(panel.root).not.toContainText(SEES_NOT)
  await expect(panel.root.getByTestId('attack-resolve')).toBeEnabled()

  // The dice list's answer lands: the dice the shot needs, still no refusal.
  link.release()
  await expect(panel.dicePlan.getByTestId('planned-die').first()).toBeVisible()
  await expect(panel.root).not.toContainText(SEES_NOT)
  desk.close()
})

test('the Action panel: a refusal over reach goes once the target is moved within reach, and the act goes through', async ({
  gm,
  server,
}) => {
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await gm.createCampaign('Reach', 'reach-stale-seed', '2d6-significant')
  const desk = await GmDispatch.connect(server, 'reach-stale')
  const { ids, sceneId } = await dockApart(desk)

  // Whoever acts first bandages the other (a minor act on its turn).
  const fight = new FightDesk(gm)
  await expect(gm.ribbon.getByTestId('current-combatant')).toBeVisible()
  const actor = await fight.current()
  const target = actor === 'Vex' ? 'Raider' : 'Vex'
  const actions = fight.actions
  await actions.root.getByTestId('action-actor').selectOption({ label: actor })
  await actions.root.getByTestId('action-key').selectOption('skill-act')
  await actions.root.getByTestId('action-target').selectOption({ label: target })
  await actions.root.getByTestId('option-act').locator('select').selectOption('bandage')
  await actions.root.getByTestId('option-size').locator('select').selectOption('minor')
  await actions.root.getByTestId('action-perform').click()
  const refused = actions.root.getByTestId('action-refused')
  await expect(refused).toHaveText(new RegExp(`^Applying a bandage \\(SR-2D6-20\\) needs ${target} within 1\\.5 m of ${actor}`))

  // The target is brought beside the actor: the refusal answered the map before, and goes with it.
  const at = actor === 'Vex' ? { x: 4, y: 4 } : { x: 8.5, y: 10 }
  await desk.send('token/place', { sceneId, combatantId: ids[target], x: at.x + 1.5, y: at.y })
  await expect(actions.root.getByTestId('positions-why')).toHaveText('1.5 m on the map, centre to centre')
  await expect(refused).toHaveCount(0)
  await actions.root.getByTestId('action-perform').click()
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: 'applies a bandage' })).toHaveCount(1)
  await expect(refused).toHaveCount(0)
  desk.close()
})
