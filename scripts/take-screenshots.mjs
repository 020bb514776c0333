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
const url = await new Promise((resolve, reject) => {
  let out = ''
  server.stdout.on('data', (d) => {
    out += d
    const m = /GM console:\s+(http:\/\/127\.0\.0\.1:\d+)\//.exec(out)
    if (m) resolve(m[1])
  })
  server.once('exit', () => reject(new Error(out)))
})

const executablePath = execSync('which chromium', { encoding: 'utf8' }).trim()
const browser = await chromium.launch({
  executablePath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  const player = await context.newPage()
  await player.goto(`${url}/player`)
  const gm = await context.newPage()
  await gm.goto(`${url}/`)
  await gm.bringToFront()
  await gm.getByTestId('campaign-name').fill('Outpost Kestrel')
  await gm.getByTestId('campaign-seed').fill('kestrel-7')
  await gm.getByTestId('campaign-ruleset').selectOption('compound-x')
  await gm.getByTestId('create-campaign').click()
  const roster = [
    ['Vex Morrow', 'party', 'pc', 60, 5, false],
    ['Ash Tanaka', 'party', 'pc', 55, 3, false],
    ['Dr. Ilse Ren', 'ally', 'npc', 40, 1, false],
    ['Raider Boss', 'enemy', 'npc', 70, 4, false],
    ['Raider 1', 'enemy', 'npc', 40, 0, false],
    ['Sniper', 'enemy', 'npc', 35, 2, true],
  ]
  for (const [name, side, kind, hp, mod, hidden] of roster) {
    await gm.getByTestId('add-name').fill(name)
    await gm.getByTestId('add-side').selectOption(side)
    await gm.getByTestId('add-kind').selectOption(kind)
    await gm.getByTestId('add-max-hp').fill(String(hp))
    await gm.getByTestId('add-init-mod').fill(String(mod))
    await gm.getByTestId('add-hidden').setChecked(hidden)
    await gm.getByTestId('add-submit').click()
    await gm.getByTestId('combatant-card').filter({ hasText: name }).waitFor()
  }
  // Sheets through the generic sheet editor: stats, class, weapon, armour, shield.
  const sheet = async (name, values) => {
    const card = gm.getByTestId('combatant-card').filter({ hasText: name })
    await card.getByTestId('edit-sheet').click()
    const editor = card.getByTestId('sheet-editor')
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
  await sheet('Vex Morrow', { per: 8, fort: 7, classId: 'soldier', weapon: 'anvil-arms-c25', armourFamily: 'medium', materialId: 'standard-l2-carbon-steel-fiber' })
  await sheet('Ash Tanaka', { dex: 8, classId: 'doctor', weapon: 'frontier-lz150-carbine', armourFamily: 'light', materialId: 'standard-l1-kevlar', shieldId: 'a-class-electron-shield' })
  await sheet('Raider Boss', { str: 8, fort: 8, weapon: 'ecsc-mk15r2', armourFamily: 'medium', materialId: 'standard-l2-carbon-steel-fiber' })
  await sheet('Raider 1', { weapon: 'matthews-11-35-carbine', armourFamily: 'recon', materialId: 'standard-l1-kevlar' })
  await gm.getByTestId('start-encounter').click()
  await gm.getByTestId('roll-initiative').click()
  const panel = gm.getByTestId('attack-panel')
  await panel.getByTestId('attack-attacker').selectOption({ label: 'Vex Morrow' })
  await panel.getByTestId('attack-target').selectOption({ label: 'Raider Boss' })
  await panel.getByTestId('option-distance').locator('input').fill('22')
  await panel.getByTestId('option-distance').locator('input').press('Tab')
  await panel.getByTestId('option-cover').locator('select').selectOption('partial')
  await panel.getByTestId('attack-mode').selectOption('burst')
  await panel.getByTestId('odds-outcome').first().waitFor()
  await panel.getByTestId('attack-resolve').click()
  await gm.waitForTimeout(300)
  await gm.locator('body').click({ position: { x: 700, y: 810 } })
  await gm.waitForTimeout(300)
  await gm.screenshot({ path: 'docs/images/gm-console.png' })
  await player.setViewportSize({ width: 1280, height: 720 })
  await player.screenshot({ path: 'docs/images/player-view.png' })
  console.log('wrote docs/images/gm-console.png and docs/images/player-view.png')
} finally {
  await browser.close()
  // Let the server finish its shutdown (compaction, closing backup) before removing its folder.
  const exited = new Promise((resolve) => server.once('exit', resolve))
  server.kill('SIGTERM')
  await exited
  rmSync(data, { recursive: true, force: true })
}
