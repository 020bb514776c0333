import { connect } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { SalvoCore } from '../../../src-main/core/app/salvo-core'
import { startWebServer, type RunningServer } from '../../../src-main/hosts/web/web-server'
import { parseServeArgs } from '../../../src-main/hosts/web/cli-args'
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

  it('accepts WebSockets only from its own pages and known roles', async () => {
    expect(await open('/ws/gm', server.url)).toBe('open')
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
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/ws/gm`, { origin: server.url })
    const reply = await new Promise<string>((resolve) => {
      ws.on('open', () => ws.send('{not json'))
      ws.on('message', (d) => resolve(d.toString()))
    })
    expect(JSON.parse(reply)).toMatchObject({ kind: 'reply', result: { ok: false, error: { code: 'request/malformed' } } })
    ws.close()
    expect((await fetch(`${server.url}/`)).status).toBe(200)
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
