import { readFile } from 'node:fs/promises'
import { protocol, type Session } from 'electron'
import { ASSET_PROTOCOL } from '../../../src-shared/scene-assets'
import { resolveProtocolAsset } from '../asset-request'

/**
 * Scene images in the desktop app: `salvo-asset://campaign/<sha256>.<ext>`, answered from the
 * open campaign's assets folder with the same checks browser mode's route makes
 * (`resolveProtocolAsset`). The pages are `file:` URLs, which must not read the data folder
 * directly, so the scheme is the only door and it opens onto that one folder.
 */

/** Must run before the app is ready: privileges can only be declared once, up front. */
export function registerAssetScheme(): void {
  protocol.registerSchemesAsPrivileged([
    // standard: parsed like http (host + path), so the CSP can name it; secure: no mixed-content
    // downgrade for the page; no fetch/CORS/service-worker privileges, since <img> needs none.
    { scheme: ASSET_PROTOCOL, privileges: { standard: true, secure: true } },
  ])
}

export function installAssetProtocol(session: Session, lookup: (name: string) => string | null): void {
  session.protocol.handle(ASSET_PROTOCOL, async (request) => {
    const found = request.method === 'GET' ? resolveProtocolAsset(request.url, lookup) : { status: 404 as const }
    if (found.status !== 200) return new Response('not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
    try {
      return new Response(await readFile(found.file), { status: 200, headers: found.headers })
    } catch {
      // Gone since the lookup (the GM switched campaigns): the same answer as never there.
      return new Response('not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } })
    }
  })
}
