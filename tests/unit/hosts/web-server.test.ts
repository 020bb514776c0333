import { connect } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { SalvoCore } from '../../../src-main/core/app/salvo-core'
import { startWebServer, type RunningServer } from '../../../src-main/hosts/web/web-server'
import { parseServeArgs } from '../../../src-main/hosts/web/cli-args'
import { GmKey } from '../../../src-main/hosts/web/gm-key'
import { gmKeyFromFragment, withGmKey } from '../../../src-shared/gm-key'
import { tempDir } from '../helpers/temp-dir'

let server: RunningServer
let core: SalvoCore

beforeEach(async () => {
  const renderer = tempDir()
  const { writeFileSync } = await import('node:fs')
  writeFileSync(`${renderer}/gm.html`, '<!doctype html><title>gm</title>')
  writeFileSync(`${renderer}/secret-neighbour.txt`, 'x')
  core = new SalvoCore({ dataDir: tempDir() })
  await core.start()
  server = await startWebServer(core, renderer, 0)
})

afterEach(async () => {
  await server.close()
  await core.shutdown()
})

/** Sends raw bytes and returns the status line (or '' if the server just closed). */
function raw(request: string): Promise<string> {
  return new Promise((resolve) => {
    const s = connect(server.port, '127.0.0.1', () => s.write(request))
    let data = ''
    s.on('data', (d) => (data += d.toString()))
    s.on('close', () => resolve(data.split('\r\n')[0] ?? ''))
    s.on('error', () => resolve(''))
  })
}

const open = (path: string, origin: string | undefined) =>
  new Promise<string>((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}${path}`, origin ? { origin } : {})
    ws.on('open', () => (ws.close(), resolve('open')))
    ws.on('unexpected-response', (_req, res) => resolve(String(res.statusCode)))
    ws.on('error', () => resolve('error'))
  })

describe('browser mode server', () => {
  it('serves the GM page with the CSP, and refuses paths outside the renderer folder', async () => {
    const page = await fetch(`${server.url}/`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect(await raw(`GET /..%2f..%2fetc%2fpasswd HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`)).toMatch(
      / 40[34] /,
    )
  })

  it('answers malformed URLs with 400 and keeps running', async () => {
    expect(await raw(`GET /%E0%A4%A HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`)).toContain('400')
    expect(await raw(`GET http://[bad/ HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`)).toMatch(
      /HTTP\/1.1 40\d|^$/,
    )
    expect((await fetch(`${server.url}/`)).status).toBe(200)
  })

  const gmSocket = () => withGmKey('/ws/gm', server.gmKey.reveal())

  it('accepts WebSockets only from its own pages and known roles', async () => {
    expect(await open(gmSocket(), server.url)).toBe('open')
    expect(await open('/ws/player', server.url)).toBe('open')
    expect(await open('/ws/gm', 'http://evil.example')).toBe('403')
    expect(await open('/ws/gm', undefined)).toBe('403')
    expect(await open('/ws/admin', server.url)).toBe('403')
  })

  it('survives a client that resets during a refused upgrade, and junk frames', async () => {
    const s = connect(server.port, '127.0.0.1', () => {
      s.write(
        `GET /ws/gm HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nOrigin: http://evil\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      )
      s.resetAndDestroy()
    })
    await new Promise((r) => s.on('close', r))
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}${gmSocket()}`, { origin: server.url })
    const reply = await new Promise<string>((resolve) => {
      ws.on('open', () => ws.send('{not json'))
      ws.on('message', (d) => resolve(d.toString()))
    })
    expect(JSON.parse(reply)).toMatchObject({ kind: 'reply', result: { ok: false, error: { code: 'request/malformed' } } })
    ws.close()
    expect((await fetch(`${server.url}/`)).status).toBe(200)
  })
})

describe("the GM's seat wants this run's key", () => {
  it('refuses a GM socket without it, with another, or with one of the wrong length (401); the table needs none', async () => {
    const key = server.gmKey.reveal()
    for (const path of [
      '/ws/gm',
      withGmKey('/ws/gm', GmKey.generate().reveal()),
      withGmKey('/ws/gm', key.slice(1)),
      withGmKey('/ws/gm', ''),
    ]) {
      expect(await open(path, server.url), path).toBe('401')
    }
    expect(await open('/ws/player', server.url)).toBe('open')
    expect(await open(withGmKey('/ws/gm', key), server.url)).toBe('open')
  })

  it("answers a plain request for the GM socket's path with whether its key holds, and nothing else", async () => {
    const probe = (path: string) => fetch(`${server.url}${path}`).then((r) => [r.status, r.headers.get('www-authenticate')])
    expect(await probe('/ws/gm')).toEqual([401, 'Salvo-GM-Key'])
    expect(await probe(withGmKey('/ws/gm', 'A'.repeat(43)))).toEqual([401, 'Salvo-GM-Key'])
    expect(await probe(withGmKey('/ws/gm', server.gmKey.reveal()))).toEqual([426, null])
    expect(await probe('/ws/player')).toEqual([426, null])
  })

  it('is made per server, or taken as given, and printed only in the GM link', async () => {
    const again = await startWebServer(core, tempDir(), 0)
    const given = GmKey.of('B'.repeat(43))
    const third = await startWebServer(core, tempDir(), 0, { gmKey: given })
    try {
      expect(again.gmKey.reveal()).not.toBe(server.gmKey.reveal())
      expect(gmKeyFromFragment(new URL(server.gmUrl).hash)).toBe(server.gmKey.reveal())
      expect(third.gmUrl).toBe(`${third.url}/#k=${'B'.repeat(43)}`)
      // Never by accident: the key object prints and serialises as a placeholder.
      expect(JSON.stringify({ key: given, also: third.gmKey })).toBe('{"key":"[GM key]","also":"[GM key]"}')
      const { inspect } = await import('node:util')
      expect(inspect(given)).not.toContain('B'.repeat(43))
      expect(() => GmKey.of('short')).toThrow()
    } finally {
      await again.close()
      await third.close()
    }
  })
})

describe('serve flags', () => {
  it('parses --data and --port, and refuses bad values and unknown flags', () => {
    expect(parseServeArgs(['--data', 'x', '--port', '0'])).toMatchObject({ ok: true, options: { dataDir: 'x', port: 0 } })
    expect(parseServeArgs([])).toMatchObject({ ok: true, options: { dataDir: './salvo-data', port: 5780 } })
    expect(parseServeArgs(['--port', '99999']).ok).toBe(false)
    expect(parseServeArgs(['--host', '0.0.0.0']).ok).toBe(false)
    expect(parseServeArgs(['--data']).ok).toBe(false)
  })
})
