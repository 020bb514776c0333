import { assetFileName, assetFromHttpPath, assetFromProtocolUrl, SCENE_IMAGE_TYPES, type AssetName } from '../../src-shared/scene-assets'

/**
 * "Which file does this URL name?" for both shells: browser mode's `/campaign-assets/<name>`
 * route and Electron's `salvo-asset://campaign/<name>` scheme. Pure, so it is tested without a
 * server or Electron; `lookup` is the core's `assetFile` (the open campaign's folder only).
 */
export type AssetResolution =
  | { readonly status: 200; readonly file: string; readonly headers: Readonly<Record<string, string>> }
  | { readonly status: 404 }

/** Content-addressed: a name's bytes never change, so windows may keep them as long as they like. */
const CACHE = 'private, max-age=31536000, immutable'

function resolve(asset: AssetName | null, lookup: (name: string) => string | null): AssetResolution {
  if (!asset) return { status: 404 }
  const file = lookup(assetFileName(asset))
  if (!file) return { status: 404 }
  return {
    status: 200,
    file,
    headers: { 'content-type': SCENE_IMAGE_TYPES[asset.ext], 'cache-control': CACHE, 'x-content-type-options': 'nosniff' },
  }
}

export const resolveHttpAsset = (pathname: string, lookup: (name: string) => string | null): AssetResolution => resolve(assetFromHttpPath(pathname), lookup)

export const resolveProtocolAsset = (url: string, lookup: (name: string) => string | null): AssetResolution => resolve(assetFromProtocolUrl(url), lookup)
