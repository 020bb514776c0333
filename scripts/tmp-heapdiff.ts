import { rmSync, writeFileSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { buildDataFolder } from '../tests/bench/core-fixture'
import { WebProcess } from '../tests/bench/web-process'
import { waitForDesk } from '../tests/bench/desk-pages'
import { WsDriver } from '../tests/bench/ws-driver'

const { dataDir } = await buildDataFolder(30)
const server = await WebProcess.start(dataDir)
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
async function play(driver: WsDriver, ids: readonly string[], i: number) {
  if (i % 3 === 0) return driver.dispatch('encounter/nextTurn', {})
  if (i % 3 === 1) return driver.dispatch('dice/roll', { expression: '3d6+2', purpose: `volley ${i}` })
  const combatantId = ids[Math.floor(i / 6) % ids.length]! as `combatant:${string}`
  return driver.dispatch('combatant/adjustHp', { combatantId, delta: i % 6 === 2 ? -1 : 1 })
}
try {
  const ctx = await browser.newContext({ viewport: { width: 1366, height: 768 } })
  const gm = await ctx.newPage()
  await gm.goto(`${server.url}/`)
  await waitForDesk(gm)
  const ids = await gm.getByTestId('combatant-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-combatant-id') ?? ''))
  const driver = await WsDriver.open(server.url)
  const cdp = await ctx.newCDPSession(gm)
  await cdp.send('HeapProfiler.enable')
  const snap = async (file: string) => {
    await cdp.send('HeapProfiler.collectGarbage')
    const chunks: string[] = []
    const on = (e: { chunk: string }) => chunks.push(e.chunk)
    cdp.on('HeapProfiler.addHeapSnapshotChunk', on)
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
    cdp.off('HeapProfiler.addHeapSnapshotChunk', on)
    writeFileSync(file, chunks.join(''))
  }
  let i = 0
  const run = async (n: number) => { for (const end = i + n; i < end; i += 10) { await Promise.all(Array.from({ length: 10 }, (_, k) => play(driver, ids, i + k))); if (i % 100 === 0) await gm.evaluate('new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))') } }
  await run(600)
  await gm.waitForTimeout(500)
  await snap('/tmp/heapA.heapsnapshot')
  await run(3000)
  await gm.waitForTimeout(500)
  await snap('/tmp/heapB.heapsnapshot')
  driver.close()
} finally {
  await browser.close()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
