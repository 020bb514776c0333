import { readFile } from 'node:fs/promises'
import * as path from 'node:path'
import { ASSET_ROUTES } from '../../src-shared/scene-assets'
import type { ViewRole } from '../../src-shared/views'
import { resolveAssetRequest, type AssetLookup } from './asset-request'
import { BASE_HEADERS, decodeRendererPath, rendererFile } from './renderer-files'

/**
 * The desktop app's page scheme, `salvo://app/…`: what each window's session answers, as a
 * function of the request alone, so it can be tested (and stood in for by a test origin)
 * without Electron. main.ts installs `appResponse` with `session.protocol.handle`.
 *
 * Loading the pages from here rather than from file:// gives them a real origin of their own,
 * which is what lets the pictures be same-origin paths (`/campaign-assets/…`) under the one
 * policy `img-src 'self'`, and keeps file:// (the whole disk) out of reach of our pages.
 */

export const APP_SCHEME = 'salvo'
export const APP_ORIGIN = `${APP_SCHEME}://app`

/** Each window's one page; the other role's page is a 404 in its session. */
export const APP_PAGES: Readonly<Record<ViewRole, string>> = { gm: 'gm.html', player: 'player.html' }

/** The bundler's output folder inside the renderer: scripts and styles, named by content hash. */
const BUILT_ASSETS = 'assets'

export const appPageUrl = (role: ViewRole): string => `${APP_ORIGIN}/${APP_PAGES[role]}`

export interface AppSite {
  /** The origin answered for (`salvo://app`; a test may stand another in). Any other host is a 404. */
  readonly origin: string
  readonly rendererDir: string
  /** Whose window's session this is: it decides the one page and the one picture route served. */
  readonly role: ViewRole
  /** The core's `assetFile`. */
  readonly lookup: AssetLookup
}

export interface Refusal {
  readonly status: 400 | 403 | 404 | 405
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
}

export type AppAnswer = { readonly status: 200; readonly file: string; readonly headers: Readonly<Record<string, string>> } | Refusal

const TEXT = 'text/plain; charset=utf-8'
const refusal = (status: Refusal['status'], body: string, extra: Record<string, string> = {}): Refusal => ({
  status,
  body,
  headers: { ...BASE_HEADERS, 'content-type': TEXT, ...extra },
})
const notFound = () => refusal(404, 'not found')

/** Node's URL gives every non-special scheme the origin "null", so scheme and host are compared instead. */
const originOf = (url: URL): string => `${url.protocol}//${url.host}`

function parse(url: string): URL | null {
  try {
    return new URL(url)
  } catch {
    return null
  }
}

/**
 * What the session of `site.role`'s window answers to `method url`: its own page, the built
 * scripts and styles, and its own picture route — nothing else. The page and the built folder
 * are an allow-list checked on the resolved file, so no spelling of another name (`GM.HTML` on a
 * case-blind disk, `gm.html/`, `assets/../gm.html`) reaches anything else. `fetchSite` is the
 * request's `Sec-Fetch-Site` (null when absent): the picture routes refuse other sites' pages,
 * as browser mode's do.
 */
export function answerAppRequest(method: string, url: string, site: AppSite, fetchSite: string | null = null): AppAnswer {
  if (method !== 'GET' && method !== 'HEAD') return refusal(405, 'method not allowed', { allow: 'GET, HEAD' })
  const parsed = parse(url)
  if (!parsed) return refusal(400, 'bad request')
  if (originOf(parsed) !== site.origin) return notFound()

  const pathname = parsed.pathname
  if (Object.values(ASSET_ROUTES).some((route) => pathname.startsWith(route))) {
    // No seat to check: the session is the window's, and answers only its own role's route.
    const found = resolveAssetRequest(pathname, site.lookup, { fetchSite, routes: [site.role] })
    if (found.status === 200) return { ...found, headers: { ...BASE_HEADERS, ...found.headers } }
    return found.status === 403 ? refusal(403, 'forbidden', found.headers) : refusal(404, 'not found', found.headers)
  }

  const found = rendererFile(site.rendererDir, decodeRendererPath(pathname))
  if (found.status !== 200) return found.status === 400 ? refusal(400, 'bad request') : refusal(403, 'forbidden')
  const root = path.resolve(site.rendererDir)
  const ownPage = found.file === path.join(root, APP_PAGES[site.role])
  const built = found.file.startsWith(path.join(root, BUILT_ASSETS) + path.sep)
  return ownPage || built ? found : notFound()
}

/** The scheme handler: `appResponse(request, site)` is exactly what `session.protocol.handle` is given. */
export async function appResponse(request: Request, site: AppSite): Promise<Response> {
  const refused = (r: Refusal) => new Response(r.body, { status: r.status, headers: r.headers })
  const answer = answerAppRequest(request.method, request.url, site, request.headers.get('sec-fetch-site'))
  if (answer.status !== 200) return refused(answer)
  try {
    // Read whole: a picture that vanishes mid-read (the GM switched campaigns) is then a clean 404.
    const bytes = await readFile(answer.file)
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(bytes), { status: 200, headers: answer.headers })
  } catch {
    // A picture's 404 keeps its isolation header, like every answer of its route.
    const corp = answer.headers['cross-origin-resource-policy']
    return refused(refusal(404, 'not found', corp ? { 'cross-origin-resource-policy': corp } : {}))
  }
}
