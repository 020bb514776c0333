import { expect, test } from './fixtures/test'
import { ActionPanel } from './pages/action-panel'
import { BattleMapPage } from './pages/battle-map'
import { FightDesk } from './pages/fight-desk'

/**
 * Issue 14's Compound X moments in browser mode, on the battle map: two suppressors on one
 * target and its break from cover (a reaction each, CX25/CX26, SR-CX-5, SR-CX-34), a sprint then
 * a shot (+1 miss chance, CX6), and a grenade on a squad under a template (000 Grenades, CX13,
 * SR-CX-23, SR-CX-24).
 */

const kit = { armourFamily: 'medium', materialId: 'standard-l1-kevlar' }
const RAIDERS = ['Raider 1', 'Raider 2']

test('Compound X: two suppressors and a break from cover, a sprint then a shot, a grenade on a squad under a template', async ({
  gm,
  player,
}) => {
  test.setTimeout(180_000)
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  const f = new FightDesk(gm)
  const actions = new ActionPanel(gm.page)
  const page = gm.page
  await gm.createCampaign('Moments', 'cx-moments', 'compound-x')
  await gm.addCombatant({ name: 'Vex', side: 'party', kind: 'pc', maxHp: 1 })
  await gm.addCombatant({ name: 'Ash', side: 'party', kind: 'pc', maxHp: 1 })
  for (const name of RAIDERS) await gm.addCombatant({ name, side: 'enemy', kind: 'npc', maxHp: 1 })
  await gm.editSheet('Vex', {
    str: 6,
    per: 8,
    fort: 6,
    dex: 6,
    classId: 'soldier',
    weapon: 'anvil-arms-c25',
    grenade: 'ecsc-fragmentation-grenade',
    'grenades.0.count': 2,
    'skill.Explosives': 6,
    ...kit,
  })
  await gm.editSheet('Ash', { str: 5, per: 7, fort: 5, dex: 6, weapon: 'matthews-11-35-carbine', ...kit })
  for (const name of RAIDERS) await gm.editSheet(name, { str: 5, per: 5, fort: 5, dex: 5, weapon: 'matthews-11-35-carbine', ...kit })
  await gm.startFight()
  const map = new BattleMapPage(page)
  /** Reads off the cards (the left column shows cards or the map), then goes back to the map. */
  const onCards = async <T>(read: () => Promise<T>): Promise<T> => {
    await page.getByTestId('show-cards').click()
    const value = await read()
    await page.getByTestId('show-map').click()
    return value
  }
  await map.openOn('Yard')
  await map.place('Vex', { x: 4, y: 4 })
  await map.place('Ash', { x: 4, y: 10 })
  await map.place('Raider 1', { x: 16, y: 6 })
  await map.place('Raider 2', { x: 17, y: 7 })

  // — Two suppressors on Raider 1: each of Vex and Ash lays medium suppression on its own turn in round 1.
  const suppressed = new Set<string>()
  for (let i = 0; i < 4 && suppressed.size < 2; i++) {
    const now = await f.current()
    if (now === 'Vex' || now === 'Ash') {
      await actions.perform(now, 'suppress', { target: 'Raider 1', options: { level: 'medium' } })
      await expect(page.getByTestId('log-entry').filter({ hasText: `${now} lays down medium suppression on Raider 1` })).toHaveCount(1)
      suppressed.add(now)
    }
    if (suppressed.size < 2) {
      await gm.nextTurn()
      await expect.poll(() => f.current()).not.toBe(now)
    }
  }
  expect([...suppressed].sort()).toEqual(['Ash', 'Vex'])
  // One Suppressed per suppressor on the card, and a zone each on both screens (SR-CX-5).
  await onCards(() => expect(gm.card('Raider 1').getByTestId('condition-chip').filter({ hasText: 'Suppressed' })).toHaveCount(2))
  await expect(map.root.getByTestId('map-zone')).toHaveCount(2)
  await expect(player.page.getByTestId('map-zone')).toHaveCount(2)

  // Raider 1 breaks cover: both suppressors react, each shown before the move and prompted after it (CX26).
  await map.startDrag('Raider 1', { x: 24, y: 14 })
  await page.mouse.up()
  const confirm = map.root.getByTestId('move-reactions')
  await expect(confirm).toContainText("Raider 1's move draws 2 reactions")
  await confirm.getByTestId('move-confirm').click()
  await expect(page.getByTestId('reaction-prompt')).toHaveCount(2)
  await expect(page.getByTestId('reaction-prompt').filter({ hasText: 'Vex' })).toHaveCount(1)
  await expect(page.getByTestId('reaction-prompt').filter({ hasText: 'Ash' })).toHaveCount(1)
  // Out of both zones: no Suppressed left on it.
  await onCards(() => expect(gm.card('Raider 1').getByTestId('condition-chip').filter({ hasText: 'Suppressed' })).toHaveCount(0))
  for (let i = 0; i < 2; i++) await page.getByTestId('prompt-dismiss').first().click()
  await expect(page.getByTestId('reaction-prompt')).toHaveCount(0)

  // — On to Vex's turn in round 2. It sprints (CX6): its next shot carries the +1 miss chance.
  for (let i = 0; i < 8 && !((await f.current()) === 'Vex' && (await gm.ribbon.getByTestId('round-number').textContent()) === '2'); i++) {
    const before = `${await gm.ribbon.getByTestId('round-number').textContent()} ${await f.current()}`
    await gm.nextTurn()
    await expect.poll(async () => `${await gm.ribbon.getByTestId('round-number').textContent()} ${await f.current()}`).not.toBe(before)
  }
  expect(await f.current()).toBe('Vex')
  await actions.perform('Vex', 'move', { options: { actions: '1', sprint: true } })
  await expect(page.getByTestId('log-entry').filter({ hasText: 'Vex sprints' })).toHaveCount(1)
  await f.attack.choose('Vex', 'Raider 2')
  await expect(f.attack.root.getByTestId('option-sprinted').locator('input')).toBeChecked()

  // — A grenade on the squad: a template over both Raiders, the throw aimed at it.
  await map.placeArea({ x: 20.5, y: 10.5 }, { label: 'Frag', radius: 5 })
  await expect(map.root.getByTestId('area-mark')).toHaveCount(1)
  const hp = async () => onCards(() => Promise.all(RAIDERS.map((n) => f.hp(n))))
  const before = await hp()
  await actions.root.getByTestId('action-actor').selectOption({ label: 'Vex' })
  await actions.root.getByTestId('action-key').selectOption('throw-grenade')
  await actions.root.getByTestId('action-area').selectOption({ index: 1 })
  await expect(actions.root.getByTestId('action-area')).toContainText('2 under it')
  if (process.env['SALVO_SHOTS']) await page.screenshot({ path: `${process.env['SALVO_SHOTS']}/grenade-template.png` })
  await actions.root.getByTestId('action-perform').click()
  const line = page.getByTestId('log-entry').filter({ hasText: 'Vex throws' })
  await expect(line).toHaveCount(1)
  await expect(line).toContainText('Raider 1')
  await expect(line).toContainText('Raider 2')
  await expect.poll(hp).not.toEqual(before)
})
