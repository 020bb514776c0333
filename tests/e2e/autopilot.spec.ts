import { mkdirSync } from 'node:fs'
import { expect, test } from './fixtures/test'
import { AutopilotDeskPage } from './pages/autopilot-desk'
import { RosterPanel } from './pages/roster-panel'

/**
 * Issue 17 on the GM desk, Compound X, two squads: the forecast fills in beside the desk with a
 * progress bar and changes nothing; a forecast with one side empty says so; on a Raider's turn
 * Suggest explains an act, Do it resolves it as the autopilot's (the log says so) and Ctrl+Z
 * takes it back; Run NPC turns stops at the first player character.
 */

const kit = { armourFamily: 'medium', materialId: 'standard-l1-kevlar' }
/** Small enough to finish in seconds on a slow 2-core machine (the core plays some 20–60 fights a second). */
const QUICK = 200

test('forecast and NPC autopilot: win chance, refusal, suggest, do it, undo, run to a player', async ({ gm }) => {
  test.setTimeout(180_000)
  const page = gm.page
  const desk = new AutopilotDeskPage(page)
  await gm.createCampaign('Kestrel Forecast', 'kestrel-forecast', 'compound-x')
  await gm.addCombatant({ name: 'Vex', side: 'party', kind: 'pc', maxHp: 1 })
  await gm.addCombatant({ name: 'Ash', side: 'party', kind: 'pc', maxHp: 1 })
  await gm.editSheet('Vex', { str: 6, per: 8, fort: 6, dex: 6, luck: 5, classId: 'soldier', weapon: 'anvil-arms-c25', ...kit })
  // An Engineer may use carbines (a Doctor may not: 001 Weapon Proficiencies, SR-CX-193).
  await gm.editSheet('Ash', { str: 5, per: 6, fort: 5, dex: 7, luck: 5, classId: 'engineer', weapon: 'frontier-lz150-carbine', ...kit })
  await gm.startEncounter()

  // Only the party so far: the forecast refuses, saying why, instead of spinning.
  await gm.shortcut('f')
  await expect(desk.forecast).toBeVisible()
  await expect(desk.forecast.getByTestId('forecast-refused')).toHaveText(/needs someone on each side/)
  await expect(desk.forecast.getByTestId('forecast-progress')).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(desk.forecast).toBeHidden()

  // Three ready-made Raiders from the roster.
  const roster = new RosterPanel(page)
  await roster.open()
  await page.getByTestId('quick-npc-pick').selectOption('Raider')
  await page.getByTestId('quick-npc-add').click()
  await expect.poll(() => roster.names()).toContain('Raider')
  await roster.spawn('Raider', 3)
  await expect(gm.card('Raider 3')).toBeVisible()
  const raiders = await Promise.all(
    ['Raider 1', 'Raider 2', 'Raider 3'].map(async (n) => (await gm.card(n).getAttribute('data-combatant-id'))!),
  )
  const pcs = {
    [(await gm.card('Vex').getAttribute('data-combatant-id'))!]: 'Vex',
    [(await gm.card('Ash').getAttribute('data-combatant-id'))!]: 'Ash',
  }

  // Before initiative, from the encounter bar's button: a running forecast with its progress bar,
  // then the win chance, the rounds chart and a bar per combatant fill in.
  const before = await desk.campaignState()
  await page.getByTestId('open-forecast').click()
  await expect(desk.forecast).toHaveAttribute('data-state', 'running')
  await expect(desk.forecast.getByTestId('forecast-progress')).toBeVisible()
  await desk.setFights(QUICK)
  const started = Date.now()
  await desk.forecast.getByTestId('forecast-run').click()
  await expect(desk.forecast.getByTestId('forecast-cancel')).toBeVisible()
  const headline = await desk.forecastDone(60_000)
  console.log(`forecast of ${QUICK} fights: ${Date.now() - started} ms`)
  expect(headline).toMatch(/^Party wins \d+% \(±(\d+|<1)\) · \d+(–\d+)? rounds? most likely$/)
  await expect(desk.forecast.getByTestId('forecast-count')).toContainText(`${QUICK} of ${QUICK} fights`)
  await expect(desk.forecast.getByTestId('forecast-progress')).toHaveAttribute('value', String(QUICK))
  const ended = Number(await desk.forecast.getByTestId('forecast-rounds').getAttribute('data-fights'))
  expect(ended).toBeGreaterThan(0)
  expect(ended).toBeLessThanOrEqual(QUICK)
  await expect(desk.forecast.getByTestId('forecast-combatant')).toHaveCount(5)
  await expect(desk.forecast.getByTestId('forecast-cancel')).toHaveCount(0)
  // A forecast plays on a throwaway copy: the campaign's undo, log and health are as they were.
  expect(await desk.campaignState()).toEqual(before)

  // Cancelling a long one stops it where it is.
  await desk.setFights('')
  await desk.forecast.getByTestId('forecast-run').click()
  await desk.forecast.getByTestId('forecast-cancel').click()
  await expect(desk.forecast).toHaveAttribute('data-state', 'cancelled')
  await expect(desk.forecast.getByTestId('forecast-count')).toContainText('cancelled')
  await page.keyboard.press('Escape')
  await expect(desk.forecast).toBeHidden()

  // Initiative, then on to the first Raider's turn.
  await gm.rollInitiative()
  for (let i = 0; i < 6 && !raiders.includes((await gm.currentId())!); i++) await gm.nextTurn()
  const raider = (await gm.currentId())!
  expect(raiders).toContain(raider)

  // Suggest (by its key): the act, its odds and the policy's reasons.
  await gm.shortcut('u')
  await expect(desk.suggestion).toBeVisible()
  await expect(desk.suggestion).toHaveAttribute('data-actor', raider)
  await expect(desk.suggestion.getByTestId('suggestion-label')).not.toBeEmpty()
  await expect(desk.suggestion.getByTestId('suggestion-odds')).toContainText('damage expected')
  expect(await desk.suggestion.getByTestId('suggestion-reasons').locator('li').count()).toBeGreaterThan(0)
  await expect(desk.suggestion.getByTestId('suggestion-do')).toBeFocused()

  const shots = process.env['SALVO_SHOTS']
  if (shots) {
    mkdirSync(shots, { recursive: true })
    await page.setViewportSize({ width: 1366, height: 768 })
    await page.screenshot({ path: `${shots}/suggestion.png` })
  }

  // What if, from the palette: the suggestion's act against a runner-up, beside the policy's own
  // play; each variant has its own win chance. The campaign is still as it was.
  const label = (await desk.suggestion.getByTestId('suggestion-label').textContent())!.trim()
  await gm.shortcut('Control+k')
  await page.getByTestId('palette-input').fill('forecast')
  await page.getByTestId('palette-input').press('Enter')
  await expect(desk.forecast).toBeVisible()
  await desk.setFights(QUICK)
  await expect(desk.forecast.getByTestId('whatif-a')).toHaveValue('0')
  await expect(desk.forecast.getByTestId('whatif-b')).toHaveValue('1')
  const beforeWhatIf = await desk.campaignState()
  await desk.forecast.getByTestId('whatif-run').click()
  // Three variants of QUICK fights each (the forecast before was done too: wait for this one's count).
  await expect(desk.forecast.getByTestId('forecast-count')).toContainText(`${3 * QUICK} of ${3 * QUICK} fights`, { timeout: 90_000 })
  await desk.forecastDone(5_000)
  const variants = desk.forecast.getByTestId('forecast-variant')
  await expect(variants).toHaveCount(3)
  await expect(variants.nth(0)).toContainText('As things stand')
  await expect(variants.nth(1)).toContainText(label)
  for (let i = 0; i < 3; i++) await expect(variants.nth(i).getByTestId('variant-win')).toHaveText(/^Party wins \d+% \(±(\d+|<1)\)$/)
  expect(await desk.campaignState()).toEqual(beforeWhatIf)
  if (shots) {
    await page.getByTestId('turn-flow').evaluate((el) => (el.scrollTop = 0))
    await page.screenshot({ path: `${shots}/forecast.png` })
    await page.setViewportSize({ width: 1400, height: 860 })
  }
  await page.keyboard.press('Escape')
  await expect(desk.forecast).toBeHidden()

  // Do it: one command, logged as the autopilot's; Ctrl+Z takes it all back.
  const beforeAct = await desk.campaignState()
  await expect(page.getByTestId('log-autopilot')).toHaveCount(0)
  await desk.suggestion.getByTestId('suggestion-do').click()
  await expect(desk.suggestion).toHaveCount(0)
  await expect(page.getByTestId('log-autopilot').first()).toBeVisible()
  const chipped = page.getByTestId('log-entry').filter({ has: page.getByTestId('log-autopilot') })
  await expect(chipped.last()).toContainText(/Raider \d/)
  expect((await desk.campaignState()).log).toBeGreaterThan(beforeAct.log)
  await gm.shortcut('Control+z')
  await expect(page.getByTestId('log-autopilot')).toHaveCount(0)
  await expect.poll(() => desk.campaignState()).toEqual(beforeAct)

  // Run NPC turns: the Raiders play on until a player character's turn, and it says whose.
  await desk.bar.getByTestId('autopilot-run').click()
  const message = desk.bar.getByTestId('autopilot-message')
  await expect(message).toBeVisible({ timeout: 30_000 })
  const acting = (await gm.currentId())!
  expect(Object.keys(pcs)).toContain(acting)
  await expect(message).toContainText(pcs[acting]!)
  await expect(page.getByTestId('log-autopilot').first()).toBeVisible()

  // On a player's turn Suggest still advises (it is the GM's call); Run NPC turns stops at once.
  await desk.bar.getByTestId('autopilot-suggest').click()
  await expect(desk.suggestion).toHaveAttribute('data-actor', acting)
  const log = (await desk.campaignState()).log
  await desk.bar.getByTestId('autopilot-run').click()
  await expect(message).toContainText(pcs[acting]!)
  await expect(message).not.toContainText(/\d+ acts? ·/)
  expect(await gm.currentId()).toBe(acting)
  expect((await desk.campaignState()).log).toBe(log)
})
