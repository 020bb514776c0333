import sharp from 'sharp'
import type { ServerMessage } from '../../src-shared/contract'
import { fogOf } from '../../src-shared/fog'
import { tableSees, type PartySight } from '../../src-shared/sight-fog'
import type { SceneRecord } from '../../src-shared/records'
import { pxPerMetre } from '../../src-shared/scene-scale'
import type { CombatantView, ViewRecord } from '../../src-shared/views'
import { gmPartySight, type PlayerHolding } from './fuzz-leak-check'

/**
 * The pictures a table page could ask for, asked for the way an attacker at the table would:
 * every name the page was ever sent, and every name the GM holds (a name can be guessed,
 * remembered from an earlier fog, or read off a screen), fetched from the table's route.
 * - a name the table's projection does not hold right now must not be served at all;
 * - no picture it is served may carry an EXIF orientation that turns it (issue 30): a page that
 *   honoured the tag would draw it turned against the fog, whose mask is made from the pixels;
 * - the scene picture it does hold is decoded, and every pixel with a point the current fog
 *   hides must be black (the GM's files used here are nowhere black, so an unmasked one shows).
 *   A JPEG or lossy WebP copy is judged the same way, except within a JPEG block and its chroma
 *   (16 pixels) of a revealed pixel: there the encoder blurs the revealed colours into the black,
 *   which shows nothing the fog hides, since the encoder never saw it.
 */

export interface AssetCheck {
  readonly problems: string[]
  /** Pixels under the fog that were decoded and found painted over (so the check checked something). */
  readonly hiddenPixels: number
  /** Names fetched in all. */
  readonly fetched: number
}

const imageName = (i: { hash: string; ext: string } | null | undefined) => (i ? `${i.hash}.${i.ext}` : null)

/** Every picture name in these messages (scene backgrounds and portraits). */
export function namesIn(messages: readonly ServerMessage[]): string[] {
  const out: string[] = []
  const visit = (r: ViewRecord) => {
    const n = r.typeName === 'scene' ? imageName(r.image) : r.typeName === 'combatant' ? imageName((r as CombatantView).portrait) : null
    if (n) out.push(n)
  }
  for (const m of messages) {
    if (m.kind === 'snapshot') m.snapshot.records.forEach(visit)
    else if (m.kind === 'diff') {
      m.diff.added.forEach(visit)
      for (const [, to] of m.diff.updated) visit(to)
    }
  }
  return out
}

const sampleOffsets = [0.001, 0.5, 0.999]

export async function tableAssetLeaks(
  fetchTableAsset: (name: string) => Promise<Buffer | null>,
  everSent: ReadonlySet<string>,
  holding: PlayerHolding,
  gm: readonly ViewRecord[],
): Promise<AssetCheck> {
  const problems: string[] = []
  const held = new Map<string, ViewRecord>()
  for (const json of holding.records.values()) {
    const r = JSON.parse(json) as ViewRecord
    const n = r.typeName === 'scene' ? imageName(r.image) : r.typeName === 'combatant' ? imageName((r as CombatantView).portrait) : null
    if (n) held.set(n, r)
  }
  const gmNames = gm.flatMap((r) => {
    const n = r.typeName === 'scene' ? imageName(r.image) : r.typeName === 'combatant' ? imageName((r as CombatantView).portrait) : null
    return n ? [n] : []
  })
  const inPlay = gm.find((r): r is SceneRecord => r.typeName === 'scene' && r.active) ?? null
  let hiddenPixels = 0
  const names = new Set([...everSent, ...gmNames])
  for (const name of names) {
    const bytes = await fetchTableAsset(name)
    if (!bytes) continue
    const holder = held.get(name)
    if (!holder) {
      problems.push(`asset-unnamed: the table's route served ${name}, which its projection does not name now`)
      continue
    }
    const orientation = (await sharp(bytes).metadata()).orientation ?? 1
    if (orientation !== 1) problems.push(`asset-turned: the table's route served ${name} with EXIF orientation ${orientation}`)
    if (holder.typeName !== 'scene' || !inPlay?.image) continue
    const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
    if (info.width !== inPlay.image.width || info.height !== inPlay.image.height) {
      problems.push(
        `asset-size: the table's picture is ${info.width}×${info.height}, the scene's ${inPlay.image.width}×${inPlay.image.height}`,
      )
      continue
    }
    const hidden = hiddenPixelsOf(inPlay, gmPartySight(gm, inPlay), info.width, info.height)
    const judged = name.endsWith('.png') ? () => true : awayFromRevealed(hidden, info.width, info.height, LOSSY_REACH)
    const tolerance = name.endsWith('.png') ? 0 : LOSSY_BLACK
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        if (!hidden[y * info.width + x] || !judged(x, y)) continue
        const i = (y * info.width + x) * 3
        if (data[i]! > tolerance || data[i + 1]! > tolerance || data[i + 2]! > tolerance) {
          problems.push(`asset-under-fog: pixel ${x},${y} of ${name} shows what the fog hides`)
          return { problems, hiddenPixels, fetched: names.size }
        }
        hiddenPixels++
      }
    }
  }
  return { problems, hiddenPixels, fetched: names.size }
}

/** How far a lossy encoder carries revealed colours into the black: a 4:2:0 JPEG's 16-pixel block. */
const LOSSY_REACH = 16
/** What a lossy encoder makes of flat black, at most, per channel. */
const LOSSY_BLACK = 24

/** Per pixel of the scene's picture (row by row), whether the current fog (painted, and the party's sight when on) hides any point in it. */
function hiddenPixelsOf(scene: SceneRecord, sight: PartySight | null, width: number, height: number): boolean[] {
  const scale = pxPerMetre(scene.grid)
  const fog = fogOf(scene)
  const hidden: boolean[] = []
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      hidden.push(
        sampleOffsets.some((dx) => sampleOffsets.some((dy) => !tableSees(fog, sight, { x: (x + dx) / scale, y: (y + dy) / scale }))),
      )
  return hidden
}

/** Whether no revealed pixel lies within `reach` of (x, y), by a table of running counts of revealed pixels. */
function awayFromRevealed(hidden: readonly boolean[], width: number, height: number, reach: number): (x: number, y: number) => boolean {
  const sums = new Int32Array((width + 1) * (height + 1))
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      sums[(y + 1) * (width + 1) + x + 1] =
        (hidden[y * width + x] ? 0 : 1) + sums[y * (width + 1) + x + 1]! + sums[(y + 1) * (width + 1) + x]! - sums[y * (width + 1) + x]!
  return (x, y) => {
    const [x0, y0] = [Math.max(0, x - reach), Math.max(0, y - reach)]
    const [x1, y1] = [Math.min(width, x + reach + 1), Math.min(height, y + reach + 1)]
    return sums[y1 * (width + 1) + x1]! - sums[y0 * (width + 1) + x1]! - sums[y1 * (width + 1) + x0]! + sums[y0 * (width + 1) + x0]! === 0
  }
}
