import type { SalvoApi } from '../../../src-shared/contract'
import type { ViewRole } from '../../../src-shared/views'
import { assetPath } from '../../../src-shared/scene-assets'
import { createWebSocketTransport, type Transport } from './ws-api'
import { gmSeatFrom, TABLE_SEAT } from './seat'

declare global {
  interface Window {
    /** Present only in the Electron app, exposed by the preload. */
    salvo?: SalvoApi
  }
}

/** The desktop pages load from the app's own scheme, which serves the pictures too: a path is enough. */
function preloaded(role: ViewRole): Transport | null {
  const api = window.salvo
  return api ? { api, assetUrl: (image) => assetPath(role, image), onStatus: (l) => (l('open', 0), () => undefined) } : null
}

/** The table's window: Electron's preload, or browser mode's table socket (which never carries a key). */
export function connectTable(): Transport {
  return preloaded('player') ?? createWebSocketTransport(TABLE_SEAT)
}

/**
 * The GM's window: Electron's preload (no key: its window is its own session), or browser mode's
 * GM socket with the key from this page's address. Null when the page was opened without one.
 */
export function connectGm(fragment: string = location.hash): Transport | null {
  const desktop = preloaded('gm')
  if (desktop) return desktop
  const seat = gmSeatFrom(fragment)
  return seat && createWebSocketTransport(seat)
}
