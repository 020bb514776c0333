import type { ViewRole } from '../../src-shared/views'
import { assetFileName, assetFromPath, SCENE_IMAGE_TYPES } from '../../src-shared/scene-assets'

/**
 * "Which file does this path name, for whom?" for both shells: browser mode's server and the
 * desktop app's page scheme answer `/campaign-assets/<name>` (the GM's window) and
 * `/table-assets/<name>` (the table's) with this one pure resolver, so they cannot disagree.
 * `lookup` is the core's `assetFile(role, name)`: the open campaign's folder only, and for the
 * table only what its projection names now.
 */
export type AssetResolution =
  { readonly status: 200; readonly file: string; readonly headers: Readonly<Record<string, string>> } | { readonly status: 404 }

export type AssetLookup = (role: ViewRole, name: string) => string | null

/**
 * Content-addressed, so the GM's window may keep a picture as long as it likes. The table's
 * answers are not cached: whether the table may see a name changes with the fog and the
 * hidden flags, and the next look must ask again.
 */
const CACHE: Readonly<Record<ViewRole, string>> = { gm: 'private, max-age=31536000, immutable', player: 'no-store' }

/** `allowed` narrows the roles a caller serves (the desktop table window's session serves only the table's route). */
export function resolveAssetRequest(
  pathname: string,
  lookup: AssetLookup,
  allowed: readonly ViewRole[] = ['gm', 'player'],
): AssetResolution {
  const named = assetFromPath(pathname)
  if (!named || !allowed.includes(named.role)) return { status: 404 }
  const file = lookup(named.role, assetFileName(named.asset))
  if (!file) return { status: 404 }
  return {
    status: 200,
    file,
    headers: {
      'content-type': SCENE_IMAGE_TYPES[named.asset.ext],
      'cache-control': CACHE[named.role],
      'x-content-type-options': 'nosniff',
    },
  }
}
