import { protocol, session, type Session } from 'electron'
import type { ViewRole } from '../../../src-shared/views'
import { APP_ORIGIN, APP_SCHEME, appResponse } from '../app-pages'
import type { AssetLookup } from '../asset-request'
import { CONTENT_SECURITY_POLICY } from '../content-security-policy'
import { hardenSession } from './security'
import { WINDOW_PARTITIONS } from './window-options'

/**
 * What the app scheme may do, and no more. `standard` gives the pages a real origin (relative
 * URLs resolve, localStorage works, 'self' means `salvo://app`); `secure` makes them a secure
 * context, as https would. Left off on purpose: `corsEnabled`, which lets a page of any other
 * origin read the scheme's answers without any CORS header (our own scripts and pictures are
 * same-origin and need no CORS); `bypassCSP`; `supportFetchAPI`, as the pages never fetch;
 * service workers and streaming.
 */
export const APP_SCHEME_PRIVILEGES = { standard: true, secure: true } as const

/** Must run before the app is ready: privileges can be declared only once, up front. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { ...APP_SCHEME_PRIVILEGES } }])
}

/**
 * The session one window lives in: its own partition, hardened like every session, answering
 * the app scheme for that window's role only — so the table's session has no route to the GM's
 * page or the GM's pictures, whatever its page asks for.
 */
export function windowSession(role: ViewRole, rendererDir: string, lookup: AssetLookup, rendererRoots: readonly string[]): Session {
  const own = session.fromPartition(WINDOW_PARTITIONS[role])
  hardenSession(own, CONTENT_SECURITY_POLICY, rendererRoots)
  own.protocol.handle(APP_SCHEME, (request) => appResponse(request, { origin: APP_ORIGIN, rendererDir, role, lookup }))
  return own
}
