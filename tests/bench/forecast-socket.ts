import { performance } from 'node:perf_hooks'
import WebSocket from 'ws'
import type { ForecastProgress } from '../../src-shared/autopilot'
import type { CommandDraft, CommandInput, CommandType } from '../../src-shared/commands'
import type { RequestInputs, RequestName, RequestResults, ServerMessage } from '../../src-shared/contract'
import type { Result } from '../../src-shared/result'
import { gmSocketUrl, type GmAccess } from '../support/gm-access'

/** A message pushed to this window, stamped when it arrived. */
interface Arrival {
  readonly at: number
  readonly message: ServerMessage
}

let commands = 0

/**
 * A GM window over browser mode's WebSocket that keeps what the core pushes (forecast progress,
 * diffs) with the time each arrived, so a bench can time a request to the push it causes.
 */
export class ForecastSocket {
  #next = 1
  readonly #waiting = new Map<number, (r: Result<unknown>) => void>()
  #arrivals: Arrival[] = []
  #wake: (() => void) | null = null

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const at = performance.now()
      const m = JSON.parse(String(data)) as { kind: string; id?: number; result?: Result<unknown>; message?: ServerMessage }
      if (m.kind === 'reply' && m.id !== undefined) {
        this.#waiting.get(m.id)?.(m.result!)
        this.#waiting.delete(m.id)
      } else if (m.kind === 'push' && m.message) {
        this.#arrivals.push({ at, message: m.message })
        this.#wake?.()
      }
    })
  }

  /** Opens the socket and takes a snapshot: a window gets diffs only after one. */
  static async open(server: GmAccess): Promise<ForecastSocket> {
    const ws = new WebSocket(gmSocketUrl(server), { origin: server.url })
    const socket = await new Promise<ForecastSocket>((ok, fail) => {
      ws.once('open', () => ok(new ForecastSocket(ws)))
      ws.once('error', fail)
    })
    await socket.must('snapshot', undefined)
    return socket
  }

  request<N extends RequestName>(name: N, input: RequestInputs[N]): Promise<Result<RequestResults[N]>> {
    const id = this.#next++
    return new Promise((resolve) => {
      this.#waiting.set(id, resolve as (r: Result<unknown>) => void)
      this.ws.send(JSON.stringify({ id, name, input }))
    })
  }

  async must<N extends RequestName>(name: N, input: RequestInputs[N]): Promise<RequestResults[N]> {
    const r = await this.request(name, input)
    if (!r.ok) throw new Error(`${name} refused: ${r.error.code}: ${r.error.message}`)
    return r.value
  }

  dispatch<T extends CommandType>(type: T, payload: CommandInput<T>): Promise<Result<RequestResults['dispatch']>> {
    return this.request('dispatch', { type, payload, meta: { commandId: `forecast-bench-ws-${++commands}` } } as CommandDraft)
  }

  /** Forgets what arrived so far: the next wait sees only later pushes. */
  clear(): void {
    this.#arrivals = []
  }

  /** The first push (kept since the last `clear`) that `match` accepts, waiting for it up to `timeoutMs`. */
  async waitFor<T>(match: (m: ServerMessage) => T | null, timeoutMs: number, what: string): Promise<{ at: number; value: T }> {
    const until = performance.now() + timeoutMs
    for (;;) {
      for (const a of this.#arrivals) {
        const value = match(a.message)
        if (value !== null) return { at: a.at, value }
      }
      const left = until - performance.now()
      if (left <= 0) throw new Error(`no ${what} within ${timeoutMs} ms`)
      await new Promise<void>((ok) => {
        const timer = setTimeout(ok, left)
        this.#wake = () => {
          clearTimeout(timer)
          ok()
        }
      })
    }
  }

  /** The next progress of forecast `jobId` that `match` accepts. */
  progress(
    jobId: string,
    match: (p: ForecastProgress) => boolean,
    timeoutMs: number,
    what: string,
  ): Promise<{ at: number; value: ForecastProgress }> {
    return this.waitFor(
      (m) => (m.kind === 'forecast' && m.forecast.jobId === jobId && match(m.forecast) ? m.forecast : null),
      timeoutMs,
      what,
    )
  }

  close(): void {
    this.ws.close()
  }
}
