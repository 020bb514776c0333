import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { buildDataFolder } from '../tests/bench/core-fixture'
import { WsDriver } from '../tests/bench/ws-driver'

const { dataDir } = await buildDataFolder(30, { sheets: 'pcs-and-first-four' })
const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir=/tmp/sprof', 'out/web/main.js', '--data', dataDir, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] })
const url: string = await new Promise((ok) => child.stdout!.on('data', (d) => { const m = /http:\/\/127\.0\.0\.1:\d+/.exec(String(d)); if (m) ok(m[0]) }))
const driver = await WsDriver.open(url)
const snap = (await driver.request('snapshot', undefined)) as any
const ids = snap.value.records.filter((r: any) => r.typeName === 'combatant').map((r: any) => r.id)
const times: number[] = []
for (let i = 0; i < 600; i++) {
  const t = performance.now()
  await driver.dispatch('combatant/adjustHp', { combatantId: ids[i % ids.length], delta: Math.floor(i / ids.length) % 2 ? 1 : -1 })
  times.push(performance.now() - t)
}
times.sort((a, b) => a - b)
console.log('ack median', times[300]!.toFixed(2), 'p95', times[570]!.toFixed(2))
driver.close()
child.kill('SIGINT')
await new Promise((ok) => child.on('exit', ok))
rmSync(dataDir, { recursive: true, force: true })
