import WebSocket from 'ws'
import type { CommandInput, CommandType } from '../../src-shared/commands'
import type { Result } from '../../src-shared/result'
import { gmSocketUrl, type GmAccess } from '../support/gm-access'

/**
 * A second GM window on a browser-mode server, as a WebSocket client in Node that speaks the
 * page's own wire format (src-main/hosts/web/ws-protocol.ts). It sends commands the way a
 * second GM console would; the GM page under test receives every diff over its own socket.
 */
export class WsDriver {
  #nextId = 1
  #commands = 0
  readonly #pending = new Map<number, (r: Result<unknown>) => void>()

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const m = JSON.parse(String(data)) as { kind: string; id?: number; result?: Result<unknown> }
      if (m.kind !== 'reply' || m.id === undefined) return
      this.#pending.get(m.id)?.(m.result!)
      this.#pending.delete(m.id)
    })
  }

  /** Takes a GM seat on `server`: the server accepts sockets only from its own origin, and the GM's with this run's key. */
  static open(server: GmAccess): Promise<WsDriver> {
    const socket = new WebSocket(gmSocketUrl(server), { origin: server.url })
    return new Promise((ok, fail) => {
      socket.once('open', () => ok(new WsDriver(socket)))
      socket.once('error', fail)
    })
  }

  request(name: string, input: unknown): Promise<Result<unknown>> {
    const id = this.#nextId++
    return new Promise((resolve) => {
      this.#pending.set(id, resolve)
      this.socket.send(JSON.stringify({ id, name, input }))
    })
  }

  async dispatch<T extends CommandType>(type: T, payload: CommandInput<T>): Promise<void> {
    const r = await this.request('dispatch', { type, payload, meta: { commandId: `ws-bench-${++this.#commands}` } })
    if (!r.ok) throw new Error(`${type} refused: ${r.error.code}: ${r.error.message}`)
  }

  close(): void {
    this.socket.close()
  }
}
