import { expect, test } from './fixtures/test'
import { BattleMapPage } from './pages/battle-map'

const SHOTS = process.env['SALVO_SHOTS']
/** The centre of a 1.5 m square, by column and row from the top-left corner. */
const square = (col: number, row: number) => ({ x: (col + 0.5) * 1.5, y: (row + 0.5) * 1.5 })

test('d20: a drag on its own turn through someone is refused on the map with who and where (003 Your Turn, SR-CORE-34); the GM moves it free, and the log says whom it went through', async ({
  gm,
  player,
}) => {
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await player.page.setViewportSize({ width: 1366, height: 768 })
  await gm.createCampaign('Hall', 'hall-seed', 'd20-two-action')
  const ids = {
    Ana: await gm.addCombatant({ name: 'Ana', side: 'party', kind: 'pc', maxHp: 20 }),
    Bo: await gm.addCombatant({ name: 'Bo', side: 'enemy', kind: 'npc', maxHp: 20 }),
  }
  await gm.startFight()
  const map = new BattleMapPage(gm.page)
  await map.open()
  await map.createScene('Hall')
  await map.calibrateSquare(50, 1.5)
  const current = await gm.currentId()
  const [mover, other] = current === ids.Ana ? (['Ana', 'Bo'] as const) : (['Bo', 'Ana'] as const)
  await map.place(mover, square(2, 2))
  await map.place(other, square(4, 2))

  await map.startDrag(mover, square(7, 2))
  await gm.page.mouse.up()
  await expect(gm.page.getByTestId('move-refusal')).toHaveText(
    `${mover} cannot walk through ${other}, who stands in the way at E3 (003 Your Turn, 003 Moving): go round in steps, or make it a free move.`,
  )
  await expect(gm.page.getByTestId('move-confirm')).toHaveText('Move free (the GM’s call)')
  if (SHOTS) await gm.page.screenshot({ path: `${SHOTS}/map-occupied-refused.png` })
  if (SHOTS) await player.page.screenshot({ path: `${SHOTS}/map-occupied-table.png` })
  // Nothing moved yet.
  await expect(gm.page.getByTestId('log-entry').filter({ hasText: `${mover} moves` })).toHaveCount(0)
  await gm.page.getByTestId('move-confirm').click()
  await expect(
    gm.page.getByTestId('log-entry').filter({ hasText: `— through ${other} at E3: the GM's call over 003 Your Turn, 003 Moving` }),
  ).toHaveCount(1)
  if (SHOTS) await gm.page.screenshot({ path: `${SHOTS}/map-occupied-free.png` })
})
