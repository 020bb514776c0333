import type { Locator } from '@playwright/test'
import { expect, test } from './fixtures/test'
import { ActionPanel } from './pages/action-panel'
import { AttackPanel } from './pages/attack-panel'
import { BattleMapPage } from './pages/battle-map'
import { CampaignScreen } from './pages/campaign-screen'
import { CombatDesk } from './pages/combat-desk'
import type { GmPage } from './pages/gm-page'
import { RosterPanel } from './pages/roster-panel'

/**
 * Two rounds of the d10 difficulty system from a fresh campaign, with a forced seed: sheets from
 * the form and the ready-made NPCs, initiative (D2), a burst read from its exact odds (D4, D5), a
 * melee strike with the defender's Dodge or Block (D6), pips spent and refilled (D3), suppressing
 * fire whose lane shows on the map and whose target's dash draws the GM's out-of-turn shot, the
 * condition ending at the suppressor's next turn, and initiative rolled again for round 2.
 */

const SEED = 'd10-street-fight'

/** What the GM console shows, read the way the checks need it. */
function reader(gm: GmPage) {
  const page = gm.page
  const lastLog = (containing: string | RegExp): Locator => page.getByTestId('log-entry').filter({ hasText: containing }).last()
  return {
    lastLog,
    /** Health as the card shows it ("24 / 24" → 24). */
    hp: async (name: string) => Number((await gm.hp(name)).split('/')[0]),
    current: async () => (await gm.ribbon.getByTestId('current-combatant').locator('.name').innerText()).trim(),
    order: async () => (await gm.ribbon.getByTestId('ribbon-entry').locator('.name').allInnerTexts()).map((x) => x.trim()),
    /** The damage a resolved attack's log line reports (0 on a miss). */
    damageIn: async (containing: string) =>
      Number(/, (\d+) damage/.exec((await lastLog(containing).locator('.text').innerText()) ?? '')?.[1] ?? 0),
    logCount: () => page.getByTestId('log-entry').count(),
  }
}
type Reader = ReturnType<typeof reader>

interface AttackSetUp {
  /** The GM ignores positions for this one attack (the map's distance is not the one the GM reads out). */
  readonly ignorePositions?: boolean
  readonly weapon?: string
  readonly mode?: string
  readonly numbers?: Record<string, number>
  readonly choices?: Record<string, string>
}

/** Sets up an attack, reads its odds (they sum to 100%), resolves, and checks the target's health moved by what the log says. */
async function attackWith(
  panel: AttackPanel,
  read: Reader,
  attacker: string,
  target: string,
  set: AttackSetUp,
): Promise<Record<string, number>> {
  await panel.choose(attacker, target)
  if (set.weapon) await panel.root.getByTestId('attack-weapon').selectOption({ label: set.weapon })
  if (set.mode) await panel.root.getByTestId('attack-mode').selectOption(set.mode)
  if (set.ignorePositions) await panel.root.getByTestId('ignore-positions').check()
  for (const [key, n] of Object.entries(set.numbers ?? {})) await panel.setNumber(key, n)
  for (const [key, v] of Object.entries(set.choices ?? {})) await panel.setChoice(key, v)
  await expect(panel.root.getByTestId('odds-outcome').first()).toBeVisible()
  const odds = await panel.outcomes()
  expect(Object.values(odds).reduce((a, b) => a + b, 0)).toBeCloseTo(100, 0)
  const [health, logged] = [await read.hp(target), await read.logCount()]
  await panel.resolve()
  await expect.poll(read.logCount).toBeGreaterThan(logged)
  const damage = await read.damageIn(` at ${target}`)
  await expect.poll(() => read.hp(target)).toBe(health - damage)
  return odds
}

test('a two-round d10 fight in browser mode: sheets, quick NPCs, exact odds, pips, suppressing fire on the map, initiative rerolled', async ({
  gm,
}) => {
  test.setTimeout(180_000)
  const page = gm.page
  await gm.createCampaign('Street Fight', SEED, 'd10-difficulty')
  // D2's campaign option: initiative rerolled every round, unless fixed for the encounter.
  const campaign = new CampaignScreen(page)
  await campaign.open()
  await expect(page.getByTestId('ruleset-settings').locator('select')).toHaveValue('each-round')
  await campaign.backToFight()
  await gm.addCombatant({ name: 'Vale', side: 'party', kind: 'pc', maxHp: 24 })
  await gm.addCombatant({ name: 'Kit', side: 'party', kind: 'pc', maxHp: 22 })
  await gm.editSheet('Vale', {
    str: 0,
    dex: 1,
    con: 0,
    per: 1,
    'skill.firearms': 3,
    'skill.dodge': 1,
    armour: 'plate-vest',
    'weapon.0': 'service-carbine',
    'weapon.1': 'combat-knife',
  })
  await gm.editSheet('Kit', {
    str: 1,
    dex: 2,
    con: 1,
    per: 0,
    'skill.melee': 2,
    'skill.dodge': 2,
    armour: 'work-jacket',
    'weapon.0': 'pocket-pistol',
    'weapon.1': 'cudgel',
  })
  await expect(gm.sheetLine('Vale', 'Firearms')).toContainText('d10 +5')
  await expect(gm.sheetLine('Vale', 'Service carbine')).toContainText('30/30 rds')

  // The enemy comes from the ruleset's ready-made NPCs, through the roster.
  const roster = new RosterPanel(page)
  await roster.open()
  for (const npc of ['Heavy gunner', 'Militia rifleman']) {
    await page.getByTestId('quick-npc-pick').selectOption(npc)
    await page.getByTestId('quick-npc-add').click()
    await expect.poll(() => roster.names()).toContain(npc)
    await roster.spawn(npc, 1)
  }
  await expect(gm.card('Heavy gunner 1')).toBeVisible()
  await expect(gm.card('Militia rifleman 1')).toBeVisible()
  await expect(gm.sheetLine('Heavy gunner 1', 'Belt-fed support gun')).toContainText('100/100 rds')

  // The street, to scale: the lane of the suppressing fire will show on it.
  const map = new BattleMapPage(page)
  await map.open()
  await map.createScene('Street')
  await map.place('Vale', { x: 4, y: 4 })
  // Kit stands close to the rifleman (bases 0.9 m apart): a cudgel reaches 1 m base to base (SR-D10-42).
  await map.place('Kit', { x: 6.3, y: 10 })
  await map.place('Militia rifleman 1', { x: 8, y: 10 })
  await map.place('Heavy gunner 1', { x: 34, y: 4 })
  await page.getByTestId('show-cards').click()

  await gm.startEncounter()
  await gm.rollInitiative()
  const f = reader(gm)
  const attack = new AttackPanel(page)
  const actions = new ActionPanel(page)
  const desk = new CombatDesk(gm)
  // D2 with this seed: d10 + DEX modifier, higher first.
  await expect.poll(() => f.order()).toEqual(['Vale', 'Kit', 'Militia rifleman 1', 'Heavy gunner 1'])
  const round1 = await f.order()
  await expect(f.lastLog('Vale rolls initiative')).toContainText('d10')

  // — Round 1 —
  // Vale: the chapter's worked shot — a small target 100 m out, E 300 → far (+8), standing −1, low light +1 → difficulty 13 (D4);
  // a three-round burst is one check, each further round 2 harder (D5). The street puts the gunner 30 m off, so the GM
  // ignores positions for this one shot to read the chapter's 100 m (issue 31: on the map the tokens give the distance).
  expect(await f.current()).toBe('Vale')
  const burst = await attackWith(attack, f, 'Vale', 'Heavy gunner 1', {
    ignorePositions: true,
    mode: 'burst',
    numbers: { distance: 100, environment: 1 },
    choices: { size: 'small' },
  })
  expect(Object.keys(burst)).toEqual(['0 of 3 hit', '1 of 3 hit', '2 of 3 hit', '3 of 3 hit'])
  // d10 + 5 against 13, 15 and 17: faces 1–7 miss, 8–9 one hit, 10 two hits, three never.
  expect(burst).toEqual({ '0 of 3 hit': 70, '1 of 3 hit': 20, '2 of 3 hit': 10, '3 of 3 hit': 0 })
  await expect(f.lastLog('at Heavy gunner 1')).toContainText('vs difficulty 13')
  await expect(gm.sheetLine('Vale', 'Service carbine')).toContainText('27/30 rds')
  await expect.poll(() => desk.left('Vale', 'action')).toBe(0)
  await expect.poll(() => desk.left('Vale', 'reaction')).toBe(1)

  // Kit walks 4 m (speed points, D3), then swings at the rifleman, who still has its action: it may dodge (D6).
  await gm.nextTurn()
  await expect.poll(() => f.current()).toBe('Kit')
  await actions.perform('Kit', 'move', { options: { metres: 4, mode: 'walk' } })
  await expect.poll(() => desk.left('Kit', 'speed')).toBe(4)
  await attack.choose('Kit', 'Militia rifleman 1')
  await attack.root.getByTestId('attack-weapon').selectOption({ label: 'Cudgel' })
  await expect(attack.root.getByTestId('option-defence').locator('select')).toHaveValue('dodge')
  const swing = await attackWith(attack, f, 'Kit', 'Militia rifleman 1', { weapon: 'Cudgel' })
  expect(Object.keys(swing)).toEqual(['Miss', 'Dodged', 'Blocked (half damage)', 'Hit'])
  expect(swing['Dodged']).toBeGreaterThan(0)
  await expect.poll(() => desk.left('Kit', 'action')).toBe(0)
  // The rifleman's dodge took its action for the round (D6), off its pips at once.
  await expect.poll(() => desk.left('Militia rifleman 1', 'action')).toBe(0)

  // So its turn starts with the action spent: it only kneels, paying a speed point (`002` Movement).
  await gm.nextTurn()
  await expect.poll(() => f.current()).toBe('Militia rifleman 1')
  await expect.poll(() => desk.left('Militia rifleman 1', 'action')).toBe(0)
  await actions.perform('Militia rifleman 1', 'stance', { options: { stance: 'kneeling' } })
  await expect.poll(() => desk.left('Militia rifleman 1', 'speed')).toBe(7)
  await expect(gm.sheetLine('Militia rifleman 1', 'Stance / moving')).toContainText('kneeling')

  // The heavy gunner lays suppressing fire down a 3 m lane to Vale, 5 bullets an action; the lane shows on the map.
  await gm.nextTurn()
  await expect.poll(() => f.current()).toBe('Heavy gunner 1')
  await actions.perform('Heavy gunner 1', 'suppress', { target: 'Vale', options: { width: 3, bullets: 5, actions: 1 } })
  await expect(gm.card('Vale').getByTestId('condition-chip').filter({ hasText: 'Suppressed' })).toContainText(
    "start of Heavy gunner 1's turn",
  )
  await expect(gm.sheetLine('Heavy gunner 1', 'Belt-fed support gun')).toContainText('95/100 rds')
  const beforeShot = await f.hp('Vale')
  await map.open()
  await expect(map.root.getByTestId('map-zone')).toHaveCount(1)
  await expect(map.root.getByTestId('map-zone')).toHaveAttribute('data-label', 'Heavy gunner 1: Suppressing')
  await page.screenshot({ path: '/tmp/d10-difficulty-desk.png' })

  // Vale breaks cover: the GM sees the gunner's out-of-turn shot and its exact odds before the move is committed.
  await map.startDrag('Vale', { x: 4, y: 12 })
  await page.mouse.up()
  await expect(map.root.getByTestId('move-reactions')).toContainText('Heavy gunner 1')
  await map.root.getByTestId('move-confirm').click()
  const prompt = page.getByTestId('reaction-prompt')
  await expect(prompt).toContainText('leaves cover')
  await expect(prompt.getByTestId('prompt-odds')).toContainText(/difficulty \d+ at [\d.]+ m · hit [\d.]+%/)
  await prompt.getByTestId('prompt-resolve').click()
  await expect(prompt).toHaveCount(0)
  await expect(f.lastLog('out-of-turn shot')).toBeVisible()
  const shotDamage = await f.damageIn(' at Vale')
  await page.getByTestId('show-cards').click()
  await expect.poll(() => f.hp('Vale')).toBe(beforeShot - shotDamage)
  await expect(gm.sheetLine('Heavy gunner 1', 'Belt-fed support gun')).toContainText('90/100 rds')

  // Out of its turn the rifleman stabs Kit, paying its reaction (D3); Kit has spent its action, so only Block is open (D6).
  await attack.choose('Militia rifleman 1', 'Kit')
  await attack.root.getByTestId('attack-weapon').selectOption({ label: 'Combat knife' })
  await expect(attack.root.getByTestId('option-defence').locator('select')).toHaveValue('block')
  const stab = await attackWith(attack, f, 'Militia rifleman 1', 'Kit', { weapon: 'Combat knife' })
  expect(stab['Blocked (half damage)']).toBeGreaterThan(0)
  expect(stab['Dodged']).toBe(0)
  await expect.poll(() => desk.left('Militia rifleman 1', 'reaction')).toBe(0)

  // — Round 2 — Initiative is rolled again (D2), every pool is full again (D3).
  await gm.nextTurn()
  await expect(gm.ribbon.getByTestId('round-number')).toHaveText('2')
  await expect(page.getByTestId('log-entry').filter({ hasText: 'rolls initiative for round 2' })).toHaveCount(4)
  for (const name of round1) await expect.poll(() => desk.left(name, 'action')).toBe(1)
  await expect.poll(() => desk.left('Kit', 'speed')).toBe(8)
  const round2 = await f.order()
  expect([...round2].sort()).toEqual([...round1].sort())

  // Walk the round: Vale stays suppressed until the gunner's turn starts (the condition ticks off there);
  // the gunner reloads; Vale fires a single shot.
  let gunnerStarted = false
  for (let turn = 0; turn < round2.length; turn++) {
    const now = await f.current()
    if (now === 'Heavy gunner 1') {
      gunnerStarted = true
      await expect(page.getByTestId('turn-summary')).toContainText("Suppressed on Vale ends (start of Heavy gunner 1's turn)")
      await actions.perform('Heavy gunner 1', 'reload', { options: { weapon: '0' } })
      await expect(gm.sheetLine('Heavy gunner 1', 'Belt-fed support gun')).toContainText('100/100 rds')
    }
    await expect(gm.card('Vale').getByTestId('condition-chip').filter({ hasText: 'Suppressed' })).toHaveCount(gunnerStarted ? 0 : 1)
    if (now === 'Vale') {
      // The rifleman knelt: a small target, 4.5 m off on the map, close range (+2), standing −1 → difficulty 6; d10 + 5 hits on 1–10.
      const single = await attackWith(attack, f, 'Vale', 'Militia rifleman 1', {
        weapon: 'Service carbine',
        mode: 'single',
        numbers: { environment: 0 },
        choices: { size: 'small' },
      })
      expect(single).toEqual({ Miss: 0, Hit: 100 })
      await expect(f.lastLog('at Militia rifleman 1')).toContainText('vs difficulty 6')
    }
    if (turn < round2.length - 1) {
      await gm.nextTurn()
      await expect.poll(() => f.current()).toBe(round2[turn + 1])
    }
  }
  await expect(gm.ribbon.getByTestId('round-number')).toHaveText('2')
})
