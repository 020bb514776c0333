import { fail, ok, type Result } from '../../../src-shared/result'
import { assetFileName, parseAssetFileName, type AssetName } from '../../../src-shared/scene-assets'
import { checkSceneImage, decodeBase64Strict } from '../assets/scene-image-check'
import type { CampaignDocument } from '../persistence/document-schema'

/** Image files a campaign file carries, by asset name (`<sha256>.<ext>`). */
export type CampaignAssets = ReadonlyMap<string, Uint8Array>

type Picture = Readonly<Record<string, unknown>>

/**
 * The value with every picture in it (a scene's `image`, a combatant's `portrait`, at any depth:
 * live records and the copies undo marks keep alike) replaced by what `f` makes of it. Objects
 * nothing changed in come back as they were, so a walk that only looks copies nothing.
 */
export function mapPictures<T>(value: T, f: (picture: Picture) => Picture): T {
  const visit = (v: unknown): unknown => {
    if (typeof v !== 'object' || v === null) return v
    if (Array.isArray(v)) {
      const out = v.map(visit)
      return out.some((x, i) => x !== v[i]) ? out : v
    }
    const o = v as Record<string, unknown>
    const pictureKey = o['typeName'] === 'scene' ? 'image' : o['typeName'] === 'combatant' ? 'portrait' : null
    let changed: Record<string, unknown> | null = null
    for (const [k, x] of Object.entries(o)) {
      const y = k === pictureKey && typeof x === 'object' && x !== null ? f(x as Picture) : visit(x)
      if (y !== x) (changed ??= { ...o })[k] = y
    }
    return changed ?? o
  }
  return visit(value) as T
}

/** A picture's asset name, if it is one Salvo writes. */
export const pictureName = (picture: Picture): AssetName | null =>
  parseAssetFileName(`${String(picture['hash'])}.${String(picture['ext'])}`)

/**
 * Every image the document points at (scene backgrounds and combatants' portraits), live records and those kept in undo marks
 * alike: an export that left out an image an undo would bring back would import a campaign
 * whose undo shows a blank map. Sorted, so the export is the same text every time.
 */
export function referencedAssets(document: CampaignDocument): AssetName[] {
  const names = new Set<string>()
  mapPictures(document.records, (picture) => {
    const name = pictureName(picture)
    if (name) names.add(assetFileName(name))
    return picture
  })
  return [...names].sort().map((n) => parseAssetFileName(n)!)
}

/**
 * The `assets` object of a campaign file, checked as strictly as an image the GM imports: a
 * name we serve, strict base64, a PNG/JPEG/WebP within the limits, and content that hashes to
 * its name (a file edited by hand, or cut off, cannot smuggle in different bytes).
 */
export function readCampaignAssets(fileName: string, raw: unknown): Result<CampaignAssets> {
  const assets = new Map<string, Uint8Array>()
  if (raw === undefined) return ok(assets)
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return fail('import/invalid', `${fileName}: "assets" must be an object of images by name.`)
  for (const [name, data] of Object.entries(raw as Record<string, unknown>)) {
    const where = `${fileName}: assets › ${JSON.stringify(name.slice(0, 80))}`
    const asset = parseAssetFileName(name)
    if (!asset) return fail('import/invalid', `${where}: not an image name Salvo writes (<sha256>.png, .jpg or .webp).`)
    const bytes = typeof data === 'string' ? decodeBase64Strict(data) : null
    if (!bytes) return fail('import/invalid', `${where}: the image data is not valid base64.`)
    const checked = checkSceneImage(name, bytes)
    if (!checked.ok) return fail('import/invalid', `${fileName}: assets › ${checked.error.message}`)
    if (checked.value.hash !== asset.hash)
      return fail('import/invalid', `${where}: the image's content does not match its name (the file was altered or damaged).`)
    if (checked.value.ext !== asset.ext)
      return fail('import/invalid', `${where}: the image is a ${checked.value.ext.toUpperCase()}, not what its name says.`)
    assets.set(name, bytes)
  }
  return ok(assets)
}
