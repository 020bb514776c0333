import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { REQUEST_NAMES, requestChannel } from '../../../src-shared/contract'
import { ok } from '../../../src-shared/result'
import type { ViewRole } from '../../../src-shared/views'
import type { SalvoCore } from '../../../src-main/core/app/salvo-core'
import { CONTENT_SECURITY_POLICY } from '../../../src-main/hosts/content-security-policy'

/**
 * Electron's security checklist, item by item, against the code the desktop app runs: the
 * window factory's options, the session set-up, the web-contents guards, the IPC bridge and the
 * preload. Electron itself cannot start here, so the `electron` module is the one test double:
 * it records what our code installs, and the test then plays Electron's part (a permission
 * request, a navigation, an IPC call from some frame) against what was installed.
 */

type Handler = (...args: never[]) => unknown
const electron = vi.hoisted(() => {
  const appHandlers = new Map<string, Handler>()
  const ipcHandlers = new Map<string, Handler>()
  const exposed = new Map<string, unknown>()
  const privileged: unknown[] = []
  /** Sessions by partition, each recording what our code installs on it (see fakeSession). */
  const partitions = new Map<string, { session: unknown; installed: Record<string, Handler> }>()
  const ipcRenderer = { invoke: () => Promise.resolve(null), on: () => undefined, removeListener: () => undefined }
  /** A session that records what hardenSession and the app scheme install on it. */
  function fakeSession() {
    const installed: Record<string, Handler> = {}
    const session = {
      webRequest: { onHeadersReceived: (fn: Handler) => void (installed['headers'] = fn) },
      setPermissionRequestHandler: (fn: Handler) => void (installed['request'] = fn),
      setPermissionCheckHandler: (fn: Handler) => void (installed['check'] = fn),
      setDevicePermissionHandler: (fn: Handler) => void (installed['device'] = fn),
      protocol: { handle: (scheme: string, fn: Handler) => void (installed[`scheme:${scheme}`] = fn) },
    }
    return { session, installed }
  }
  return {
    appHandlers,
    ipcHandlers,
    exposed,
    privileged,
    partitions,
    ipcRenderer,
    fakeSession,
    module: {
      app: { on: (event: string, fn: Handler) => void appHandlers.set(event, fn) },
      protocol: { registerSchemesAsPrivileged: (schemes: unknown[]) => void privileged.push(...schemes) },
      session: {
        fromPartition: (partition: string) => {
          if (!partitions.has(partition)) partitions.set(partition, fakeSession())
          return partitions.get(partition)!.session
        },
      },
      ipcMain: {
        handle: (channel: string, fn: Handler) => void ipcHandlers.set(channel, fn),
        removeHandler: (channel: string) => void ipcHandlers.delete(channel),
      },
      contextBridge: { exposeInMainWorld: (key: string, api: unknown) => void exposed.set(key, api) },
      ipcRenderer,
    },
  }
})
vi.mock('electron', () => electron.module)

const { hardenSession, guardWebContents } = await import('../../../src-main/hosts/electron/security')
const { installIpc } = await import('../../../src-main/hosts/electron/ipc')
const { registerAppScheme, windowSession } = await import('../../../src-main/hosts/electron/app-scheme')
const { gmWindowOptions, playerWindowOptions } = await import('../../../src-main/hosts/electron/window-options')

const ROOT = 'salvo://app/'
const OURS = `${ROOT}gm.html`
const EVIL = 'https://evil.example/phish.html'
/** Where the pages used to load from: no longer ours, so refused like any other page. */
const OLD_FILE_PAGE = 'file:///app/out/renderer/gm.html'
const hostFile = (f: string) => readFileSync(fileURLToPath(new URL(`../../../src-main/hosts/electron/${f}`, import.meta.url)), 'utf8')
const fakeSession = electron.fakeSession

describe('Electron security checklist', () => {
  describe.each([
    ['GM', gmWindowOptions],
    ['player', playerWindowOptions],
  ] as const)('the %s window', (_name, make) => {
    const prefs = make('/app/out/preload/index.cjs').webPreferences as unknown as Record<string, unknown>
    it.each([
      [
        '2. Node integration is off everywhere',
        { nodeIntegration: false, nodeIntegrationInWorker: false, nodeIntegrationInSubFrames: false },
      ],
      ['3. context isolation is on', { contextIsolation: true }],
      ['4. the renderer is sandboxed', { sandbox: true }],
      ['6. web security is not disabled', { webSecurity: true }],
      ['8. insecure content is not allowed', { allowRunningInsecureContent: false }],
      ['9. experimental features are off', { experimentalFeatures: false }],
      ['11. <webview> is off', { webviewTag: false }],
    ])('%s', (_item, expected) => {
      expect(prefs).toMatchObject(expected)
    })
    it('10. no Blink features are enabled', () => {
      expect(prefs['enableBlinkFeatures']).toBeUndefined()
    })
  })

  it('4. every renderer is sandboxed app-wide, before any window exists', () => {
    expect(hostFile('main.ts')).toMatch(/app\.enableSandbox\(\)/)
  })

  describe('5. session permissions and 7. the content security policy', () => {
    const { session, installed } = fakeSession()
    beforeAll(() => hardenSession(session as never, CONTENT_SECURITY_POLICY, [ROOT]))

    it.each(['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal'])(
      'denies a "%s" permission request and check',
      (permission) => {
        const answers: boolean[] = []
        installed['request']!(...([null, permission, (granted: boolean) => answers.push(granted)] as never[]))
        expect(answers).toEqual([false])
        expect(installed['check']!(...([null, permission] as never[]))).toBe(false)
        expect(installed['device']!(...([{ deviceType: 'usb' }] as never[]))).toBe(false)
      },
    )

    it('puts our CSP on our pages (replacing any the response had) and leaves foreign pages alone', () => {
      const reply = (url: string) => {
        let out: { responseHeaders?: Record<string, string[]> } = {}
        installed['headers']!(
          ...([{ url, responseHeaders: { 'content-security-policy': ['default-src *'] } }, (r: typeof out) => (out = r)] as never[]),
        )
        return out
      }
      const ours = reply(OURS).responseHeaders!
      const csp = Object.entries(ours).filter(([k]) => k.toLowerCase() === 'content-security-policy')
      expect(csp).toEqual([['Content-Security-Policy', [CONTENT_SECURITY_POLICY]]])
      expect(CONTENT_SECURITY_POLICY).toMatch(/default-src 'none'|default-src 'self'/)
      expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval/)
      expect(reply(EVIL)).toEqual({})
      expect(reply(OLD_FILE_PAGE)).toEqual({})
    })
  })

  describe('12. navigation, 13. new windows and 11. webviews, for every web contents', () => {
    const events = new Map<string, Handler>()
    let openHandler: Handler | null = null
    beforeAll(() => {
      guardWebContents([ROOT])
      const contents = {
        setWindowOpenHandler: (fn: Handler) => void (openHandler = fn),
        on: (event: string, fn: Handler) => void events.set(event, fn),
      }
      electron.appHandlers.get('web-contents-created')!(...([{}, contents] as never[]))
    })
    const prevented = (event: string, url?: string) => {
      let stopped = false
      events.get(event)!(...([{ preventDefault: () => (stopped = true) }, url] as never[]))
      return stopped
    }

    it('denies every window.open', () => {
      expect(openHandler!(...([{ url: OURS }] as never[]))).toEqual({ action: 'deny' })
      expect(openHandler!(...([{ url: EVIL }] as never[]))).toEqual({ action: 'deny' })
    })
    it('stops navigation and redirects away from our pages, and allows our own', () => {
      expect(prevented('will-navigate', EVIL)).toBe(true)
      expect(prevented('will-redirect', EVIL)).toBe(true)
      expect(prevented('will-navigate', 'file:///etc/passwd')).toBe(true)
      expect(prevented('will-navigate', OLD_FILE_PAGE)).toBe(true)
      expect(prevented('will-navigate', 'salvo://evil/gm.html')).toBe(true)
      expect(prevented('will-navigate', OURS)).toBe(false)
      expect(prevented('will-redirect', `${ROOT}player.html`)).toBe(false)
    })
    it('refuses to attach a webview', () => {
      expect(prevented('will-attach-webview')).toBe(true)
    })
  })

  describe('17. the sender of every IPC message is validated', () => {
    const asked: string[] = []
    const core = {
      connect: (role: string) => ({
        role,
        request: async (name: string) => (asked.push(`${role}:${name}`), ok('answered')),
        close: () => undefined,
      }),
    } as unknown as SalvoCore
    const bridge = installIpc(core, [ROOT])
    const gm = { id: 1, isDestroyed: () => false, send: () => undefined, once: () => undefined }
    bridge.attach(gm as never, 'gm')
    const call = (sender: { id: number }, frame: { url: string; parent: unknown } | null) =>
      electron.ipcHandlers.get(requestChannel('snapshot'))!(...([{ sender, senderFrame: frame }, undefined] as never[])) as Promise<{
        ok: boolean
        error?: { code: string }
      }>

    it('registers one handler per request and nothing else', () => {
      expect([...electron.ipcHandlers.keys()].sort()).toEqual(REQUEST_NAMES.map(requestChannel).sort())
    })
    it('answers our top-level page in a window we attached', async () => {
      expect(await call(gm, { url: OURS, parent: null })).toMatchObject({ ok: true })
      expect(asked).toEqual(['gm:snapshot'])
    })
    it.each([
      ['a window Salvo never attached', { id: 99 }, { url: OURS, parent: null }, 'ipc/unknownSender'],
      ['a foreign page in our window', { id: 1 }, { url: EVIL, parent: null }, 'ipc/untrustedFrame'],
      [
        'a file:// page in our window (where the pages used to live)',
        { id: 1 },
        { url: OLD_FILE_PAGE, parent: null },
        'ipc/untrustedFrame',
      ],
      ['another host of our own scheme', { id: 1 }, { url: 'salvo://app.evil/gm.html', parent: null }, 'ipc/untrustedFrame'],
      ['a subframe of our page', { id: 1 }, { url: OURS, parent: {} }, 'ipc/untrustedFrame'],
      ['a frame that is gone', { id: 1 }, null, 'ipc/untrustedFrame'],
    ])('refuses %s without asking the core', async (_what, sender, frame, code) => {
      const before = asked.length
      expect(await call(sender, frame)).toMatchObject({ ok: false, error: { code } })
      expect(asked.length).toBe(before)
    })
  })

  describe('18. our pages load from the app scheme, never file://, each window in its own session', () => {
    // Kept for the whole block (tempDir's folders go after each test).
    const renderer = mkdtempSync(join(tmpdir(), 'salvo-scheme-'))
    const hash = 'c'.repeat(64)
    const picture = join(renderer, `${hash}.png`)
    const asked: string[] = []
    // The core's answer stood in: this picture is the campaign's, and on the table too.
    const lookup = (role: ViewRole, name: string) => (asked.push(`${role}:${name}`), name === `${hash}.png` ? picture : null)
    const partitionOf = (role: ViewRole) =>
      (role === 'gm' ? gmWindowOptions : playerWindowOptions)('/app/out/preload/index.cjs').webPreferences.partition
    /** A request as the window of `role` would make it, answered by what was installed on that window's session. */
    const ask = async (role: ViewRole, path: string) => {
      const handler = electron.partitions.get(partitionOf(role))!.installed['scheme:salvo']!
      return (await handler(...([new Request(`salvo://app${path}`)] as never[]))) as Response
    }
    beforeAll(() => {
      mkdirSync(join(renderer, 'assets'))
      writeFileSync(join(renderer, 'gm.html'), '<title>gm</title>')
      writeFileSync(join(renderer, 'player.html'), '<title>table</title>')
      writeFileSync(join(renderer, 'assets', 'app.js'), 'export {}')
      writeFileSync(picture, 'png bytes')
      registerAppScheme()
      for (const role of ['gm', 'player'] as const) windowSession(role, renderer, lookup, [ROOT])
    })
    afterAll(() => rmSync(renderer, { recursive: true, force: true }))

    it('registers one privileged scheme, standard and secure, that neither bypasses the CSP nor lets other origins read it', () => {
      expect(electron.privileged).toEqual([{ scheme: 'salvo', privileges: { standard: true, secure: true } }])
    })

    it('no page is loaded from a file, and the scheme is declared before the app is ready', () => {
      for (const f of readdirSync(fileURLToPath(new URL('../../../src-main/hosts/electron/', import.meta.url))))
        expect(hostFile(f)).not.toMatch(/loadFile\(|pathToFileURL/)
      const main = hostFile('main.ts')
      expect(main.indexOf('registerAppScheme()')).toBeGreaterThan(-1)
      expect(main.indexOf('registerAppScheme()')).toBeLessThan(main.indexOf('start().catch'))
    })

    it('the GM window and the table window get different sessions, each hardened and each answering the app scheme', () => {
      expect(partitionOf('gm')).not.toBe(partitionOf('player'))
      expect([...electron.partitions.keys()].sort()).toEqual([partitionOf('gm'), partitionOf('player')].sort())
      for (const role of ['gm', 'player'] as const) {
        const { installed } = electron.partitions.get(partitionOf(role))!
        expect(Object.keys(installed).sort()).toEqual(['check', 'device', 'headers', 'request', 'scheme:salvo'])
        const answers: boolean[] = []
        installed['request']!(...([null, 'media', (granted: boolean) => answers.push(granted)] as never[]))
        expect(answers).toEqual([false])
      }
    })

    it("the table's session serves its page and the table's pictures, and has no route to the GM's page or the GM's pictures", async () => {
      asked.length = 0
      const page = await ask('player', '/player.html')
      expect(page.status).toBe(200)
      expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
      expect((await ask('player', '/assets/app.js')).status).toBe(200)
      expect((await ask('player', `/table-assets/${hash}.png`)).status).toBe(200)
      expect((await ask('player', '/gm.html')).status).toBe(404)
      expect((await ask('player', `/campaign-assets/${hash}.png`)).status).toBe(404)
      // The GM's route is refused before the core is even asked.
      expect(asked).toEqual([`player:${hash}.png`])
    })

    it("the GM's session serves its page and the campaign's pictures, not the table's page", async () => {
      expect((await ask('gm', '/gm.html')).status).toBe(200)
      expect(await (await ask('gm', `/campaign-assets/${hash}.png`)).text()).toBe('png bytes')
      expect((await ask('gm', '/player.html')).status).toBe(404)
    })
  })

  it('19. the preload exposes only our request methods, never ipcRenderer itself', async () => {
    await import('../../../src-main/hosts/electron/preload')
    expect([...electron.exposed.keys()]).toEqual(['salvo'])
    const api = electron.exposed.get('salvo') as Record<string, unknown>
    expect(Object.keys(api).sort()).toEqual([...REQUEST_NAMES, 'subscribe'].sort())
    expect(Object.values(api)).not.toContain(electron.ipcRenderer)
    expect(Object.values(api).every((v) => typeof v === 'function')).toBe(true)
  })

  it('14. nothing opens external content, and 15. Electron is a current major', () => {
    for (const f of readdirSync(fileURLToPath(new URL('../../../src-main/hosts/electron/', import.meta.url)))) {
      expect(hostFile(f)).not.toMatch(/openExternal/)
      // "Open data folder" hands Salvo's own folders to the file manager, and nothing else.
      if (f !== 'lifecycle.ts') expect(hostFile(f)).not.toMatch(/openPath/)
    }
    const lifecycle = hostFile('lifecycle.ts')
    expect(lifecycle.match(/openPath\(/g)).toHaveLength(1)
    expect(lifecycle).toContain('shell.openPath(dir)')
    expect([...lifecycle.matchAll(/openFolder\(([^)]*)\)/g)].map((m) => m[1]).sort()).toEqual(['log.dir', 'userData'])
    const pkg = JSON.parse(readFileSync(fileURLToPath(new URL('../../../package.json', import.meta.url)), 'utf8')) as {
      devDependencies?: Record<string, string>
      dependencies?: Record<string, string>
    }
    const version = pkg.devDependencies?.['electron'] ?? pkg.dependencies?.['electron'] ?? ''
    expect(Number(/(\d+)\./.exec(version)?.[1])).toBeGreaterThanOrEqual(38)
  })
})
