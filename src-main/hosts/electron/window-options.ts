import type { DisplayInfo } from '../../../src-shared/contract'
import type { ViewRole } from '../../../src-shared/views'
import { APP_SCHEME } from '../app-pages'

/**
 * Window options and URL policy for the Electron shell, kept free of any `electron` import
 * so unit tests (and browser mode, if it ever wants the policy) can load it under plain Node.
 * The shapes below are structural subsets of Electron's types; main.ts passes them straight
 * to `new BrowserWindow`, so the compiler checks they still fit.
 */

export interface Rect {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

/** The parts of Electron's `Display` the placement needs. */
export interface DisplayLike {
  readonly id: number
  readonly bounds: Rect
  readonly workArea?: Rect
  readonly label?: string
}

/** Electron's displays as the GM picks among them ("Screen 2 · 1920×1080"), primary first. */
export function displayChoices(displays: readonly DisplayLike[], primaryId: number): DisplayInfo[] {
  return displays
    .map((d, i) => ({
      id: d.id,
      label: d.label?.trim() || `Screen ${i + 1}`,
      ...(d.label?.trim() ? { systemLabel: d.label.trim() } : {}),
      width: d.bounds.width,
      height: d.bounds.height,
      x: d.bounds.x,
      y: d.bounds.y,
      primary: d.id === primaryId,
    }))
    .sort((a, b) => Number(b.primary) - Number(a.primary))
}

export interface SecureWebPreferences {
  readonly preload: string
  /** Each window's own session, so the table's cannot ask for what only the GM's serves. */
  readonly partition: string
  readonly contextIsolation: true
  readonly sandbox: true
  readonly nodeIntegration: false
  readonly nodeIntegrationInWorker: false
  readonly nodeIntegrationInSubFrames: false
  readonly webSecurity: true
  readonly allowRunningInsecureContent: false
  readonly webviewTag: false
  readonly experimentalFeatures: false
  readonly navigateOnDragDrop: false
  readonly spellcheck: false
}

export interface WindowOptions {
  readonly title: string
  readonly width: number
  readonly height: number
  readonly minWidth: number
  readonly minHeight: number
  readonly backgroundColor: string
  /** Shown on 'ready-to-show' so the dark background never flashes white first. */
  readonly show: false
  readonly autoHideMenuBar: boolean
  /** macOS: fullscreen without a Space of its own (see display-plan's fillModeFor). */
  readonly simpleFullscreen?: boolean
  readonly webPreferences: SecureWebPreferences
}

export const BACKGROUND_COLOR = '#0f1419'

/**
 * The sessions the two windows live in. Persistent, as the default session was, so what a
 * page keeps in localStorage (the roster left open) survives a restart.
 */
export const WINDOW_PARTITIONS: Readonly<Record<ViewRole, string>> = { gm: 'persist:salvo-gm', player: 'persist:salvo-table' }

/** Size of the player window when there is no second screen to fill. */
export const PLAYER_WINDOWED_SIZE = { width: 1280, height: 720 } as const

/**
 * Response headers with our CSP in place of any the response carried (matched without regard
 * to case, as header names are), so the policy in force is exactly the one the tests check.
 */
export function withContentSecurityPolicy(
  headers: Readonly<Record<string, readonly string[]>> | undefined,
  csp: string,
): Record<string, string[]> {
  const result: Record<string, string[]> = {}
  for (const [name, values] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== 'content-security-policy') result[name] = [...values]
  }
  result['Content-Security-Policy'] = [csp]
  return result
}

function secureWebPreferences(preload: string, role: ViewRole): SecureWebPreferences {
  return {
    preload,
    partition: WINDOW_PARTITIONS[role],
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    spellcheck: false,
  }
}

export function gmWindowOptions(preload: string): WindowOptions {
  return {
    title: 'Salvo — GM console',
    width: 1440,
    height: 900,
    minWidth: 1024,
    minHeight: 640,
    backgroundColor: BACKGROUND_COLOR,
    show: false,
    autoHideMenuBar: false,
    webPreferences: secureWebPreferences(preload, 'gm'),
  }
}

export function playerWindowOptions(preload: string, platform: string = process.platform): WindowOptions {
  return {
    // On macOS even the green button then fills the screen in place instead of opening a Space.
    ...(platform === 'darwin' ? { simpleFullscreen: true } : {}),
    title: 'Salvo — Player view',
    width: PLAYER_WINDOWED_SIZE.width,
    height: PLAYER_WINDOWED_SIZE.height,
    minWidth: 640,
    minHeight: 360,
    backgroundColor: BACKGROUND_COLOR,
    show: false,
    // The projector shows the table, not an application menu.
    autoHideMenuBar: true,
    webPreferences: secureWebPreferences(preload, 'player'),
  }
}

function parse(url: string): URL | null {
  try {
    return new URL(url)
  } catch {
    return null
  }
}

/**
 * Whether a URL belongs to one of our renderer roots: the app scheme's origin (`salvo://app/`)
 * or, in development, the electron-vite dev server's. Either must match exactly, by scheme, host
 * and port. file:// never does: our pages no longer load from it, and a page that could reach it
 * could read the disk.
 */
export function isAllowedNavigation(url: string, allowedOrigins: readonly string[]): boolean {
  const target = parse(url)
  if (!target) return false
  for (const allowed of allowedOrigins) {
    const root = parse(allowed)
    if (!root) continue
    if ((root.protocol === 'http:' || root.protocol === 'https:') && target.origin === root.origin) return true
    // Node's URL gives a non-special scheme the origin "null", so scheme and host are compared as written.
    if (root.protocol === `${APP_SCHEME}:` && target.protocol === root.protocol && target.host === root.host && target.host !== '')
      return true
  }
  return false
}
