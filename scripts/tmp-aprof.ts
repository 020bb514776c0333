import { rmSync, writeFileSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { buildDataFolder } from '../tests/bench/core-fixture'
import { WebProcess } from '../tests/bench/web-process'
import { openDeskPages } from '../tests/bench/desk-pages'
import { pickPc, sample } from '../tests/bench/paint-sampler'
import { attackResolution, conditionAdded, hpEdit, nextTurn } from '../tests/bench/paint-commands'

const count = Number(process.argv[2] ?? 3000)
const which = process.argv[3] ?? 'attack'
const command = { attack: attackResolution, hp: hpEdit, next: nextTurn, cond: conditionAdded }[which]!
const { dataDir } = await buildDataFolder(count, { sheets: 'pcs-and-first-four' })
const server = await WebProcess.start(dataDir, 600_000)
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
try {
  const pages = await openDeskPages(browser, server)
  const desk = { gm: pages.gm, player: pages.player, pcId: await pickPc(pages.gm, pages.player) }
  for (let i = 0; i < 2; i++) await sample(desk, command)
  const cdp = await pages.gm.context().newCDPSession(pages.gm)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  await cdp.send('Profiler.start')
  const out: string[] = []
  for (let i = 0; i < 6; i++) { const s = await sample(desk, command); out.push(`${s.gm.toFixed(0)}/${s.gmDom.toFixed(0)}/${s.player?.toFixed(0)}`) }
  const { profile } = await cdp.send('Profiler.stop')
  writeFileSync('/tmp/prof-a.cpuprofile', JSON.stringify(profile))
  console.log('gm/gmDom/player', out.join(' '))
  await pages.close()
} finally {
  await browser.close()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
