import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer, type WebSocket } from 'ws'
import { MAX_CAMPAIGN_FILE_BYTES } from '../../../src-shared/contract'
import { MAX_SCENE_IMAGE_BYTES } from '../../../src-shared/scene-assets'
import type { ViewRole } from '../../../src-shared/views'
import type { SalvoCore } from '../../core/app/salvo-core'
import { isAssetRequest, serveAsset } from './asset-route'
import { serveStatic } from './static-files'
import { parseWireRequest, type WireReply } from './ws-protocol'

const LOOPBACK = '127.0.0.1'
/**
 * Commands are small, but a campaign import carries a whole file (JSON-escaped, so up to
 * twice its size) and a scene image import its base64; anything bigger than the larger of
 * those is refused before parsing.
 */
const MAX_MESSAGE_BYTES = Math.max(2 * MAX_CAMPAIGN_FILE_BYTES, Math.ceil((MAX_SCENE_IMAGE_BYTES * 4) / 3) * 2) + 64 * 1024

export interface RunningServer {
  readonly url: string
  readonly port: number
  close(): Promise<void>
}

function roleFromPath(pathname: string): ViewRole | null {
  if (pathname === '/ws/gm') return 'gm'
  if (pathname === '/ws/player') return 'player'
  return null
}

/**
 * Browser mode: the same core behind HTTP (the built renderer) and a WebSocket speaking
 * the same contract as the Electron preload. Binds loopback only and accepts sockets only
 * from pages it served itself (Origin check), so other web pages cannot drive it.
 */
export function startWebServer(core: SalvoCore, rendererDir: string, port: number): Promise<RunningServer> {
  const http: Server = createServer((req, res) => {
    if (isAssetRequest(req)) serveAsset((name) => core.assetFile(name), req, res)
    else serveStatic(rendererDir, req, res)
  })
  http.on('clientError', (_err, socket) => socket.destroy())
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES })

  http.on('upgrade', (req, socket, head) => {
    // A client that resets mid-handshake must not take the server down with it.
    socket.on('error', () => socket.destroy())
    let role: ViewRole | null = null
    try {
      role = roleFromPath(new URL(req.url ?? '/', `http://${LOOPBACK}`).pathname)
    } catch {
      role = null
    }
    const { port: actual } = http.address() as AddressInfo
    const allowed = [`http://${LOOPBACK}:${actual}`, `http://localhost:${actual}`]
    if (!role || !allowed.includes(req.headers.origin ?? '')) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n')
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => attach(core, ws, role))
  })

  return new Promise((resolve, reject) => {
    http.once('error', reject)
    http.listen(port, LOOPBACK, () => {
      const { port: actual } = http.address() as AddressInfo
      resolve({
        url: `http://${LOOPBACK}:${actual}`,
        port: actual,
        close: () =>
          new Promise<void>((done) => {
            for (const c of wss.clients) c.terminate()
            wss.close()
            http.close(() => done())
            http.closeAllConnections()
          }),
      })
    })
  })
}

function attach(core: SalvoCore, ws: WebSocket, role: ViewRole): void {
  const send = (reply: WireReply) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(reply))
  }
  const connection = core.connect(role, (message) => send({ kind: 'push', message }))
  ws.on('message', (data, isBinary) => {
    if (isBinary) return
    const request = parseWireRequest(data.toString())
    if (typeof request === 'string') {
      send({ kind: 'reply', id: -1, result: { ok: false, error: { code: 'request/malformed', message: `Malformed request: ${request}.` } } })
      return
    }
    void connection.request(request.name, request.input).then((result) => send({ kind: 'reply', id: request.id, result }))
  })
  ws.on('close', () => connection.close())
  ws.on('error', () => connection.close())
}
