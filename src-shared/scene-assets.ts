import type { SceneImage } from './records'
import type { ViewRole } from './views'

/**
 * Scene images live in the campaign folder as `assets/<sha256>.<ext>` and windows fetch them by
 * that name alone. Everything here is pure and dependency-free: the preload bundles it, browser
 * mode's server and Electron's protocol both parse URLs with it, so the two shells cannot
 * disagree about which names are servable.
 */

/** Larger than any sensible battle map photo or render, small enough to keep a campaign portable. */
export const MAX_SCENE_IMAGE_BYTES = 25 * 1024 * 1024
/** Browsers (and GPUs) struggle beyond this on a side; a map that big is a mistake, not a map. */
export const MAX_SCENE_IMAGE_SIDE = 16384

export type SceneImageExt = SceneImage['ext']

export const SCENE_IMAGE_TYPES: Readonly<Record<SceneImageExt, string>> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' }

/** What a stored picture may be: its bytes, its longest side, and what to call it in a refusal. */
export interface ImageLimits {
  readonly bytes: number
  readonly side: number
  /** "a scene image", "a portrait". */
  readonly what: string
  /** How to make a refused file fit, after the refusal. */
  readonly advice: string
}

export const SCENE_IMAGE_LIMITS: ImageLimits = {
  bytes: MAX_SCENE_IMAGE_BYTES,
  side: MAX_SCENE_IMAGE_SIDE,
  what: 'a scene image',
  advice: 'Save it smaller (a JPEG or WebP of the same map is usually a fraction of the size).',
}

/** A token is drawn a few dozen pixels wide: a portrait needs a fraction of a map's room. */
export const PORTRAIT_LIMITS: ImageLimits = {
  bytes: 5 * 1024 * 1024,
  side: 4096,
  what: 'a portrait',
  advice: 'A token is drawn a few dozen pixels wide: a 512-pixel JPEG or WebP is plenty.',
}

/**
 * Where a window fetches a picture, on its own page's origin in both shells (browser mode's
 * server, the desktop app's page scheme). The route says whose projection the name must be in:
 * the GM's window may load any picture of the open campaign; the table's only what its current
 * projection names (the masked map, the portraits of combatants it may see). Deliberately not
 * `/assets/`, which is the built renderer's own folder.
 */
export const ASSET_ROUTES: Readonly<Record<ViewRole, string>> = { gm: '/campaign-assets/', player: '/table-assets/' }

const NAME = /^([0-9a-f]{64})\.(png|jpg|webp)$/

export interface AssetName {
  readonly hash: string
  readonly ext: SceneImageExt
}

export const assetFileName = (a: AssetName): string => `${a.hash}.${a.ext}`

/** The strict name check: exactly a lowercase sha256 and one of our three extensions, nothing else. */
export function parseAssetFileName(name: string): AssetName | null {
  const m = NAME.exec(name)
  return m ? { hash: m[1]!, ext: m[2] as SceneImageExt } : null
}

export interface AssetRequest {
  readonly role: ViewRole
  readonly asset: AssetName
}

/**
 * The role and asset a URL path names, or null. The raw path is compared before any decoding,
 * so `%2e%2e`, `%2f` and friends can never turn into a name (a valid name has no character
 * that needs escaping).
 */
export function assetFromPath(pathname: string): AssetRequest | null {
  for (const role of ['gm', 'player'] as const) {
    const prefix = ASSET_ROUTES[role]
    if (!pathname.startsWith(prefix)) continue
    const asset = parseAssetFileName(pathname.slice(prefix.length))
    return asset ? { role, asset } : null
  }
  return null
}

/** The path a window of this role loads a picture from (relative to its page's origin). */
export const assetPath = (role: ViewRole, a: AssetName): string => `${ASSET_ROUTES[role]}${assetFileName(a)}`

const MB = 1024 * 1024
/** Rounded up, so a file just over a limit never reads as the limit itself. */
export function describeBytes(bytes: number): string {
  return bytes >= MB ? `${Math.ceil((bytes / MB) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`
}

/** The same words in the window (checked before sending) and in the core (checked again). */
export function imageTooLargeMessage(fileName: string, bytes: number, limits: ImageLimits = SCENE_IMAGE_LIMITS): string {
  return `${fileName} is ${describeBytes(bytes)}; ${limits.what} can be at most ${describeBytes(limits.bytes)}. ${limits.advice}`
}
