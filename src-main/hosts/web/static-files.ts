import * as fs from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import * as path from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
}

/**
 * The same policy the Electron windows get, word for word (scene images come from 'self' here;
 * naming the desktop's image scheme too keeps the two identical and grants a browser nothing).
 */
export const BROWSER_CSP =
  `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; ` +
  "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'"

/** Page routes: the GM console and the player (projector) view. */
const PAGES: Record<string, string> = { '/': 'gm.html', '/gm': 'gm.html', '/player': 'player.html' }

/** Serves the built renderer; refuses anything outside its folder. */
/** The request's path, decoded; null when the URL cannot be parsed (any web page can send one). */
function requestPath(req: IncomingMessage): string | null {
  try {
    const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
    return PAGES[pathname] ?? decodeURIComponent(pathname).replace(/^\/+/, '')
  } catch {
    return null
  }
}

export function serveStatic(rendererDir: string, req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end()
    return
  }
  const relative = requestPath(req)
  if (relative === null) {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('bad request')
    return
  }
  const file = path.resolve(rendererDir, relative)
  if (!file.startsWith(path.resolve(rendererDir) + path.sep) || relative.includes('\0')) {
    res.writeHead(403).end()
    return
  }
  fs.readFile(file, (err, data) => {
    if (err) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found')
      return
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'content-security-policy': BROWSER_CSP,
      'x-content-type-options': 'nosniff',
      'cache-control': relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    })
    res.end(req.method === 'HEAD' ? undefined : data)
  })
}
