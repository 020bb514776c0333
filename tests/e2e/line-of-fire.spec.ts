import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures/test'
import { AttackPanel } from './pages/attack-panel'
import { GmDispatch } from './pages/gm-dispatch'
import { walledYard } from './pages/fight-setups'

/*
 * Issue 34 in the GM's window: a wall between two tokens refuses the attack with the reason where
 * the odds would be, and offers "Set walls aside for this act" (logged, for that one attack);
 * with low cover instead, the odds say "partial cover" and where it comes from. The fight is set up
 * over the GM's socket (walls included); the panel is clicked as the GM would.
 */

const SHOTS = process.env['SALVO_SHOTS']
async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png` })
}

test('a wall between refuses the attack with the reason and offers the logged override; low cover shows partial cover with its source', async ({
  gm,
  server,
  player,
}) => {
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await gm.createCampaign('Walls', 'walls-seed', 'compound-x')
  const desk = await GmDispatch.connect(server, 'walls')
  const { sceneId } = await walledYard(desk)

  const panel = new AttackPanel(gm.page)
  await panel.choose('Vex', 'Raider')
  const refused = panel.root.getByTestId('attack-refused')
  const walls = panel.root.getByTestId('ignore-walls')
  await expect(refused).toHaveText('Vex cannot see Raider: a wall stands between them. Open a door, move, or set walls aside for this act.')
  await expect(panel.root.getByTestId('attack-odds')).toHaveCount(0)
  await expect(panel.root.getByTestId('attack-resolve')).toBeDisabled()
  await expect(walls).toBeVisible()
  await expect(walls).not.toBeChecked()
  await shot(gm.page, 'line-of-fire-refused')

  // The GM sets the walls aside for this one attack: the odds come back, and the log says so.
  await walls.check()
  await expect(refused).toHaveCount(0)
  await expect(panel.root.getByTestId('attack-odds')).toBeVisible()
  await expect(panel.root.getByTestId('attack-resolve')).toBeEnabled()
  await panel.resolve()
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: 'Walls set aside by the GM' })).toHaveText(
    /Walls set aside by the GM for this act \(a wall stood between Vex and Raider\)/,
  )
  // For that one attack only: refused again, the switch off.
  await expect(refused).toBeVisible()
  await expect(walls).not.toBeChecked()

  // The wall gives way to a low wall in front of Raider, across half of its base.
  const records = [...(await desk.ws.resync()).records.values()]
  const wall = records.find((r) => r.typeName === 'wall')!
  await desk.send('wall/remove', { wallId: wall.id })
  await desk.send('wall/add', {
    sceneId,
    kind: 'low',
    points: [
      { x: 11.6, y: 3.75 },
      { x: 11.6, y: 5 },
    ],
  })
  await expect(refused).toHaveCount(0)
  const cover = panel.root.getByTestId('odds-cover')
  await expect(cover).toHaveText(/^Low cover at H\d hides \d+% of Raider: partial cover, \+2 miss \(CX6, SR-CX-151\)$/)
  await expect(walls).toHaveCount(0)
  await shot(gm.page, 'line-of-fire-low-cover')

  // The GM's choice stands over the map's, and the odds say it is the GM's.
  await panel.setChoice('cover', 'full')
  await expect(cover).toHaveText('Cover set by the GM: full cover, +4 miss (CX6, SR-CX-151)')

  // The override is the GM's business: the table never reads it.
  await player.page.setViewportSize({ width: 1366, height: 768 })
  await expect(player.page.getByText(/Walls set aside/)).toHaveCount(0)
  await shot(player.page, 'line-of-fire-table')
  desk.close()
})
