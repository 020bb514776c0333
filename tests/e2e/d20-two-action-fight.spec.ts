import { expect, test } from './fixtures/test'
import { FightDesk } from './pages/fight-desk'
import { RosterPanel } from './pages/roster-panel'

/**
 * A two-round fight in the d20 two-action system, from a fresh campaign with a forced seed: two
 * PCs against the ruleset's ready-made Duelist and Brute. Initiative is d20 + Dex (W1); attacks
 * are read from their exact odds and resolved, the cards moving by what the log says (W3); the
 * pips show Two Actions and a second attack refused without Combat Prowess (W2); the defender's
 * reaction is an option with its combined odds, held actions adding to it (W2, W4); a burning
 * status ticks at the start of its bearer's turn (W5); round 2 gives the reactions back.
 */

const SEED = 'waygate-skirmish'

/** The GM's moves in this fight, on the shared page objects. */
class Fight extends FightDesk {
  /** The newest log entry whose text matches. */
  entry(text: string | RegExp) {
    return this.gm.page.getByTestId('log-entry').filter({ hasText: text }).last()
  }

  /** Sets the sheet's fields by key, toggles included (the shared page object sets numbers and choices only). */
  async sheet(name: string, values: Record<string, string | number | boolean>): Promise<void> {
    const card = this.gm.card(name)
    await card.getByTestId('edit-sheet').click()
    const editor = card.getByTestId('sheet-editor')
    await expect(editor.getByTestId('option-str')).toBeVisible()
    for (const [key, value] of Object.entries(values)) {
      const field = editor.getByTestId(`option-${key}`)
      if (typeof value === 'boolean') await field.locator('input').setChecked(value)
      else if (typeof value === 'number') {
        await field.locator('input').fill(String(value))
        await field.locator('input').press('Tab')
      } else await field.locator('select').selectOption(value)
    }
    await editor.getByTestId('sheet-save').click()
    await expect(editor).toHaveCount(0)
  }

  /** Picks the attack, waits for its odds and checks they are a whole distribution. */
  async prepare(
    attacker: string,
    target: string,
    set: { weapon: string; mode?: string; reaction?: string },
  ): Promise<Record<string, number>> {
    await this.attack.choose(attacker, target)
    // Name the weapon every time: a new attacker starts from its first.
    await this.attack.root.getByTestId('attack-weapon').selectOption({ label: set.weapon })
    if (set.mode) await this.attack.root.getByTestId('attack-mode').selectOption(set.mode)
    // The reaction is chosen per defender: its option's key names the target.
    if (set.reaction) await this.attack.root.locator('[data-testid^="option-reaction"] select').selectOption(set.reaction)
    const rows = this.attack.root.getByTestId('odds-outcome')
    await expect(set.reaction ? rows.filter({ hasText: 'Stopped' }) : rows.first()).toBeVisible()
    // The panel re-renders as the preview arrives: read once the rows make a whole distribution.
    const sum = async () => Object.values(await this.attack.outcomes()).reduce((a, b) => a + b, 0)
    await expect.poll(sum).toBeCloseTo(100, 0)
    return this.attack.outcomes()
  }

  /** Resolves the prepared attack and checks the target's card moved by the damage its log line reports. */
  async resolve(attacker: string, target: string, dice?: string): Promise<{ damage: number; text: string }> {
    const before = await this.hp(target)
    const entries = await this.gm.page.getByTestId('log-entry').count()
    await this.attack.resolve(dice)
    await expect.poll(() => this.gm.page.getByTestId('log-entry').count()).toBeGreaterThan(entries)
    const line = new RegExp(`^${attacker} (attacks|casts at|makes an attack of opportunity on) ${target} with the `)
    const text = (await this.gm.page.getByTestId('log-entry').locator('.text').filter({ hasText: line }).last().textContent()) ?? ''
    const damage = Number(/(?:hit|critical hit), (\d+) damage/.exec(text)?.[1] ?? 0)
    await expect.poll(() => this.hp(target)).toBe(Math.max(0, before - damage))
    return { damage, text }
  }

  /** The damage a start-of-turn summary line reports for a status (W5). */
  async tick(status: string): Promise<number> {
    const line = this.gm.page.getByTestId('turn-summary-line').filter({ hasText: status })
    await expect(line).toHaveCount(1)
    return Number(/: (\d+) fire damage/.exec((await line.textContent()) ?? '')?.[1] ?? NaN)
  }

  reactionsLine(name: string) {
    return this.gm.sheetLine(name, 'Reactions')
  }
}

test('a two-round d20 two-action fight from a fresh campaign: initiative, exact odds, pips, reactions, a status that ticks, round 2', async ({
  gm,
  player,
}) => {
  test.setTimeout(180_000)
  const f = new Fight(gm)
  const page = gm.page
  await gm.createCampaign('Waygate Skirmish', SEED, 'd20-two-action')
  await gm.addCombatant({ name: 'Devin', side: 'party', kind: 'pc', maxHp: 24, initiativeModifier: 2 })
  await gm.addCombatant({ name: 'Arik', side: 'party', kind: 'pc', maxHp: 20, initiativeModifier: 3 })
  await f.sheet('Devin', { str: 3, dex: 2, weapon1: 'straight-sword', armour: 'ring-shirt' })
  await f.sheet('Arik', { dex: 3, mag: 3, weapon1: 'cinder-dart', weapon2: 'pocket-pistol', armour: 'quilted-coat', dodge: true })
  await expect(gm.sheetLine('Devin', 'Armour rating')).toHaveText(/14 \(Ring shirt\)/)

  // The ruleset's ready-made NPCs go into the roster, then onto the field.
  const roster = new RosterPanel(page)
  await roster.open()
  for (const npc of ['Duelist', 'Brute']) {
    await page.getByTestId('quick-npc-pick').selectOption(npc)
    await page.getByTestId('quick-npc-add').click()
    await expect(roster.entry(npc)).toHaveCount(1)
    await roster.spawn(npc, 1)
  }
  await expect(gm.card('Duelist 1').getByTestId('card-hp')).toHaveText('18 / 18')
  await expect(gm.card('Brute 1').getByTestId('card-hp')).toHaveText('30 / 30')

  // W1: d20 + Dex; the seed gives this order (Arik 14 + 3, Duelist 7 + 4, Devin 7 + 2, Brute 6 + 0).
  await gm.startEncounter()
  await gm.rollInitiative()
  await expect
    .poll(() => gm.ribbon.getByTestId('ribbon-entry').locator('.name').allTextContents())
    .toEqual(['Arik', 'Duelist 1', 'Devin', 'Brute 1'])
  await expect(f.entry('Arik rolls initiative')).toContainText('17')
  // W2: Two Actions a turn; one reaction a round, two for the Duelist (Grace and Finesse).
  expect(await f.desk.left('Arik', 'actions')).toBe(2)
  expect(await f.desk.left('Duelist 1', 'reactions')).toBe(2)
  expect(await f.desk.left('Devin', 'reactions')).toBe(1)

  // — Round 1 — Arik casts the cinder dart at the Brute (dice typed from the table: d20 15, d6 4, d4 2 turns).
  expect(await f.current()).toBe('Arik')
  await f.prepare('Arik', 'Brute 1', { weapon: 'Cinder dart' })
  await expect(f.attack.root.getByTestId('attack-cost')).toHaveText('Costs 1 action')
  const dart = await f.resolve('Arik', 'Brute 1', '15 4 2')
  expect(dart.damage).toBe(7) // 4 + Magic 3 (003 Dealing Damage)
  await expect(gm.card('Brute 1').getByTestId('condition-chip').filter({ hasText: 'Burned' })).toBeVisible()
  await expect.poll(() => f.desk.left('Arik', 'actions')).toBe(1)
  await expect(gm.sheetLine('Arik', 'Attacks in its turn')).toHaveText(/1 of 1/)
  // W2: a second attack in the turn is refused without Combat Prowess, and the preview says why.
  await f.attack.choose('Arik', 'Duelist 1')
  await f.attack.root.getByTestId('attack-weapon').selectOption({ label: 'Pocket pistol' })
  await expect(f.attack.root.getByTestId('attack-blocked')).toContainText('a second needs Combat Prowess (W2)')
  // Arik holds its last action instead: +1 to its reactions until its next turn (W2).
  await gm.card('Arik').getByTestId('hold-actions').click()
  await gm.card('Arik').getByTestId('hold-trigger').fill('an enemy swings at it')
  await gm.card('Arik').getByTestId('hold-amount').fill('1')
  await gm.card('Arik').getByTestId('hold-trigger').press('Enter')
  await expect(gm.card('Arik').getByTestId('card-held')).toBeVisible()

  // The Duelist lunges at Arik, who may Dodge: the option brings the combined odds (W4), with the held +1.
  await f.next('Duelist 1')
  const open = await f.prepare('Duelist 1', 'Arik', { weapon: 'Thin blade' })
  const dodged = await f.prepare('Duelist 1', 'Arik', { weapon: 'Thin blade', reaction: 'dodge' })
  expect(dodged['Stopped (Dodge)']).toBeGreaterThan(0)
  expect(dodged['Miss']).toBeCloseTo(open['Miss']!, 1)
  await f.attack.root.locator('details.why summary').click()
  await expect(f.attack.root.locator('details.why')).toContainText('Holding 1 action +1 (W2)')
  const lunge = await f.resolve('Duelist 1', 'Arik')
  // The seed's lunge is a critical (natural 19, its range 19–20): only a critical Dodge could stop it (W4), and Arik's fails.
  expect(lunge.text).toMatch(/critical hit, 6 damage; Arik's Dodge 5 vs 23 \(critical: needs a natural 20\): fails \(W4\)/)
  await expect(f.reactionsLine('Arik')).toContainText('used: dodge')
  await expect.poll(() => f.desk.left('Duelist 1', 'actions')).toBe(1)

  // Devin swings at the Duelist, who ripostes (dice typed: d20 15 hits AR 12; its Riposte 16 + 4 = 20 beats 18).
  await f.next('Devin')
  await f.prepare('Devin', 'Duelist 1', { weapon: 'Straight sword', reaction: 'riposte' })
  const swing = await f.resolve('Devin', 'Duelist 1', '15 16')
  expect(swing.text).toContain('stopped by Riposte')
  await expect(f.reactionsLine('Duelist 1')).toContainText('used: riposte')
  // The riposte strikes back through a prompt: the Duelist's blade, no modifiers, free (its reaction is already spent).
  const prompt = page.getByTestId('reaction-prompt')
  await expect(prompt).toContainText('Duelist 1 ripostes: 1d6 piercing with the Thin blade at Devin')
  await expect(prompt.getByTestId('prompt-odds')).toContainText('certain: 1–6')
  const beforeRiposte = await f.hp('Devin')
  await prompt.getByTestId('prompt-resolve').click()
  await expect(prompt).toHaveCount(0)
  const riposte = Number(/ripostes at Devin: (\d+) piercing damage/.exec((await f.entry('ripostes at Devin').innerText()) ?? '')![1])
  await expect.poll(() => f.hp('Devin')).toBe(beforeRiposte - riposte)
  // W2: the Riposte came off the Duelist's own pips (Grace and Finesse: one of two left).
  await expect.poll(() => f.desk.left('Duelist 1', 'reactions')).toBe(1)
  await f.actions.perform('Devin', 'move', { options: { actions: '1' } })
  await expect(f.entry('Devin moves up to')).toContainText('9 m')
  await expect.poll(() => f.desk.left('Devin', 'actions')).toBe(0)

  // W5: the Brute burns at the start of its own turn (1d4 fire), then swings twice (Combat Prowess).
  const burning = await f.hp('Brute 1')
  await f.next('Brute 1')
  const burnt = await f.tick('burned')
  await expect.poll(() => f.hp('Brute 1')).toBe(burning - burnt)
  await f.prepare('Brute 1', 'Devin', { weapon: 'Two-handed hammer' })
  await f.resolve('Brute 1', 'Devin')
  await f.prepare('Brute 1', 'Devin', { weapon: 'Two-handed hammer' })
  await expect(f.attack.root.getByTestId('attack-blocked')).toHaveCount(0)
  await page.screenshot({ path: '/tmp/d20-two-action-desk.png' })
  await f.resolve('Brute 1', 'Devin')
  await expect.poll(() => f.desk.left('Brute 1', 'actions')).toBe(0)

  // — Round 2 — Arik's held action is gone, its pips are full again. A round ends for each
  // character at the start of its own turn (003 Round Ends, SR-D20-2): Arik's reactions are back,
  // the Duelist's riposte stays used until the Duelist's own turn.
  await f.next('Arik')
  await expect(gm.ribbon.getByTestId('round-number')).toHaveText('2')
  await expect(player.page.getByTestId('round-number')).toHaveText('2')
  await expect(gm.card('Arik').getByTestId('card-held')).toHaveCount(0)
  await expect.poll(() => f.desk.left('Arik', 'actions')).toBe(2)
  await expect.poll(() => f.desk.left('Duelist 1', 'reactions')).toBe(1)
  await expect(f.reactionsLine('Duelist 1')).toContainText('used: riposte')
  await expect(f.reactionsLine('Arik')).not.toContainText('used:')
  await expect(gm.sheetLine('Arik', 'Attacks in its turn')).toHaveText(/0 of 1/)
  // Arik's pistol now: a new turn, a new attack. Riposte cannot answer a shot (W4): the Duelist may only Dodge it.
  await f.attack.choose('Arik', 'Duelist 1')
  await f.attack.root.getByTestId('attack-weapon').selectOption({ label: 'Pocket pistol' })
  await expect(f.attack.root.locator('[data-testid^="option-reaction"] option')).toHaveText(['No reaction', 'Dodge'])
  await f.prepare('Arik', 'Duelist 1', { weapon: 'Pocket pistol', reaction: 'dodge' })
  await f.resolve('Arik', 'Duelist 1')
  await f.next('Duelist 1')
  // The Duelist's own turn: its round begins, and both its reactions are back.
  await expect.poll(() => f.desk.left('Duelist 1', 'reactions')).toBe(2)
  await expect(f.reactionsLine('Duelist 1')).not.toContainText('used:')
  await f.next('Devin')
  // The burn lasts 2 turns: it ticks once more at the Brute's second turn.
  await f.next('Brute 1')
  await f.tick('burned')
})
