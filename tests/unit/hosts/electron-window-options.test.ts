import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { MESSAGE_CHANNEL, REQUEST_NAMES, requestChannel } from '../../../src-shared/contract'
import { CONTENT_SECURITY_POLICY } from '../../../src-main/hosts/content-security-policy'
import { SenderRegistry, isTrustedSenderUrl } from '../../../src-main/hosts/electron/sender-registry'
import {
  BACKGROUND_COLOR,
  gmWindowOptions,
  isAllowedNavigation,
  playerWindowOptions,
  displayChoices,
  withContentSecurityPolicy,
  type DisplayLike,
} from '../../../src-main/hosts/electron/window-options'

const PRELOAD = '/app/out/preload/index.cjs'
const APP_ROOT = 'salvo://app/'
const DEV_ORIGIN = 'http://localhost:5173'

const source = (file: string) => readFileSync(fileURLToPath(new URL(`../../../${file}`, import.meta.url)), 'utf8')
const hostSource = (file: string) => source(`src-main/hosts/electron/${file}`)

describe('window options', () => {
  for (const [name, make] of [
    ['GM', gmWindowOptions],
    ['player', playerWindowOptions],
  ] as const) {
    it(`locks down the ${name} window's renderer`, () => {
      const options = make(PRELOAD)
      expect(options.webPreferences).toMatchObject({
        preload: PRELOAD,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        webviewTag: false,
        spellcheck: false,
      })
      expect(options.backgroundColor).toBe(BACKGROUND_COLOR)
      expect(options.show).toBe(false)
      expect(options.width).toBeGreaterThanOrEqual(options.minWidth)
    })
  }

  it('gives each window its own preferences object', () => {
    expect(gmWindowOptions(PRELOAD).webPreferences).not.toBe(gmWindowOptions(PRELOAD).webPreferences)
    expect(gmWindowOptions(PRELOAD).title).not.toBe(playerWindowOptions(PRELOAD).title)
  })

  it('puts each window in its own persistent session', () => {
    const gm = gmWindowOptions(PRELOAD).webPreferences.partition
    const table = playerWindowOptions(PRELOAD).webPreferences.partition
    expect(gm).not.toBe(table)
    for (const p of [gm, table]) expect(p).toMatch(/^persist:/)
  })
})

// Where the projector window goes is display-plan's job: tests/unit/hosts/display-plan.test.ts.
describe('screens offered to the GM', () => {
  const primary: DisplayLike = { id: 1, bounds: { x: 0, y: 0, width: 1920, height: 1080 } }
  const projector: DisplayLike = { id: 7, bounds: { x: 1920, y: 0, width: 1280, height: 800 } }

  it('lists the screens for the GM, the own screen first, named when the system gives no name, with their place', () => {
    expect(displayChoices([projector, { ...primary, label: 'Built-in Retina' }], 1)).toEqual([
      { id: 1, label: 'Built-in Retina', systemLabel: 'Built-in Retina', width: 1920, height: 1080, x: 0, y: 0, primary: true },
      { id: 7, label: 'Screen 1', width: 1280, height: 800, x: 1920, y: 0, primary: false },
    ])
  })
})

describe('navigation and sender URLs', () => {
  const roots = [APP_ROOT]

  it('allows our pages at the app origin and refuses everything else', () => {
    expect(isAllowedNavigation('salvo://app/gm.html', roots)).toBe(true)
    expect(isAllowedNavigation('salvo://app/player.html#x', roots)).toBe(true)
    expect(isAllowedNavigation('salvo://evil/gm.html', roots)).toBe(false)
    expect(isAllowedNavigation('salvo://app.evil/gm.html', roots)).toBe(false)
    expect(isAllowedNavigation('salvo://app:8080/gm.html', roots)).toBe(false)
    expect(isAllowedNavigation('salvo:app/gm.html', roots)).toBe(false)
    expect(isAllowedNavigation('salvo-asset://app/gm.html', roots)).toBe(false)
    expect(isAllowedNavigation('https://app/gm.html', roots)).toBe(false)
    expect(isAllowedNavigation('file:///app/out/renderer/gm.html', roots)).toBe(false)
    expect(isAllowedNavigation('https://example.com/', roots)).toBe(false)
    expect(isAllowedNavigation('not a url', roots)).toBe(false)
  })

  it('never counts a file:// URL as ours, even under a root named as one', () => {
    expect(isAllowedNavigation('file:///app/out/renderer/gm.html', ['file:///app/out/renderer/'])).toBe(false)
  })

  it('matches the dev server by exact origin', () => {
    expect(isAllowedNavigation(`${DEV_ORIGIN}/gm.html`, [DEV_ORIGIN])).toBe(true)
    expect(isAllowedNavigation('http://localhost:5174/gm.html', [DEV_ORIGIN])).toBe(false)
    expect(isAllowedNavigation('http://localhost.evil.test:5173/gm.html', [DEV_ORIGIN])).toBe(false)
    expect(isAllowedNavigation('salvo://app/gm.html', [DEV_ORIGIN])).toBe(false)
  })

  it('trusts a sender only on one of our pages', () => {
    expect(isTrustedSenderUrl('salvo://app/gm.html', roots)).toBe(true)
    expect(isTrustedSenderUrl('file:///app/out/renderer/gm.html', roots)).toBe(false)
    expect(isTrustedSenderUrl('https://example.com/', roots)).toBe(false)
    expect(isTrustedSenderUrl('', roots)).toBe(false)
    expect(isTrustedSenderUrl(null, roots)).toBe(false)
  })
})

describe('sender registry', () => {
  it('refuses ids it was never told about', () => {
    const registry = new SenderRegistry()
    registry.register(3, 'gm')
    expect(registry.roleOf(3)).toBe('gm')
    expect(registry.roleOf(4)).toBeNull()
  })

  it('forgets a window once unregistered', () => {
    const registry = new SenderRegistry()
    registry.register(5, 'player')
    registry.unregister(5)
    expect(registry.roleOf(5)).toBeNull()
    expect(registry.size).toBe(0)
  })

  it('will not let a registered window change role', () => {
    const registry = new SenderRegistry()
    registry.register(6, 'player')
    expect(() => registry.register(6, 'gm')).toThrow()
    expect(registry.roleOf(6)).toBe('player')
  })
})

describe('content security policy', () => {
  it('is strict', () => {
    const directives = new Map(
      CONTENT_SECURITY_POLICY.split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([k, ...v]) => [k, v]),
    )
    expect(directives.get('script-src')).toEqual(["'self'"])
    expect(directives.get('object-src')).toEqual(["'none'"])
    expect(directives.get('frame-ancestors')).toEqual(["'none'"])
    // Pictures are same-origin paths in both shells now: no picture scheme to name.
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:'])
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval/)
  })

  it('is one policy: no page carries a meta copy that could disagree with the header', () => {
    for (const page of ['src-renderer/gm.html', 'src-renderer/player.html']) {
      expect(source(page)).toMatch(/<head>/)
      expect(source(page), page).not.toMatch(/http-equiv\s*=\s*["']?content-security-policy/i)
    }
  })

  it('replaces any CSP header the response carried, whatever its case', () => {
    const headers = withContentSecurityPolicy({ 'content-security-policy': ['default-src *'], 'x-a': ['1'] }, CONTENT_SECURITY_POLICY)
    expect(headers).toEqual({ 'x-a': ['1'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] })
    expect(withContentSecurityPolicy(undefined, 'x')).toEqual({ 'Content-Security-Policy': ['x'] })
  })
})

describe('preload channels', () => {
  it('one channel per request, all distinct from the push channel', () => {
    const channels = REQUEST_NAMES.map(requestChannel)
    expect(new Set(channels).size).toBe(REQUEST_NAMES.length)
    expect(channels).not.toContain(MESSAGE_CHANNEL)
  })

  it('the preload declares a method for every request', () => {
    const source = hostSource('preload.ts')
    for (const name of REQUEST_NAMES) expect(source).toMatch(new RegExp(`\\b${name}: request\\('${name}'\\)`))
    expect(source).not.toMatch(/exposeInMainWorld\([^)]*ipcRenderer/)
  })
})

describe('layering', () => {
  // Static `from`, bare side-effect imports, dynamic import() and require().
  const IMPORT = /\bfrom\s+['"]([^'"]+)['"]|\bimport\s+['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]|\brequire\s*\(\s*['"]([^'"]+)['"]/g
  const importsOf = (source: string) => [...source.matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4])

  for (const file of [
    'electron/window-options.ts',
    'electron/sender-registry.ts',
    'app-pages.ts',
    'renderer-files.ts',
    'content-security-policy.ts',
    'asset-request.ts',
    'web/static-files.ts',
  ]) {
    it(`${file} does not import electron`, () => {
      const imports = importsOf(source(`src-main/hosts/${file}`))
      expect(imports).not.toContain('electron')
      expect(imports.some((i) => i?.startsWith('electron/'))).toBe(false)
    })
  }

  it('the import scan does see an electron import where there is one', () => {
    expect(importsOf(hostSource('security.ts'))).toContain('electron')
  })

  it('the contract the sandboxed preload bundles has no runtime imports (zod stays out of it)', () => {
    const runtimeImports = readFileSync(fileURLToPath(new URL('../../../src-shared/contract.ts', import.meta.url)), 'utf8')
      .split('\n')
      .filter((line) => /^import\s/.test(line) && !/^import\s+type\s/.test(line))
    expect(runtimeImports).toEqual([])
  })
})
