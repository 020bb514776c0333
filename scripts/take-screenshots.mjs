// Regenerates the README screenshots: starts browser mode on a scratch data folder, plays
// the opening of a fight on the GM page, and captures the GM console and the player view.
// Usage: npm run build && node scripts/take-screenshots.mjs
import { spawn, execSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'

const data = mkdtempSync(join(tmpdir(), 'salvo-shots-'))
const server = spawn(process.execPath, ['out/web/main.js', '--data', data, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] })
// The GM link as printed, with this run's key in its fragment; the player screen needs none.
const { url, gmUrl } = await new Promise((resolve, reject) => {
  let out = ''
  server.stdout.on('data', (d) => {
    out += d
    const m = /GM console:\s+((http:\/\/127\.0\.0\.1:\d+)\/\S*)\r?\n/.exec(out)
    if (m) resolve({ url: m[2], gmUrl: m[1] })
  })
  server.once('exit', () => reject(new Error(out)))
})

const executablePath = execSync('which chromium', { encoding: 'utf8' }).trim()
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})
try {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } })
  const player = await context.newPage()
  await player.goto(`${url}/player`)
  const gm = await context.newPage()
  await gm.goto(gmUrl)
  await gm.bringToFront()
  await gm.getByTestId('campaign-name').fill('Outpost Kestrel')
  await gm.getByTestId('campaign-seed').fill('kestrel-7')
  await gm.getByTestId('campaign-ruleset').selectOption('compound-x')
  await gm.getByTestId('create-campaign').click()
  const card = (name) => gm.getByTestId('combatant-card').filter({ has: gm.locator('h3', { hasText: new RegExp(`^\\s*${name}\\s*$`) }) })
  const roster = [
    ['Vex Morrow', 'party', 'pc', false],
    ['Ash Tanaka', 'party', 'pc', false],
    ['Dr. Ilse Ren', 'ally', 'npc', false],
    ['Raider', 'enemy', 'npc', false],
    ['Sniper', 'enemy', 'npc', true],
  ]
  for (const [name, side, kind, hidden] of roster) {
    await gm.getByTestId('add-name').fill(name)
    await gm.getByTestId('add-side').selectOption(side)
    await gm.getByTestId('add-kind').selectOption(kind)
    // Compound X works health out from the sheet: the form asks no Max HP.
    await gm.getByTestId('add-hidden').setChecked(hidden)
    await gm.getByTestId('add-submit').click()
    await card(name).waitFor()
  }
  // Sheets through the generic sheet editor: stats, class, weapon, armour and shield.
  const sheet = async (name, values) => {
    await card(name).getByTestId('edit-sheet').click()
    const editor = card(name).getByTestId('sheet-editor')
    await editor.getByTestId('option-str').waitFor()
    for (const [key, value] of Object.entries(values)) {
      const field = editor.getByTestId(`option-${key}`)
      if (typeof value === 'number') {
        await field.locator('input').fill(String(value))
        await field.locator('input').press('Tab')
      } else await field.locator('select').selectOption(value)
    }
    await editor.getByTestId('sheet-save').click()
    await editor.waitFor({ state: 'detached' })
  }
  await sheet('Vex Morrow', {
    per: 8,
    fort: 7,
    classId: 'soldier',
    weapon: 'anvil-arms-c25',
    armourFamily: 'medium',
    materialId: 'standard-l2-carbon-steel-fiber',
  })
  await sheet('Ash Tanaka', {
    dex: 8,
    classId: 'doctor',
    weapon: 'frontier-lz150-carbine',
    armourFamily: 'light',
    materialId: 'standard-l1-kevlar',
    shieldId: 'a-class-electron-shield',
  })
  await sheet('Dr. Ilse Ren', {
    int: 8,
    classId: 'doctor',
    weapon: 'frontier-pl5-c',
    armourFamily: 'light',
    materialId: 'standard-l1-kevlar',
  })
  await sheet('Raider', { str: 7, weapon: 'matthews-11-35-carbine', armourFamily: 'medium', materialId: 'standard-l1-kevlar' })
  await sheet('Sniper', { per: 9, weapon: 'rmm-577-carbine', armourFamily: 'recon', materialId: 'standard-l1-kevlar' })
  // The Raiders come from the roster: the hand-made one becomes a template, then three copies.
  await card('Raider').getByTestId('save-template').click()
  await gm.getByTestId('roster-toggle').click()
  await gm.locator('[data-testid="roster-entry"][data-name="Raider"]').waitFor()
  await card('Raider').getByTestId('remove-combatant').click()
  const entry = gm.locator('[data-testid="roster-entry"][data-name="Raider"]')
  await entry.getByTestId('spawn-count').fill('3')
  await entry.getByTestId('spawn').click()
  await card('Raider 3').waitFor()
  await gm.getByTestId('roster-toggle').click()
  await gm.getByTestId('start-encounter').click()
  await gm.getByTestId('roll-initiative').click()
  await gm.getByTestId('current-combatant').waitFor()

  // Vex pins Raider 2 down with medium suppression; a burst at the Raider 1; Raider 1 bleeds.
  const actions = gm.getByTestId('action-panel')
  await actions.getByTestId('action-actor').selectOption({ label: 'Vex Morrow' })
  await actions.getByTestId('action-key').selectOption('suppress')
  await actions.getByTestId('action-target').selectOption({ label: 'Raider 2' })
  await actions.getByTestId('option-level').locator('select').selectOption('medium')
  await actions.getByTestId('action-perform').click()
  await card('Raider 2').getByTestId('condition-chip').waitFor()
  const panel = gm.getByTestId('attack-panel')
  await panel.getByTestId('attack-attacker').selectOption({ label: 'Ash Tanaka' })
  await panel.getByTestId('attack-target').selectOption({ label: 'Raider 1' })
  await panel.getByTestId('option-distance').locator('input').fill('18')
  await panel.getByTestId('option-distance').locator('input').press('Tab')
  await panel.getByTestId('odds-outcome').first().waitFor()
  await panel.getByTestId('attack-resolve').click()
  await card('Raider 1').getByTestId('add-condition').click()
  await card('Raider 1').getByTestId('condition-select').selectOption('bleeding')
  await card('Raider 1').getByTestId('condition-rounds').fill('2')
  await card('Raider 1').getByTestId('condition-apply').click()
  // Leave a fresh preview on screen: Vex's next burst at the Raider it is aimed at (suppressing aims), in partial cover.
  await panel.getByTestId('attack-attacker').selectOption({ label: 'Vex Morrow' })
  await panel.getByTestId('attack-target').selectOption({ label: 'Raider 2' })
  await panel.getByTestId('option-distance').locator('input').fill('22')
  await panel.getByTestId('option-distance').locator('input').press('Tab')
  await panel.getByTestId('option-cover').locator('select').selectOption('partial')
  await panel.getByTestId('attack-mode').selectOption('burst')
  // Clicking through the set-up scrolled the columns; show them from the top, as the GM left them.
  const toTop = () => gm.evaluate(() => document.querySelectorAll('main > *').forEach((el) => el.scrollTo(0, 0)))
  await toTop()
  await gm.waitForTimeout(400)
  await gm.screenshot({ path: 'docs/images/gm-1366.png' })
  await gm.setViewportSize({ width: 1920, height: 1080 })
  await toTop()
  await gm.waitForTimeout(400)
  await gm.screenshot({ path: 'docs/images/gm-1920.png' })
  await player.setViewportSize({ width: 1280, height: 720 })
  await player.bringToFront()
  await player.waitForTimeout(300)
  await player.screenshot({ path: 'docs/images/player-view.png' })
  console.log('wrote docs/images/gm-1366.png, gm-1920.png and player-view.png')
} finally {
  await browser.close()
  // Let the server finish its shutdown (compaction, closing backup) before removing its folder.
  const exited = new Promise((resolve) => server.once('exit', resolve))
  server.kill('SIGTERM')
  await exited
  rmSync(data, { recursive: true, force: true })
}
