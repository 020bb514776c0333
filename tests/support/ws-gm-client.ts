import WebSocket from 'ws'
import type { RequestInputs, RequestName, RequestResults, ServerMessage } from '../../src-shared/contract'
import { applyDiff, viewFromSnapshot, type ViewState } from '../../src-shared/diff'
import type { Result } from '../../src-shared/result'
import { gmSocketUrl, type GmAccess } from './gm-access'
import { SNAPSHOT_LOG_ENTRIES } from '../../src-main/core/projection/snapshot-scope'

/**
 * A GM window without a browser: browser mode's WebSocket protocol from node, keeping the view
 * the way the renderer does (snapshot, then diffs onto their exact version). Every version it
 * reaches is remembered, so a test can compare what the core says after a crash with what it
 * showed before.
 */
export class WsGmClient {
  #next = 1
  readonly #waiting = new Map<number, (r: Result<unknown>) => void>()
  view: ViewState | null = null
  /** The view's records (as JSON, sorted by id, see `recordsJson`) at each version this window reached. */
  readonly #seen = new Map<number, { readonly json: string; readonly logFloor: number }>()
  /**
   * The oldest log line of the last snapshot: older lines were never offered to this window. A
   * later snapshot reaches further back once undo removes newer lines, which is not a difference.
   */
  #logFloor = -Infinity

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => this.#onMessage(JSON.parse(String(data))))
    // A killed server drops the socket: whatever is still waiting will never be answered.
    ws.on('close', () => {
      for (const done of this.#waiting.values()) done({ ok: false, error: { code: 'ws/closed', message: 'the server went away' } })
      this.#waiting.clear()
    })
  }

  /** Takes the GM's seat of `server`: its origin, and this run's key. */
  static connect(server: GmAccess): Promise<WsGmClient> {
    const ws = new WebSocket(gmSocketUrl(server), { origin: server.url })
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new WsGmClient(ws)))
      ws.once('error', reject)
    })
  }

  request<N extends RequestName>(name: N, input: RequestInputs[N]): Promise<Result<RequestResults[N]>> {
    const id = this.#next++
    return new Promise((resolve) => {
      if (this.ws.readyState !== WebSocket.OPEN) {
        resolve({ ok: false, error: { code: 'ws/closed', message: 'not connected' } })
        return
      }
      this.#waiting.set(id, resolve as (r: Result<unknown>) => void)
      this.ws.send(JSON.stringify({ id, name, input }))
    })
  }

  /** Asks for a snapshot and makes it the view. */
  async resync(): Promise<ViewState> {
    const s = await this.request('snapshot', undefined)
    if (!s.ok) throw new Error(`snapshot refused: ${s.error.message}`)
    this.#setView(viewFromSnapshot(s.value), true)
    return this.view!
  }

  close(): void {
    this.ws.close()
  }

  #setView(v: ViewState, fromSnapshot: boolean): void {
    this.view = v
    if (fromSnapshot) {
      const seqs = [...v.records.values()].flatMap((r) => (r.typeName === 'log' ? [r.seq] : []))
      this.#logFloor = seqs.length ? Math.min(...seqs) : -Infinity
    }
    this.#seen.set(v.version, { json: WsGmClient.recordsJson(v, this.#logFloor), logFloor: this.#logFloor })
  }

  /**
   * Whether `view` (another window's, e.g. after a restart) holds what this window was shown at
   * the same version: undefined when this window never reached that version.
   */
  matchesSeen(view: ViewState): boolean | undefined {
    const seen = this.#seen.get(view.version)
    return seen && seen.json === WsGmClient.recordsJson(view, seen.logFloor)
  }

  /**
   * The records as JSON, sorted by id, with the log cut to the latest lines a snapshot sends
   * (a window that followed diffs holds more of the log than a fresh snapshot gives it, by
   * design), none older than `logFloor`.
   */
  static recordsJson(v: ViewState, logFloor = -Infinity): string {
    const all = [...v.records.values()]
    const logs = all.flatMap((r) => (r.typeName === 'log' ? [r] : [])).sort((a, b) => b.seq - a.seq)
    const dropped = new Set<string>([...logs.slice(SNAPSHOT_LOG_ENTRIES), ...logs.filter((l) => l.seq < logFloor)].map((l) => l.id))
    return JSON.stringify(all.filter((r) => !dropped.has(r.id)).sort((a, b) => (a.id < b.id ? -1 : 1)))
  }

  #onMessage(m: { kind: 'reply'; id: number; result: Result<unknown> } | { kind: 'push'; message: ServerMessage }): void {
    if (m.kind === 'reply') {
      this.#waiting.get(m.id)?.(m.result)
      this.#waiting.delete(m.id)
      return
    }
    const msg = m.message
    if (msg.kind === 'snapshot') this.#setView(viewFromSnapshot(msg.snapshot), true)
    else if (msg.kind === 'diff' && this.view) {
      const r = applyDiff(this.view, msg.diff)
      if (r.kind === 'applied') this.#setView(r.state, false)
      else if (r.kind === 'gap') void this.resync()
    }
  }
}
