import type { ViewRole } from '../../src-shared/views'
import { assetFileName, assetFromPath, SCENE_IMAGE_TYPES } from '../../src-shared/scene-assets'
import { isOwnFetch } from './fetch-site'

/**
 * "Which file does this path name, for whom?" for both shells: browser mode's server and the
 * desktop app's page scheme answer `/campaign-assets/<name>` (the GM's window) and
 * `/table-assets/<name>` (the table's) with this one pure resolver, so they cannot disagree.
 * `lookup` is the core's `assetFile(role, name)`: the open campaign's folder only, and for the
 * table only what its projection names now.
 */
export type AssetResolution =
  | { readonly status: 200; readonly file: string; readonly headers: Readonly<Record<string, string>> }
  /**
   * 403: another site's page asked (see fetch-site.ts); 401: the asker does not hold the route's
   * seat (browser mode's GM route without this run's key); 404: no such picture here.
   */
  | { readonly status: 401 | 403 | 404; readonly headers: Readonly<Record<string, string>> }

export type AssetLookup = (role: ViewRole, name: string) => string | null

/** Who is asking, as far as a shell can tell. */
export interface AssetAsker {
  /** The request's `Sec-Fetch-Site`, as sent; null when it has none. */
  readonly fetchSite: string | null
  /** The routes this shell answers at all (the desktop table window's session: the table's only); another is a 404. Default: both. */
  readonly routes?: readonly ViewRole[]
  /**
   * Whether the asker holds the seat of a role it asks for. Browser mode: the GM's route wants
   * this run's key. The desktop app's windows are their own sessions, so its answer is always yes.
   */
  readonly seated?: (role: ViewRole) => boolean
}

/**
 * On every answer of both routes, refusals included. `same-origin`: a page elsewhere that embeds
 * one of our pictures gets nothing, even from a browser that sends no `Sec-Fetch-Site`.
 */
const PICTURE_HEADERS: Readonly<Record<string, string>> = {
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
}

/**
 * Content-addressed, so the GM's window may keep a picture as long as it likes. The table's
 * answers are not cached: whether the table may see a name changes with the fog and the
 * hidden flags, and the next look must ask again.
 */
const CACHE: Readonly<Record<ViewRole, string>> = { gm: 'private, max-age=31536000, immutable', player: 'no-store' }

const refused = (status: 401 | 403 | 404): AssetResolution => ({ status, headers: PICTURE_HEADERS })

/**
 * The order matters: a foreign page is refused before the name is read, and a seatless asker
 * before the lookup, so neither can tell a picture the campaign holds from one it does not.
 */
export function resolveAssetRequest(pathname: string, lookup: AssetLookup, asker: AssetAsker): AssetResolution {
  if (!isOwnFetch(asker.fetchSite)) return refused(403)
  const named = assetFromPath(pathname)
  if (!named || !(asker.routes ?? ['gm', 'player']).includes(named.role)) return refused(404)
  if (asker.seated && !asker.seated(named.role)) return refused(401)
  const file = lookup(named.role, assetFileName(named.asset))
  if (!file) return refused(404)
  return {
    status: 200,
    file,
    headers: { ...PICTURE_HEADERS, 'content-type': SCENE_IMAGE_TYPES[named.asset.ext], 'cache-control': CACHE[named.role] },
  }
}
