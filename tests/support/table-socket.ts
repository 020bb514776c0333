import WebSocket from 'ws'
import type { ServerMessage } from '../../src-shared/contract'

/**
 * The table's own socket on browser mode's server (`/ws/player`), as a table page opens it: every
 * message pushed down it is kept, so a leak check reads exactly the bytes a table would get.
 */
export class TableSocket {
  readonly messages: ServerMessage[] = []
  #next = 1
  readonly #waiting = new Map<number, () => void>()

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as { kind: string; id?: number; message?: ServerMessage }
      if (m.kind === 'push' && m.message) this.messages.push(m.message)
      else if (m.kind === 'reply' && m.id !== undefined) {
        this.#waiting.get(m.id)?.()
        this.#waiting.delete(m.id)
      }
    })
  }

  static open(serverUrl: string): Promise<TableSocket> {
    const ws = new WebSocket(`${serverUrl.replace(/^http/, 'ws')}/ws/player`, { origin: serverUrl })
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new TableSocket(ws)))
      ws.once('error', reject)
    })
  }

  /**
   * Resolves once every push sent before now has arrived: the reply to a request comes down the
   * same socket after them.
   */
  caughtUp(): Promise<void> {
    const id = this.#next++
    return new Promise((resolve) => {
      this.#waiting.set(id, resolve)
      this.ws.send(JSON.stringify({ id, name: 'session', input: undefined }))
    })
  }

  close(): void {
    this.ws.terminate()
  }
}
