import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SalvoServer } from '../../e2e/fixtures/salvo-server'

/**
 * The browser-mode server the end-to-end tests and the reliability tests start: once its fixture
 * has stopped, no copy it started is still running — the one it drives, one it restarted, or one
 * a test started on its data folder and never adopted.
 */
const built = existsSync(resolve('out/web/main.js'))

function running(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe.skipIf(!built && !process.env['CI'])('the test server helper leaves nothing running', () => {
  it('stop() ends the server it drives, a restarted one and a copy it never adopted, and deletes the data folder', async () => {
    const server = await SalvoServer.start()
    const first = server.pid
    await server.kill('SIGKILL')
    await server.launch()
    const restarted = server.pid
    expect(restarted).not.toBe(first)
    // A second copy on another folder, started through the fixture but never adopted.
    const strayDir = mkdtempSync(join(tmpdir(), 'salvo-stray-'))
    const stray = await SalvoServer.spawnOn(strayDir)
    expect(stray.kind).toBe('started')
    const strayPid = stray.kind === 'started' ? stray.child.pid! : -1
    expect(running(restarted)).toBe(true)

    await server.stop()
    expect(running(restarted)).toBe(false)
    expect(server.stillRunning).toBe(0)
    expect(existsSync(server.dataDir)).toBe(false)
    // Copies started outside any fixture are the caller's: the helper can still end them.
    expect(running(strayPid)).toBe(true)
    await SalvoServer.stopAllStarted()
    expect(running(strayPid)).toBe(false)
    rmSync(strayDir, { recursive: true, force: true })
  }, 60_000)

  it('a server that ignores SIGTERM is killed after the grace period', async () => {
    const server = await SalvoServer.start()
    const pid = server.pid
    // Stopped (SIGSTOP): it cannot act on SIGTERM, as a server stuck in a long close would not.
    process.kill(pid, 'SIGSTOP')
    await server.stop({ graceMs: 500 })
    expect(running(pid)).toBe(false)
  }, 30_000)
})
