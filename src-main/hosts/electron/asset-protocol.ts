import { readFile } from 'node:fs/promises'
import { protocol, type Session } from 'electron'
import { resolveAssetRequest, type AssetLookup } from '../asset-request'

/** Interim (being replaced by the app page scheme): pictures under `salvo-asset://campaign/<route>/<name>`. */
const ASSET_PROTOCOL = 'salvo-asset'

/** Must run before the app is ready: privileges can only be declared once, up front. */
export function registerAssetScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: ASSET_PROTOCOL, privileges: { standard: true, secure: true } }])
}

export function installAssetProtocol(session: Session, lookup: AssetLookup): void {
  session.protocol.handle(ASSET_PROTOCOL, async (request) => {
    const found = request.method === 'GET' ? resolveAssetRequest(new URL(request.url).pathname, lookup) : { status: 404 as const }
    if (found.status !== 200) return new Response('not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
    try {
      return new Response(await readFile(found.file), { status: 200, headers: found.headers })
    } catch {
      return new Response('not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
    }
  })
}
