import type { SceneRecord } from '../../../src-shared/records'
import { assetFileName, parseAssetFileName, SCENE_IMAGE_LIMITS, type AssetName } from '../../../src-shared/scene-assets'
import type { TablePicture } from '../../../src-shared/views'
import type { PartySight } from '../../../src-shared/sight-fog'
import type { CampaignPaths } from '../persistence/campaign-paths'
import type { DurableFs } from '../persistence/durable-fs'
import { planTableImage, type PixelBox, type Planned } from './fog-mask'
import { encodeAs, loadSharp, pixelLimit } from './sharp-loader'

/** Decoding is bounded by the largest picture Salvo imports; anything bigger is refused, not decoded. */
const MAX_PIXELS = pixelLimit(SCENE_IMAGE_LIMITS)

/**
 * The table's picture of each scene: the GM's own file when the fog covers none of it, else a
 * copy with every fogged pixel painted black, made here in the core — so nothing under the fog
 * ever leaves it, whatever the player page draws. Making a copy takes a moment (a large map, a
 * second or two), so until it exists the table is told one is coming.
 *
 * One open campaign's masked copies, in `<campaign>/table-images/`: a cache, rebuilt from the
 * campaign's own files whenever missing, never exported or backed up. Copies are made one at a
 * time (a 16,384-pixel map decodes to a gigabyte), and only the newest fog of each scene is
 * made: a GM revealing five rooms in a row waits for one copy, not five.
 */
export class TableImages {
  readonly #ready = new Map<string, AssetName>()
  readonly #failed = new Set<string>()
  /** Per scene, the copy it needs next; replaced when its fog changes again before work starts. */
  readonly #wanted = new Map<string, Planned>()
  #working: Promise<void> | null = null
  #disposed = false

  constructor(
    private readonly fs: DurableFs,
    private readonly paths: CampaignPaths,
    /** The campaign's scenes as they are now: which copies are still needed. */
    private readonly scenes: () => readonly SceneRecord[],
    /** Told when a scene's copy is ready, so the table can be sent it. */
    private readonly onReady: (sceneId: SceneRecord['id']) => void,
    /** What the party sees on a scene (null: fog by sight off); the copy hides the rest too. */
    private readonly sightOf: (scene: SceneRecord) => PartySight | null = () => null,
  ) {}

  /** What the table gets for this scene's picture now; starts making its masked copy if it needs one. */
  resolve(scene: SceneRecord): TablePicture {
    const plan = planTableImage(scene, this.sightOf(scene))
    if (!plan || plan.boxes.length === 0) return { kind: 'original' }
    const ready = this.#ready.get(plan.key) ?? this.#onDisk(plan)
    if (ready) return { kind: 'masked', name: ready }
    if (this.#failed.has(plan.key)) return { kind: 'unavailable' }
    this.#wanted.set(scene.id, plan)
    this.#work()
    return { kind: 'pending' }
  }

  /** The file of a masked copy this campaign holds (the name must be a checked asset name). */
  fileOf(name: string): string | null {
    const asset = parseAssetFileName(name)
    if (!asset) return null
    const file = this.#file(asset)
    return this.fs.sizeOf(file) === null ? null : file
  }

  /** Resolves once no copy is being made or waiting (tests and shutdown wait on it). */
  async settled(): Promise<void> {
    while (this.#working) await this.#working
  }

  /**
   * Removes the copies no scene needs now, and any half-written file a crash left: a GM
   * revealing thirty rooms must not leave thirty copies of a large map behind. Runs when the
   * campaign opens and after each new copy. Undoing a reveal makes its copy again.
   */
  prune(): void {
    const keep = new Set(this.scenes().flatMap((s) => planTableImage(s, this.sightOf(s))?.key ?? []))
    for (const key of this.#failed) if (!keep.has(key)) this.#failed.delete(key)
    for (const f of this.fs.list(this.#dir)) {
      const key = parseAssetFileName(f)?.hash
      if (key !== undefined && keep.has(key)) continue
      if (key !== undefined) this.#ready.delete(key)
      this.fs.remove(`${this.#dir}/${f}`)
    }
  }

  dispose(): void {
    this.#disposed = true
    this.#wanted.clear()
  }

  get #dir(): string {
    return this.paths.tableImagesDir
  }

  #file(asset: AssetName): string {
    return `${this.#dir}/${assetFileName(asset)}`
  }

  #onDisk(plan: Planned): AssetName | null {
    const name: AssetName = { hash: plan.key, ext: plan.source.ext }
    if (this.fs.sizeOf(this.#file(name)) === null) return null
    this.#ready.set(plan.key, name)
    return name
  }

  #work(): void {
    if (this.#working) return
    this.#working = (async () => {
      for (let next = this.#takeWanted(); next && !this.#disposed; next = this.#takeWanted()) {
        const [sceneId, plan] = next
        if (this.#ready.has(plan.key) || this.#failed.has(plan.key)) continue
        try {
          const name: AssetName = { hash: plan.key, ext: plan.source.ext }
          const bytes = await maskImage(this.paths.asset(assetFileName(plan.source)), plan.boxes, plan.source.ext)
          if (this.#disposed) return
          this.fs.mkdirp(this.#dir)
          this.fs.writeFileAtomic(this.#file(name), bytes)
          this.#ready.set(plan.key, name)
          this.prune()
        } catch (e) {
          console.error(`Salvo could not mask ${assetFileName(plan.source)} for the table: ${(e as Error).message}`)
          this.#failed.add(plan.key)
          this.prune()
        }
        if (!this.#disposed) this.onReady(sceneId)
      }
    })().finally(() => {
      this.#working = null
    })
  }

  #takeWanted(): [SceneRecord['id'], Planned] | undefined {
    const first = this.#wanted.entries().next()
    if (first.done) return undefined
    this.#wanted.delete(first.value[0])
    return first.value as [SceneRecord['id'], Planned]
  }
}

const BLACK = { r: 0, g: 0, b: 0, alpha: 1 }

/**
 * One box to paint, as sharp takes it. Each box is an input of its own, with sharp's default pixel
 * limit (16,383²) unless told: hiding all of the largest map is a box of 16,384², which was
 * refused. The limit goes inside the `create` object; beside it, sharp takes the object for a
 * file name and refuses it.
 */
export const blackBox = (b: PixelBox) => ({
  input: { create: { width: b.width, height: b.height, channels: 3 as const, background: BLACK }, limitInputPixels: MAX_PIXELS },
  left: b.left,
  top: b.top,
})

/** How a stored picture is opened to be masked: bounded by the largest picture Salvo imports, and a damaged one is an error. */
export const MASK_SOURCE = { limitInputPixels: MAX_PIXELS, failOn: 'error' } as const

/**
 * The picture with every box painted black, in the picture's own format. Drawn from the stored
 * pixels as they are, ignoring any EXIF orientation, as both pages draw them (`image-orientation:
 * none`); pictures imported since issue 30 carry none, so the two readings agree.
 */
export async function maskImage(file: string, boxes: readonly PixelBox[], ext: AssetName['ext']): Promise<Buffer> {
  const sharp = await loadSharp()
  const image = sharp(file, MASK_SOURCE)
    // Transparent pixels would let the page's background show through where the map is hidden.
    .flatten({ background: BLACK })
    .composite(boxes.map(blackBox))
  return encodeAs(image, ext)
}
