import * as fs from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { ASSET_ROUTES } from '../../../src-shared/scene-assets'
import type { ViewRole } from '../../../src-shared/views'
import { resolveAssetRequest, type AssetLookup } from '../asset-request'
import { KEY_CHALLENGE, presentedKey, type GmKey } from './gm-key'

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

const TEXT = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }
const WORDS: Readonly<Record<401 | 403 | 404, string>> = {
  401: "the GM's pictures need this run's GM key",
  403: "Salvo's pictures are for Salvo's own pages",
  404: 'not found',
}

/**
 * Serves a stored picture of the open campaign to the window whose route names it. The GM's
 * route wants this run's key; the table's is open to its page as before (it only ever holds
 * what the table may see now). Pages of other sites get nothing (see fetch-site.ts).
 */
export function serveAsset(lookup: AssetLookup, gmKey: GmKey, req: IncomingMessage, res: ServerResponse): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end()
    return
  }
  const seated = (role: ViewRole) => role !== 'gm' || gmKey.admits(presentedKey(req.url))
  const found = resolveAssetRequest(rawPath(req) ?? '', lookup, { fetchSite: req.headers['sec-fetch-site'] ?? null, seated })
  const refuse = (status: 401 | 403 | 404) =>
    res.writeHead(status, { ...found.headers, ...TEXT, ...(status === 401 ? KEY_CHALLENGE : {}) }).end(WORDS[status])
  if (found.status !== 200) {
    refuse(found.status)
    return
  }
  // Read whole (at most 25 MB) rather than streamed: a file that vanishes mid-read (the GM
  // switched campaigns) then gives a clean 404 instead of a half-sent image.
  fs.readFile(found.file, (err, data) => {
    if (err) {
      refuse(404)
      return
    }
    res.writeHead(200, { ...found.headers, 'content-length': String(data.length) })
    res.end(req.method === 'HEAD' ? undefined : data)
  })
}
