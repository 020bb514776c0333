import { mkdirSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures/test'
import type { GmPage } from './pages/gm-page'
import { FightDesk } from './pages/fight-desk'
import { BattleMapPage } from './pages/battle-map'
import { CX_RIFLEMAN, GmDispatch } from './pages/gm-dispatch'
import type { SalvoServer } from './fixtures/salvo-server'

/**
 * Every panel that acts for a combatant follows the turn (issue 32): after N it shows whoever acts
 * now, never the one before, and an Enter pressed on the button left focused acts for no one.
 */

const SHOTS = process.env['SALVO_SHOTS']
async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: `${SHOTS}/${name}.png` })
}

const PARTY = ['Vex', 'Ash']
const RAIDERS = ['Raider 1', 'Raider 2', 'Raider 3']

/** Vex and Ash against three Raiders on a map, Raider 3 knocked out before the fight; initiative rolled. */
async function fight(gm: GmPage, server: SalvoServer, prefix: string): Promise<FightDesk> {
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await gm.createCampaign('Follow', `${prefix}-seed`, 'compound-x')
  const desk = await GmDispatch.connect(server, prefix)
  for (const name of [...PARTY, ...RAIDERS]) {
    const side = PARTY.includes(name) ? 'party' : 'enemy'
    await desk.send('combatant/add', { name, side, kind: side === 'party' ? 'pc' : 'npc', maxHp: 1, rules: CX_RIFLEMAN })
  }
  await desk.send('scene/create', { name: 'Yard' })
  const { combatants: ids, sceneId } = await desk.ids()
  const at: Record<string, [number, number]> = {
    Vex: [4, 4],
    Ash: [6, 4],
    'Raider 1': [10, 9],
    'Raider 2': [12, 9],
    'Raider 3': [14, 9],
  }
  for (const [name, [x, y]] of Object.entries(at)) await desk.send('token/place', { sceneId, combatantId: ids[name], x, y })
  await desk.send('combatant/damage', { combatantId: ids['Raider 3'], amount: 400, damageType: 'untyped' })
  await desk.send('encounter/start', { name: 'Yard' })
  await desk.send('encounter/rollInitiative', {})
  desk.close()
  const f = new FightDesk(gm)
  await expect(gm.ribbon.getByTestId('current-combatant')).toBeVisible()
  return f
}

/** The label of the option a select shows. */
const picked = (select: Locator) => select.locator('option:checked')

/** Passes the turn with N pressed where focus is now (a panel's button), and waits for the ribbon. */
async function pressN(f: FightDesk): Promise<string> {
  const before = `${await f.gm.ribbon.getByTestId('round-number').textContent()} ${await f.current()}`
  await f.gm.page.keyboard.press('n')
  await expect.poll(async () => `${await f.gm.ribbon.getByTestId('round-number').textContent()} ${await f.current()}`).not.toBe(before)
  return f.current()
}

/** Whom the panels should load for `acting`: it, unless it is the knocked-out Raider 3 (then no one). */
const expectedActor = (acting: string) => (acting === 'Raider 3' ? '—' : acting)

/** A standing opponent of `name`, for a set-up to aim at. */
const opponentOf = (name: string) => (PARTY.includes(name) ? 'Raider 1' : 'Vex')

/** Passes turns (by the button) until someone standing acts. */
async function toStanding(f: FightDesk): Promise<string> {
  for (let i = 0; i < 6; i++) {
    const now = await f.current()
    if (now !== 'Raider 3') return now
    const before = now
    await f.gm.nextTurn()
    await expect.poll(() => f.current()).not.toBe(before)
  }
  return f.current()
}

test('the Attack panel loads the new acting combatant on N, aims at a standing opponent, and Enter after N fires for no one', async ({
  gm,
  server,
}) => {
  const f = await fight(gm, server, 'follow-attack')
  const panel = f.attack
  const attacker = panel.root.getByTestId('attack-attacker')
  const target = panel.root.getByTestId('attack-target')
  const resolve = panel.root.getByTestId('attack-resolve')
  const dice = panel.root.getByTestId('attack-typed-dice')
  const log = gm.page.getByTestId('log-entry')

  for (let round = 0; round < 3; round++) {
    const before = await toStanding(f)
    const aim = opponentOf(before)
    await panel.choose(before, aim)
    await dice.fill('9 10')
    await expect(resolve).toBeEnabled()
    await resolve.focus()
    if (round === 0) await shot(gm.page, 'follow-turn-attack-before')

    const now = await pressN(f)
    expect(now).not.toBe(before)
    await expect(picked(attacker)).toHaveText(expectedActor(now))
    // Aimed at the first standing opponent: never the knocked-out Raider 3, never a side-mate.
    if (now !== 'Raider 3') {
      await expect(picked(target)).not.toHaveText('Raider 3')
      await expect(picked(target)).toHaveText(PARTY.includes(now) ? /^Raider [12]$/ : /^(Vex|Ash)$/)
    }
    await expect(dice).toHaveValue('')
    await expect(resolve).not.toBeFocused()
    if (round === 0) await shot(gm.page, 'follow-turn-attack-after')

    // A stray Enter: nothing fires, for the one before or anyone (the turn's own lines are in already).
    const afterN = await log.count()
    await gm.page.keyboard.press('Enter')
    await gm.page.waitForTimeout(500)
    await expect(log).toHaveCount(afterN)
  }
})

test("the Action panel's Who follows N, the form open for the one before closes, and Enter after N does nothing", async ({
  gm,
  server,
}) => {
  const f = await fight(gm, server, 'follow-action')
  const panel = f.actions
  const who = panel.root.getByTestId('action-actor')
  const key = panel.root.getByTestId('action-key')
  const perform = panel.root.getByTestId('action-perform')
  const dice = panel.root.getByTestId('action-typed-dice')
  const log = gm.page.getByTestId('log-entry')

  for (let round = 0; round < 3; round++) {
    const before = await toStanding(f)
    await who.selectOption({ label: before })
    await key.selectOption('suppress')
    await panel.root.getByTestId('action-target').selectOption({ label: opponentOf(before) })
    await panel.root.getByTestId('option-level').locator('select').selectOption('medium')
    await dice.fill('4 4')
    await expect(perform).toBeEnabled()
    await perform.focus()
    if (round === 0) await shot(gm.page, 'follow-turn-action-before')

    const now = await pressN(f)
    await expect(picked(who)).toHaveText(expectedActor(now))
    await expect(dice).toHaveValue('')
    await expect(perform).not.toBeFocused()
    if (round === 0) await shot(gm.page, 'follow-turn-action-after')

    const afterN = await log.count()
    await gm.page.keyboard.press('Enter')
    await gm.page.waitForTimeout(500)
    await expect(log).toHaveCount(afterN)
    await expect(log.filter({ hasText: 'suppression' })).toHaveCount(0)
  }
})

test('a token menu open when the turn passes closes', async ({ gm, server }) => {
  const f = await fight(gm, server, 'follow-menu')
  const map = new BattleMapPage(gm.page)
  await map.open()
  const acting = await toStanding(f)
  const menu = await map.openTokenMenu(acting)
  await expect(menu.getByTestId('token-action').first()).toBeFocused()
  await pressN(f)
  await expect(map.root.getByTestId('token-menu')).toHaveCount(0)
})
