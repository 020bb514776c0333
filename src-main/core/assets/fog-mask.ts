import { createHash } from 'node:crypto'
import { fogOf, isRevealed, type SceneFog } from '../../../src-shared/fog'
import type { SceneGrid, SceneRecord } from '../../../src-shared/records'
import { assetFileName, type AssetName } from '../../../src-shared/scene-assets'
import { pxPerMetre } from '../../../src-shared/scene-scale'
import type { TablePicture } from '../../../src-shared/views'
import { seenAcrossBand, type PartySight } from '../../../src-shared/sight-fog'

/** A rectangle of whole image pixels. */
export interface PixelBox {
  readonly left: number
  readonly top: number
  readonly width: number
  readonly height: number
}

/**
 * The parts of a scene's image the fog keeps from the table, as whole-pixel boxes to paint
 * over. Every fog step is an axis-aligned rectangle, so the edges of all of them cut the image
 * into cells no edge crosses: inside a cell every point is decided alike, so testing its centre
 * with the very `isRevealed` the projection uses decides the whole cell. A hidden cell is
 * rounded outwards to whole pixels — a pixel the fog line crosses is painted over, never shown.
 * Hidden cells are merged into runs along each row band, and equal runs of consecutive bands
 * into one box, so a room-by-room reveal stays a few dozen boxes.
 */
export function hiddenBoxes(size: { readonly width: number; readonly height: number }, grid: SceneGrid, fog: SceneFog): PixelBox[] {
  const scale = pxPerMetre(grid)
  const cuts = (edges: number[], limit: number) =>
    [...new Set([0, limit, ...edges.map((e) => Math.min(limit, Math.max(0, e * scale)))])].sort((a, b) => a - b)
  const xs = cuts(
    fog.steps.flatMap((s) => [s.rect.x, s.rect.x + s.rect.w]),
    size.width,
  )
  const ys = cuts(
    fog.steps.flatMap((s) => [s.rect.y, s.rect.y + s.rect.h]),
    size.height,
  )

  const bands: Band[] = []
  for (let j = 0; j + 1 < ys.length; j++) {
    const y0 = ys[j]!
    const y1 = ys[j + 1]!
    const cy = (y0 + y1) / 2 / scale
    const runs: Run[] = []
    for (let i = 0; i + 1 < xs.length; i++) {
      const x0 = xs[i]!
      const x1 = xs[i + 1]!
      if (isRevealed(fog, { x: (x0 + x1) / 2 / scale, y: cy })) continue
      const left = Math.floor(x0)
      const right = Math.ceil(x1)
      const last = runs.at(-1)
      if (last && last.right >= left) last.right = Math.max(last.right, right)
      else runs.push({ left, right })
    }
    bands.push({ top: Math.floor(y0), bottom: Math.ceil(y1), runs })
  }
  return stackBands(bands)
}

/** Columns to paint in one band, left to right. */
interface Run {
  left: number
  right: number
}

/** One band of rows and the runs to paint in it. */
interface Band {
  readonly top: number
  readonly bottom: number
  readonly runs: readonly Run[]
}

/**
 * The bands' runs as boxes, top to bottom: a run over the same columns as one in the band just
 * above grows that box downwards, so a wall of fog many bands tall is one box, not one a band.
 * Bands rounded outwards to whole pixels may share a row; they still stack.
 */
function stackBands(bands: readonly Band[]): PixelBox[] {
  const boxes: PixelBox[] = []
  // Runs still growing downwards, by their column span.
  let open = new Map<string, { left: number; right: number; top: number; bottom: number }>()
  for (const { top, bottom, runs } of bands) {
    const next = new Map<string, { left: number; right: number; top: number; bottom: number }>()
    for (const run of runs) {
      const key = `${run.left}:${run.right}`
      const growing = open.get(key)
      if (growing && growing.bottom >= top) {
        growing.bottom = Math.max(growing.bottom, bottom)
        next.set(key, growing)
        open.delete(key)
      } else next.set(key, { left: run.left, right: run.right, top, bottom })
    }
    for (const done of open.values()) boxes.push(toBox(done))
    open = next
  }
  for (const done of open.values()) boxes.push(toBox(done))
  return boxes.sort((a, b) => a.top - b.top || a.left - b.left)
}

const toBox = (r: { left: number; right: number; top: number; bottom: number }): PixelBox => ({
  left: r.left,
  top: r.top,
  width: r.right - r.left,
  height: r.bottom - r.top,
})

/** Bumped whenever the way masks are drawn changes, so copies made the old way are made again. */
const MASK_VERSION = 1

/** What masking a scene's picture for the table takes: the boxes to paint, and the copy's name. */
export interface Planned {
  /** A hash of exactly what the copy shows (source, size, boxes): the copy's file name. */
  readonly key: string
  readonly boxes: readonly PixelBox[]
  readonly source: AssetName
}

/**
 * Records never change in place (a change is a new object), so a plan is made once per scene
 * version and party sight (the last sight asked for each scene version is kept).
 */
const plans = new WeakMap<object, { readonly sightKey: string | null; readonly plan: Planned | null }>()

export function planTableImage(scene: Pick<SceneRecord, 'image' | 'grid' | 'fog'>, sight: PartySight | null = null): Planned | null {
  const sightKey = sight?.key ?? null
  const hit = plans.get(scene)
  if (hit && hit.sightKey === sightKey) return hit.plan
  const plan = makePlan(scene, sight)
  plans.set(scene, { sightKey, plan })
  return plan
}

function makePlan(scene: Pick<SceneRecord, 'image' | 'grid' | 'fog'>, sight: PartySight | null): Planned | null {
  if (!scene.image) return null
  const boxes = hiddenBoxes(scene.image, scene.grid, fogOf(scene))
  // Fog by sight paints over what the party does not see as well: the table's rule is both (sight-fog.ts).
  if (sight) boxes.push(...unseenBoxes(scene.image, scene.grid, sight))
  const source: AssetName = { hash: scene.image.hash, ext: scene.image.ext }
  const key = createHash('sha256')
    .update(JSON.stringify({ v: MASK_VERSION, source: assetFileName(source), size: [scene.image.width, scene.image.height], boxes }))
    .digest('hex')
  return { key, boxes, source }
}

/**
 * How many bands of rows the party's sight is drawn in: a coarse raster, so a GM's large map
 * costs a few hundred boxes at most however many walls bend the sight lines.
 */
export const SIGHT_BANDS = 256

/**
 * The pixels the party does not see, as boxes to paint. The picture is cut into bands of rows;
 * in each, a pixel is left only when every point of it is seen (`seenAcrossBand`), so a pixel
 * the edge of sight crosses is painted over — the mask errs on the hidden side. Equal runs of
 * consecutive bands merge into one box.
 */
export function unseenBoxes(size: { readonly width: number; readonly height: number }, grid: SceneGrid, sight: PartySight): PixelBox[] {
  const scale = pxPerMetre(grid)
  const bandPx = Math.max(1, Math.ceil(size.height / SIGHT_BANDS))
  const bands: Band[] = []
  for (let top = 0; top < size.height; top += bandPx) {
    const bottom = Math.min(size.height, top + bandPx)
    const seen = seenAcrossBand(sight, top / scale, bottom / scale)
      .map(([a, b]) => [Math.max(0, Math.ceil(a * scale)), Math.min(size.width, Math.floor(b * scale))] as const)
      .filter(([l, r]) => r > l)
    const runs: Run[] = []
    let x = 0
    for (const [l, r] of seen) {
      if (l > x) runs.push({ left: x, right: l })
      x = Math.max(x, r)
    }
    if (x < size.width) runs.push({ left: x, right: size.width })
    bands.push({ top, bottom, runs })
  }
  return stackBands(bands)
}

/**
 * The table's picture where no masked copy can be made (a projection with no campaign folder
 * behind it): the original only when the fog hides none of it, else nothing yet — never the
 * unmasked file.
 */
export function tablePictureWithoutCopies(scene: SceneRecord, sight: PartySight | null = null): TablePicture {
  const plan = planTableImage(scene, sight)
  return !plan || plan.boxes.length === 0 ? { kind: 'original' } : { kind: 'pending' }
}
