import { createServer, STATUS_CODES, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import { MAX_CAMPAIGN_FILE_BYTES } from '../../../src-shared/contract'
import { gmPageUrl } from '../../../src-shared/gm-key'
import { MAX_SCENE_IMAGE_BYTES } from '../../../src-shared/scene-assets'
import type { ViewRole } from '../../../src-shared/views'
import { MAX_WAITING_REQUESTS, type SalvoCore } from '../../core/app/salvo-core'
import { isAssetRequest, serveAsset } from './asset-route'
import { GmKey, KEY_CHALLENGE, presentedKey } from './gm-key'
import { serveStatic } from './static-files'
import { parseWireRequest, type WireReply } from './ws-protocol'
import { startMark } from './start-marks'

const LOOPBACK = '127.0.0.1'

/**
 * The largest frame each role may send, enforced by `ws` from the frame header before a byte of
 * it is buffered or parsed. The GM's commands are small, but a campaign import carries a whole
 * file (JSON-escaped, so up to twice its size) and a scene image import its base64. The table
 * only ever asks for its snapshot and session: a few hundred bytes, so 4 KiB is plenty.
 */
export const MAX_FRAME_BYTES: Readonly<Record<ViewRole, number>> = {
  gm: Math.max(2 * MAX_CAMPAIGN_FILE_BYTES, Math.ceil((MAX_SCENE_IMAGE_BYTES * 4) / 3) * 2) + 64 * 1024,
  player: 4 * 1024,
}

/**
 * What a window may leave unread before it is dropped (it reconnects and gets a fresh snapshot).
 * A table page that stops reading must not make the server hold every diff and snapshot for it.
 */
export const MAX_UNREAD_BYTES: Readonly<Record<ViewRole, number>> = { gm: 4 * MAX_CAMPAIGN_FILE_BYTES, player: 32 * 1024 * 1024 }

/** Windows of each role at once: a GM console or two and a projector or two is an evening; hundreds is an attack. */
export const MAX_WINDOWS: Readonly<Record<ViewRole, number>> = { gm: 8, player: 8 }

/** What the server is given: this run's GM key, and what it tells its owner and waits for (browser mode's deferred campaign open). */
export interface ServerOptions {
  /** The key the GM's socket and pictures want (main.ts makes one per run). Without one, the server makes its own. */
  readonly gmKey?: GmKey
  /** A renderer file was sent in full (its URL path). */
  readonly fileSent?: (urlPath: string) => void
  /** Resolves when windows may attach (the campaign is open); a rejection turns them away. */
  readonly windowsWelcome?: () => Promise<void>
}

export interface RunningServer {
  /** The origin (`http://127.0.0.1:<port>`); the table's page is at `/player`. */
  readonly url: string
  readonly port: number
  /** This run's key, and the GM console's address carrying it (see src-shared/gm-key.ts). */
  readonly gmKey: GmKey
  readonly gmUrl: string
  close(): Promise<void>
}

function roleFromPath(pathname: string): ViewRole | null {
  if (pathname === '/ws/gm') return 'gm'
  if (pathname === '/ws/player') return 'player'
  return null
}

/**
 * The names this server answers to. A page elsewhere on the web can point a name it owns at
 * 127.0.0.1 (DNS rebinding) and then read our answers as its own origin's; its requests still
 * carry its own name in Host, so anything else is refused.
 */
export function isOwnHost(host: string | undefined, port: number): boolean {
  const h = (host ?? '').toLowerCase()
  return h === `${LOOPBACK}:${port}` || h === `localhost:${port}`
}

const pathOf = (req: IncomingMessage): string | null => {
  try {
    return new URL(req.url ?? '/', `http://${LOOPBACK}`).pathname
  } catch {
    return null
  }
}

/** Turns an upgrade away before any WebSocket exists, so it takes no window's place. */
function refuseUpgrade(socket: Duplex, status: 401 | 403 | 503): void {
  const challenge =
    status === 401
      ? Object.entries(KEY_CHALLENGE)
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join('')
      : ''
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${challenge}Connection: close\r\nContent-Length: 0\r\n\r\n`)
}

/** Whether a request (an upgrade, or the page's check of its key) may take the role's seat. */
const seated = (role: ViewRole, gmKey: GmKey, req: IncomingMessage): boolean => role !== 'gm' || gmKey.admits(presentedKey(req.url))

/**
 * Browser mode: the same core behind HTTP (the built renderer) and a WebSocket speaking
 * the same contract as the Electron preload. Binds loopback only, answers only to its own
 * host names, and accepts sockets only from pages it served itself (Origin check), so other
 * web pages cannot drive it or read from it. The GM's seat — its socket and its pictures —
 * wants this run's key besides, so neither the table's page nor another process on the machine
 * can take it.
 */
export function startWebServer(core: SalvoCore, rendererDir: string, port: number, options: ServerOptions = {}): Promise<RunningServer> {
  const gmKey = options.gmKey ?? GmKey.generate()
  const portOf = () => (http.address() as AddressInfo).port
  const http: Server = createServer((req, res) => {
    if (!isOwnHost(req.headers.host, portOf())) {
      res.writeHead(421, { 'content-type': 'text/plain; charset=utf-8' }).end(`Salvo answers only at http://${LOOPBACK}:${portOf()}/`)
      return
    }
    const socketRole = roleFromPath(pathOf(req) ?? '')
    if (socketRole) {
      // A plain request for a socket's path: how the GM's page tells a refused key (a link from
      // an earlier run) from a server that is down. It learns yes or no, nothing more.
      const ok = seated(socketRole, gmKey, req)
      res.writeHead(ok ? 426 : 401, { 'cache-control': 'no-store', ...(ok ? { upgrade: 'websocket' } : KEY_CHALLENGE) }).end()
    } else if (isAssetRequest(req)) serveAsset((role, name) => core.assetFile(role, name), gmKey, req, res)
    else {
      serveStatic(rendererDir, req, res)
      const fileSent = options.fileSent
      const path = pathOf(req)
      if (fileSent && path) res.once('finish', () => res.statusCode === 200 && fileSent(path))
    }
  })
  http.on('clientError', (_err, socket) => socket.destroy())
  // One server per role: the role (from the path) is known before the first frame, so each
  // role's frame limit applies from the frame header on, before anything is parsed.
  const servers: Record<ViewRole, WebSocketServer> = {
    gm: new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES.gm, perMessageDeflate: false }),
    player: new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES.player, perMessageDeflate: false }),
  }

  http.on('upgrade', (req, socket, head) => {
    // A client that resets mid-handshake must not take the server down with it.
    socket.on('error', () => socket.destroy())
    const path = pathOf(req)
    const role = path === null ? null : roleFromPath(path)
    const actual = portOf()
    const allowed = [`http://${LOOPBACK}:${actual}`, `http://localhost:${actual}`]
    if (!role || !allowed.includes(req.headers.origin ?? '') || !isOwnHost(req.headers.host, actual)) {
      refuseUpgrade(socket, 403)
      return
    }
    // Before the welcome and the count: a keyless socket never waits for a place, nor takes one.
    if (!seated(role, gmKey, req)) {
      refuseUpgrade(socket, 401)
      return
    }
    const welcome = options.windowsWelcome?.() ?? Promise.resolve()
    welcome.then(
      () => {
        if (servers[role].clients.size >= MAX_WINDOWS[role]) {
          refuseUpgrade(socket, 503)
          return
        }
        // ws itself drops a socket that closed while it waited.
        servers[role].handleUpgrade(req, socket, head, (ws) => attach(core, ws, role))
      },
      () => refuseUpgrade(socket, 503),
    )
  })

  return new Promise((resolve, reject) => {
    http.once('error', reject)
    http.listen(port, LOOPBACK, () => {
      const actual = portOf()
      const url = `http://${LOOPBACK}:${actual}`
      resolve({
        url,
        port: actual,
        gmKey,
        gmUrl: gmPageUrl(url, gmKey.reveal()),
        close: () =>
          new Promise<void>((done) => {
            for (const wss of Object.values(servers)) {
              for (const c of wss.clients) c.terminate()
              wss.close()
            }
            http.close(() => done())
            http.closeAllConnections()
          }),
      })
    })
  })
}

function attach(core: SalvoCore, ws: WebSocket, role: ViewRole): void {
  const send = (reply: WireReply) => {
    if (ws.readyState !== ws.OPEN) return
    if (ws.bufferedAmount > MAX_UNREAD_BYTES[role]) {
      // 1013 "try again later": the page's own reconnect brings it back with a fresh snapshot.
      ws.close(1013, 'too much unread')
      return
    }
    // As bytes, sent as a text frame: a string is encoded to UTF-8 twice on its way out (its
    // length, then the copy), and a 5,000-combatant snapshot is 3 MB.
    ws.send(Buffer.from(JSON.stringify(reply), 'utf8'), { binary: false })
  }
  const connection = core.connect(role, (message) => send({ kind: 'push', message }))
  let dropped = false
  ws.on('message', (data, isBinary) => {
    if (isBinary || dropped) return
    // A table page asks for a snapshot and a session when it connects; one that keeps asking
    // while its answers are pending is flooding, and is cut off before its frames are even read.
    if (role === 'player' && connection.waiting >= MAX_WAITING_REQUESTS.player) {
      dropped = true
      ws.close(1008, 'too many requests')
      return
    }
    const request = parseWireRequest(data.toString())
    if (typeof request === 'string') {
      send({
        kind: 'reply',
        id: -1,
        result: { ok: false, error: { code: 'request/malformed', message: `Malformed request: ${request}.` } },
      })
      return
    }
    // The GM's first snapshot is the start's last step on the server (start-marks.ts, issue 36).
    const firstSnapshot = role === 'gm' && request.name === 'snapshot'
    if (firstSnapshot) startMark('snapshot-asked')
    void connection.request(request.name, request.input).then((result) => {
      if (firstSnapshot) startMark('snapshot-built')
      send({ kind: 'reply', id: request.id, result })
      if (firstSnapshot) startMark('snapshot-sent')
    })
  })
  ws.on('close', () => connection.close())
  ws.on('error', () => connection.close())
}
