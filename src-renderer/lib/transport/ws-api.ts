import { REQUEST_NAMES, type RequestName, type SalvoApi, type ServerMessage } from '../../../src-shared/contract'
import type { Result } from '../../../src-shared/result'
import { assetPath, type AssetName } from '../../../src-shared/scene-assets'
import type { ViewRole } from '../../../src-shared/views'

export type LinkStatus = 'connecting' | 'open' | 'closed'

export interface Transport {
  readonly api: SalvoApi
  /**
   * Where this window loads a stored picture from: its role's route on its own page's origin,
   * the same path in both shells. Pure: it asks the core nothing.
   */
  assetUrl(image: AssetName): string
  /** Called with the link's status now and on every change; returns an unsubscribe. */
  onStatus(listener: (status: LinkStatus) => void): () => void
}

interface Pending {
  resolve(result: Result<unknown>): void
}

const LOST: Result<never> = {
  ok: false,
  error: {
    code: 'connection/lost',
    message: 'Lost the connection to Salvo before it answered. It reconnects by itself; check whether the change applied.',
  },
}

/**
 * Browser mode's SalvoApi: the same methods the Electron preload exposes, over one
 * WebSocket that reconnects by itself (a restarted server picks up where it left off).
 */
export function createWebSocketTransport(role: ViewRole, origin: string = location.origin): Transport {
  const wsUrl = `${origin.replace(/^http/, 'ws')}/ws/${role}`
  const listeners = new Set<(m: ServerMessage) => void>()
  const statusListeners = new Set<(s: LinkStatus) => void>()
  const pending = new Map<number, Pending>()
  let socket: WebSocket | null = null
  let status: LinkStatus = 'connecting'
  let nextId = 1
  let retryMs = 200

  const setStatus = (s: LinkStatus) => {
    status = s
    for (const l of statusListeners) l(s)
  }

  const open = () => {
    setStatus('connecting')
    const ws = new WebSocket(wsUrl)
    socket = ws
    ws.onopen = () => {
      retryMs = 200
      setStatus('open')
    }
    ws.onmessage = (e) => {
      const data = JSON.parse(String(e.data)) as
        { kind: 'reply'; id: number; result: Result<unknown> } | { kind: 'push'; message: ServerMessage }
      if (data.kind === 'reply') {
        pending.get(data.id)?.resolve(data.result)
        pending.delete(data.id)
      } else {
        for (const l of listeners) l(data.message)
      }
    }
    ws.onclose = () => {
      if (socket !== ws) return
      for (const p of pending.values()) p.resolve(LOST)
      pending.clear()
      setStatus('closed')
      setTimeout(open, retryMs)
      retryMs = Math.min(retryMs * 2, 2000)
    }
  }
  open()

  const call = (name: RequestName, input: unknown): Promise<Result<unknown>> =>
    new Promise((resolve) => {
      if (!socket || socket.readyState !== WebSocket.OPEN) {
        resolve({ ok: false, error: { code: 'connection/down', message: 'Not connected to Salvo yet; try again in a moment.' } })
        return
      }
      const id = nextId++
      pending.set(id, { resolve })
      socket.send(JSON.stringify({ id, name, input }))
    })

  const api = Object.fromEntries(REQUEST_NAMES.map((n) => [n, (input: unknown) => call(n, input)])) as unknown as SalvoApi
  api.subscribe = (listener) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }
  return {
    api,
    assetUrl: (image) => `${origin}${assetPath(role, image)}`,
    onStatus(listener) {
      statusListeners.add(listener)
      listener(status)
      return () => statusListeners.delete(listener)
    },
  }
}
