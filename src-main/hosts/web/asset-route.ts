import * as fs from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { ASSET_ROUTES } from '../../../src-shared/scene-assets'
import { resolveAssetRequest, type AssetLookup } from '../asset-request'

/** The raw path of a request (undecoded: the asset check wants it exactly as sent), or null. */
function rawPath(req: IncomingMessage): string | null {
  try {
    return new URL(req.url ?? '/', 'http://127.0.0.1').pathname
  } catch {
    return null
  }
}

/** Whether this request is for a picture route (answered here, never by the static files). */
export function isAssetRequest(req: IncomingMessage): boolean {
  const path = rawPath(req)
  return path !== null && Object.values(ASSET_ROUTES).some((prefix) => path.startsWith(prefix))
}

/** Serves a stored picture of the open campaign to the window whose route names it; anything else is a 404. */
export function serveAsset(lookup: AssetLookup, req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end()
    return
  }
  const found = resolveAssetRequest(rawPath(req) ?? '', lookup)
  const notFound = () => res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found')
  if (found.status !== 200) {
    notFound()
    return
  }
  // Read whole (at most 25 MB) rather than streamed: a file that vanishes mid-read (the GM
  // switched campaigns) then gives a clean 404 instead of a half-sent image.
  fs.readFile(found.file, (err, data) => {
    if (err) {
      notFound()
      return
    }
    res.writeHead(200, { ...found.headers, 'content-length': String(data.length) })
    res.end(req.method === 'HEAD' ? undefined : data)
  })
}
