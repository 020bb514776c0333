import { rmSync, writeFileSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { buildDataFolder } from '../tests/bench/core-fixture'
import { WebProcess } from '../tests/bench/web-process'
import { openDeskPages } from '../tests/bench/desk-pages'
import { pickPc } from '../tests/bench/paint-sampler'

const count = Number(process.argv[2] ?? 30)
const { dataDir } = await buildDataFolder(count, { sheets: 'pcs-and-first-four' })
const server = await WebProcess.start(dataDir)
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
try {
  const pages = await openDeskPages(browser, server)
  const pc = await pickPc(pages.gm, pages.player)
  const input = pages.gm.locator(`[data-testid="combatant-card"][data-combatant-id="${pc}"] [data-testid="hp-input"]`)
  for (const [name, page] of [['gm', pages.gm], ['player', pages.player]] as const) {
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
    await cdp.send('Profiler.start')
    ;(globalThis as any)['cdp_' + name] = cdp
  }
  for (let i = 0; i < 30; i++) {
    await input.fill(i % 2 ? '+1' : '-1')
    await input.press('Enter')
    await pages.gm.waitForTimeout(120)
    if (i % 3 === 2) { await pages.gm.getByTestId('next-turn').click(); await pages.gm.waitForTimeout(120) }
  }
  for (const name of ['gm', 'player']) {
    const { profile } = await (globalThis as any)['cdp_' + name].send('Profiler.stop')
    writeFileSync(`/tmp/prof-${name}.cpuprofile`, JSON.stringify(profile))
  }
  await pages.close()
} finally {
  await browser.close()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
