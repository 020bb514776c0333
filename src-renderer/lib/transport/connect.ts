import type { SalvoApi } from '../../../src-shared/contract'
import type { ViewRole } from '../../../src-shared/views'
import { assetPath } from '../../../src-shared/scene-assets'
import { createWebSocketTransport, type Transport } from './ws-api'

declare global {
  interface Window {
    /** Present only in the Electron app, exposed by the preload. */
    salvo?: SalvoApi
  }
}

/** Electron's preload when it is there, browser mode's WebSocket otherwise: same interface. */
export function connectTransport(role: ViewRole): Transport {
  const preloaded = window.salvo
  // The desktop pages load from the app's own scheme, which serves the pictures too: a path is enough.
  if (preloaded) return { api: preloaded, assetUrl: (image) => assetPath(role, image), onStatus: (l) => (l('open'), () => undefined) }
  return createWebSocketTransport(role)
}
