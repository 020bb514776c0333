import { expect, test } from './fixtures/test'
import { FightDesk } from './pages/fight-desk'
import type { GmPage } from './pages/gm-page'
import { RosterPanel } from './pages/roster-panel'

/**
 * Two rounds of the 2d6 significant/minor ruleset in browser mode, from a fresh campaign with a
 * forced seed: an ambusher's initiative (T2), Tactics, aiming (T5), a burst with a dodge (T4)
 * and its recoil owed to the next round (T6), a parried blade, a reaction out of turn (T3) whose
 * −1 DM ends at the reactor's turn, the pools on the cards, and the round edge that takes the
 * recoil off initiative and refills the pools.
 */

const SEED = 'corridor-2d6'
const PIRATE = 'Pirate boarder 1'

/** GmPage.editSheet sets numbers and choices; the ambush flag is a toggle, ticked here on its own. */
async function springAmbush(gm: GmPage, name: string): Promise<void> {
  const card = gm.card(name)
  await card.getByTestId('edit-sheet').click()
  await card.getByTestId('option-ambusher').locator('input').check()
  await card.getByTestId('sheet-save').click()
  await expect(card.getByTestId('sheet-editor')).toHaveCount(0)
}

/** The desk's panels for this fight, and readings off the ribbon, the cards and the log. */
class Fight extends FightDesk {
  async order(): Promise<string[]> {
    return this.gm.ribbon.getByTestId('ribbon-entry').locator('.name').allTextContents()
  }

  async initiative(name: string): Promise<number> {
    const text = await this.gm.ribbon.getByTestId('ribbon-entry').filter({ hasText: name }).locator('.init').textContent()
    return Number(/(-?\d+)/.exec(text ?? '')?.[1])
  }

  lastLog(containing: string) {
    return this.gm.page.getByTestId('log-entry').filter({ hasText: containing }).last()
  }

  async logCount(): Promise<number> {
    return this.gm.page.getByTestId('log-entry').count()
  }

  /** Reads the preview (its outcomes sum to 100%), resolves, and checks the target's card moved by what the log says. */
  async strike(attacker: string, target: string, set: { weapon: string; mode?: string; defence?: string; dice?: string }) {
    await this.attack.choose(attacker, target)
    await this.attack.root.getByTestId('attack-weapon').selectOption({ label: set.weapon })
    if (set.mode) await this.attack.root.getByTestId('attack-mode').selectOption(set.mode)
    await this.attack.setChoice('defence', set.defence ?? 'none')
    // The preview answers asynchronously: wait until it shows the reaction just chosen (T4), or none.
    const reaction = (label: string) => this.attack.root.locator(`[data-testid=odds-outcome][data-label=${label}]`)
    if (set.defence === 'dodge') await expect(reaction('Dodged')).toBeVisible()
    else if (set.defence === 'parry') await expect(reaction('Parried')).toBeVisible()
    else await expect(reaction('Dodged').or(reaction('Parried'))).toHaveCount(0)
    await expect(this.attack.root.getByTestId('odds-outcome').first()).toBeVisible()
    const odds = await this.attack.outcomes()
    expect(Object.values(odds).reduce((a, b) => a + b, 0)).toBeCloseTo(100, 0)
    const before = await this.hp(target)
    const entries = await this.logCount()
    await this.attack.resolve(set.dice)
    await expect.poll(() => this.logCount()).toBeGreaterThan(entries)
    const line = (await this.lastLog(`${attacker} `).filter({ hasText: target }).locator('.text').textContent()) ?? ''
    const damage = Number(/(\d+) damage after armour/.exec(line)?.[1] ?? 0)
    await expect.poll(() => this.hp(target)).toBe(before - damage)
    return { odds, line, damage }
  }

  async logText(): Promise<string> {
    return (await this.gm.page.getByTestId('log-entry').locator('.text').allTextContents()).join('\n')
  }
}

async function setUp(gm: GmPage): Promise<Fight> {
  await gm.createCampaign('Corridor', SEED, '2d6-significant')
  await gm.addCombatant({ name: 'Vale', side: 'party', kind: 'pc', maxHp: 1 })
  await gm.addCombatant({ name: 'Oso', side: 'party', kind: 'pc', maxHp: 1 })
  // Vale springs the ambush (T2) with a rifle; Oso carries a boarding blade.
  await gm.editSheet('Vale', {
    str: 8,
    dex: 10,
    'skill.Gun Combat': 2,
    'skill.Tactics': 1,
    'weapon.0': 'assault-rifle',
    armour: 'mesh-vest',
  })
  await springAmbush(gm, 'Vale')
  await gm.editSheet('Oso', { str: 10, dex: 6, 'skill.Melee': 2, 'weapon.0': 'boarding-blade', armour: 'padded-jacket' })
  // Hits are STR + DEX + END, derived from the sheet.
  await expect(gm.card('Vale').getByTestId('card-hp')).toHaveText('25 / 25')
  // The opponent is the ruleset's ready-made pirate, through the roster.
  const roster = new RosterPanel(gm.page)
  await roster.open()
  await gm.page.getByTestId('quick-npc-pick').selectOption('Pirate boarder')
  await gm.page.getByTestId('quick-npc-add').click()
  await expect.poll(() => roster.names()).toContain('Pirate boarder')
  await roster.spawn('Pirate boarder', 1)
  await expect(gm.card(PIRATE).getByTestId('card-hp')).toHaveText('25 / 25')
  await gm.startEncounter()
  await gm.rollInitiative()
  return new Fight(gm)
}

test('a two-round 2d6 significant/minor fight from a fresh campaign', async ({ gm }) => {
  test.setTimeout(120_000)
  const f = await setUp(gm)
  const page = gm.page
  // T2: the ambusher counts as rolling 12: 12 + DEX DM 1 = 13, ahead of any roll the others can make.
  await expect.poll(() => f.order()).toEqual(['Vale', 'Oso', PIRATE])
  expect(await f.initiative('Vale')).toBe(13)
  const pirateStart = await f.initiative(PIRATE)

  // — Round 1 — Vale rolls Tactics (T2), free, and adds its effect to one person: with no one picked,
  // itself, the one acting (an ally boosted past the acting combatant would lose its turn this round).
  expect(await f.current()).toBe('Vale')
  await f.actions.perform('Vale', 'tactics')
  const tactics = (await f.lastLog('rolls Tactics').locator('.text').textContent())!
  const gain = Number(/initiative \+(\d+)/.exec(tactics)?.[1] ?? 0)
  await expect.poll(() => f.initiative('Vale')).toBe(13 + gain)
  await expect.poll(() => f.desk.left('Vale', 'significant')).toBe(2)

  // T5: aiming is a minor action: +1 DM on the next attack at the pirate.
  await f.actions.perform('Vale', 'aim', { target: PIRATE })
  await expect(gm.sheetLine('Vale', 'Aiming at')).toContainText(`${PIRATE} +1`)
  await expect.poll(() => f.desk.left('Vale', 'minor')).toBe(0)

  // A burst with the pirate dodging, dice typed from the table: 4 + 3 + Gun Combat 2 + DEX 1 + aim 1 = 11;
  // the dodge takes it to 10 (T4), effect 2; damage 3d6 [2, 2, 2] + auto 3 + effect 2 − mesh vest 4 = 7.
  const burst = await f.strike('Vale', PIRATE, { weapon: 'Assault rifle', mode: 'burst', defence: 'dodge', dice: '4 3 2 2 2' })
  expect(Object.keys(burst.odds)).toEqual(['Miss', 'Dodged', 'Hit'])
  expect(burst.damage).toBe(7)
  expect(burst.line).toContain('dodges')
  // T3: the dodge is a reaction — the pirate's initiative −2 at once, and −1 DM until its own turn.
  await expect(f.lastLog(`${PIRATE}'s initiative`)).toContainText('dodged: a reaction, T3')
  await expect.poll(() => f.initiative(PIRATE)).toBe(pirateStart - 2)
  await expect(gm.card(PIRATE).getByTestId('condition-chip').filter({ hasText: 'Reacting' })).toContainText(`start of ${PIRATE}'s turn`)
  // The burst spent the significant action, and its recoil (0 + 1 for the burst > STR DM 0) is owed next round (T6).
  await expect.poll(() => f.desk.left('Vale', 'significant')).toBe(0)
  await expect(gm.sheetLine('Vale', 'Owed to heft/recoil')).toContainText('−1 initiative next round')
  await expect(gm.sheetLine('Vale', 'Assault rifle (Gun Combat)')).toContainText('27/30 rds')
  await expect(gm.sheetLine('Vale', 'Aiming at')).toHaveCount(0)
  await page.screenshot({ path: '/tmp/2d6-significant-desk.png' })

  // Oso: a blade at the pirate, who parries (T4): the preview shows the parry's share.
  await f.next('Oso')
  const blade = await f.strike('Oso', PIRATE, { weapon: 'Boarding blade', defence: 'parry' })
  expect(Object.keys(blade.odds)).toEqual(['Miss', 'Parried', 'Hit'])
  expect(blade.odds['Parried']).toBeGreaterThan(0)
  // Oso moves: a minor action (004 Movement).
  await f.actions.perform('Oso', 'move')
  await expect.poll(() => f.desk.left('Oso', 'minor')).toBe(0)
  await expect.poll(() => f.desk.left('Oso', 'significant')).toBe(0)
  // Out of its turn Vale reacts to something it sees: one reaction pip, −2 initiative, −1 DM until its turn (T3).
  const valeBefore = await f.initiative('Vale')
  await f.actions.perform('Vale', 'react')
  await expect.poll(() => f.desk.left('Vale', 'reactions')).toBe(8)
  await expect.poll(() => f.initiative('Vale')).toBe(valeBefore - 2)
  await expect(gm.card('Vale').getByTestId('condition-chip').filter({ hasText: 'Reacting' })).toContainText("start of Vale's turn")

  // The pirate's turn: its Reacting mark ends as the turn starts; it fires its scattergun at Vale.
  await f.next(PIRATE)
  await expect(gm.card(PIRATE).getByTestId('condition-chip').filter({ hasText: 'Reacting' })).toHaveCount(0)
  await expect(page.getByTestId('turn-summary')).toContainText(`Reacting on ${PIRATE} ends (start of ${PIRATE}'s turn)`)
  await f.strike(PIRATE, 'Vale', { weapon: 'Scattergun' })

  // — Round 2 — Vale's recoil comes off its initiative as the round begins (T6); the order re-sorts.
  const valeEnd = await f.initiative('Vale')
  await gm.nextTurn()
  await expect(gm.ribbon.getByTestId('round-number')).toHaveText('2')
  await expect(f.lastLog('heft/recoil')).toContainText('loses 1 initiative')
  await expect.poll(() => f.initiative('Vale')).toBe(valeEnd - 1)
  await expect(gm.sheetLine('Vale', 'Owed to heft/recoil')).toContainText('nothing')
  const order = await f.order()
  const totals = await Promise.all(order.map((n) => f.initiative(n)))
  expect([...totals].sort((a, b) => b - a)).toEqual(totals)
  // The pools are full again: reactions for everyone, significant and minor for whoever acts.
  await expect.poll(() => f.desk.left('Vale', 'reactions')).toBe(9)
  expect(await f.current()).toBe(order[0])
  await expect.poll(() => f.desk.left(order[0]!, 'significant')).toBe(2)
  await expect.poll(() => f.desk.left(order[0]!, 'minor')).toBe(1)

  // Play the round through: Vale's Reacting mark ends at its own turn, and it fires a single shot.
  for (const name of order.slice(1)) {
    await f.next(name)
    if (name === 'Vale') {
      await expect(gm.card('Vale').getByTestId('condition-chip').filter({ hasText: 'Reacting' })).toHaveCount(0)
      await f.strike('Vale', PIRATE, { weapon: 'Assault rifle', mode: 'single' })
      await expect(gm.sheetLine('Vale', 'Owed to heft/recoil')).toContainText('nothing')
    }
  }
  const log = await f.logText()
  expect(log).toContain('Vale rolls initiative: 13')
})
