import { REQUEST_NAMES, type RequestName, type SalvoApi, type ServerMessage } from '../../../src-shared/contract'
import type { Result } from '../../../src-shared/result'
import { assetPath, type AssetName } from '../../../src-shared/scene-assets'
import { seatPath, type Seat } from './seat'

/** `refused`: the server turned this window's key away (a GM link from an earlier run); it does not retry. */
export type LinkStatus = 'connecting' | 'open' | 'closed' | 'refused'

export interface Transport {
  readonly api: SalvoApi
  /**
   * Where this window loads a stored picture from: its role's route on its own page's origin,
   * the same path in both shells. Pure: it asks the core nothing.
   */
  assetUrl(image: AssetName): string
  /**
   * Called with the link's status now and on every change, with how many tries to connect have
   * failed since it was last open (0 while it is, and before the first try fails); returns an
   * unsubscribe.
   */
  onStatus(listener: (status: LinkStatus, failedTries: number) => void): () => void
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
 * Whether the server turns this seat's key away. A browser tells a page nothing about a refused
 * WebSocket handshake (no status, just a close), so after a socket that never opened the GM's
 * page asks the socket's path over plain HTTP: 401 means its key is not this run's. Anything
 * else — a server that is down, or starting — is worth another try.
 */
async function keyRefused(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { cache: 'no-store' })).status === 401
  } catch {
    return false
  }
}

/**
 * Browser mode's SalvoApi: the same methods the Electron preload exposes, over one
 * WebSocket that reconnects by itself (a restarted server picks up where it left off; the GM's
 * window only while the key still holds: a restarted server makes a new one).
 */
export function createWebSocketTransport(seat: Seat, origin: string = location.origin): Transport {
  const role = seat.role
  const socketPath = seatPath(seat, `/ws/${role}`)
  const wsUrl = `${origin.replace(/^http/, 'ws')}${socketPath}`
  const listeners = new Set<(m: ServerMessage) => void>()
  const statusListeners = new Set<(s: LinkStatus, failedTries: number) => void>()
  const pending = new Map<number, Pending>()
  let socket: WebSocket | null = null
  let status: LinkStatus = 'connecting'
  let nextId = 1
  let retryMs = 200
  /** Tries that closed since the socket was last open: the desk says "attempt N" from it. */
  let failedTries = 0

  const setStatus = (s: LinkStatus) => {
    status = s
    for (const l of statusListeners) l(s, failedTries)
  }

  const open = () => {
    setStatus('connecting')
    const ws = new WebSocket(wsUrl)
    socket = ws
    let opened = false
    ws.onopen = () => {
      opened = true
      retryMs = 200
      failedTries = 0
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
      // The socket that was open is lost, not failed: the tries after it count.
      if (!opened) failedTries++
      setStatus('closed')
      const delay = retryMs
      retryMs = Math.min(retryMs * 2, 2000)
      const retry = () => setTimeout(open, delay)
      if (opened || seat.role !== 'gm') {
        retry()
        return
      }
      void keyRefused(`${origin}${socketPath}`).then((refused) => (refused ? setStatus('refused') : retry()))
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
    assetUrl: (image) => `${origin}${seatPath(seat, assetPath(role, image))}`,
    onStatus(listener) {
      statusListeners.add(listener)
      listener(status, failedTries)
      return () => statusListeners.delete(listener)
    },
  }
}
