import * as fs from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { decodeRendererPath, rendererFile } from '../renderer-files'

/** Page routes: the GM console and the player (projector) view. */
const PAGES: Record<string, string> = { '/': 'gm.html', '/gm': 'gm.html', '/player': 'player.html' }

/** The request's path relative to the renderer folder, decoded; null when the URL cannot be parsed (any web page can send one). */
function requestPath(req: IncomingMessage): string | null {
  try {
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    return PAGES[pathname] ?? decodeRendererPath(pathname)
  } catch {
    return null
  }
}

/** Serves the built renderer, with the one policy as a header; refuses anything outside its folder. */
export function serveStatic(rendererDir: string, req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end()
    return
  }
  const found = rendererFile(rendererDir, requestPath(req))
  if (found.status !== 200) {
    if (found.status === 400) res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('bad request')
    else res.writeHead(403).end()
    return
  }
  fs.readFile(found.file, (err, data) => {
    if (err) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found')
      return
    }
    res.writeHead(200, found.headers)
    res.end(req.method === 'HEAD' ? undefined : data)
  })
}
