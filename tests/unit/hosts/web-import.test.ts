import { writeFileSync } from 'node:fs'
import { afterEach, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { SalvoCore } from '../../../src-main/core/app/salvo-core'
import { startWebServer, type RunningServer } from '../../../src-main/hosts/web/web-server'
import { tempDir } from '../helpers/temp-dir'
import { withGmKey } from '../../../src-shared/gm-key'

let server: RunningServer | null = null
let core: SalvoCore | null = null
afterEach(async () => {
  await server?.close()
  await core?.shutdown()
})

/** One request over a real browser-mode socket, answered. */
function call(name: string, input: unknown): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server!.port}${withGmKey('/ws/gm', server!.gmKey.reveal())}`, { origin: server!.url })
    ws.on('open', () => ws.send(JSON.stringify({ id: 1, name, input })))
    ws.on('message', (d) => {
      const m = JSON.parse(d.toString()) as { kind: string; id?: number; result?: never }
      if (m.kind === 'reply' && m.id === 1) {
        ws.close()
        resolve(m.result!)
      }
    })
    ws.on('close', (code) => reject(new Error(`socket closed (${code}) before the reply`)))
    ws.on('error', reject)
  })
}

it('carries a campaign file far bigger than a command through browser mode', async () => {
  const renderer = tempDir()
  writeFileSync(`${renderer}/gm.html`, '<!doctype html><title>gm</title>')
  core = new SalvoCore({ dataDir: tempDir() })
  await core.start()
  server = await startWebServer(core, renderer, 0)
  expect((await call('createCampaign', { name: 'Big one', seed: 's', rulesetId: 'generic-d100' })).ok).toBe(true)
  const exported = (await call('exportCampaign', undefined)) as { value: { fileName: string; text: string } }
  // Whitespace is valid JSON padding: a 3 MB file with the same campaign in it.
  const text = exported.value.text + ' '.repeat(3 * 1024 * 1024)
  const imported = await call('importCampaign', { fileName: exported.value.fileName, text })
  expect(imported).toMatchObject({ ok: true, value: { name: 'Big one' } })
})
