import { assetFileName, type AssetName } from '../../../src-shared/scene-assets'
import type { CampaignPaths } from '../persistence/campaign-paths'
import type { DurableFs } from '../persistence/durable-fs'
import { sha256Hex } from './scene-image-check'

/**
 * A campaign's content-addressed image files. Files are only ever added: undo changes which
 * image a scene points at, never the files, so undoing and redoing an import needs no disk work.
 */
export class AssetStore {
  constructor(
    private readonly fs: DurableFs,
    private readonly paths: CampaignPaths,
  ) {}

  /** The file's path if this campaign holds it (the name must already be a checked asset name). */
  fileOf(asset: AssetName): string | null {
    const file = this.paths.asset(assetFileName(asset))
    return this.fs.sizeOf(file) === null ? null : file
  }

  read(asset: AssetName): Buffer | null {
    return this.fs.readFile(this.paths.asset(assetFileName(asset)))
  }

  /**
   * Stores the bytes under their hash (temp file, fsync, rename, fsync the folder) and says what
   * it found: the same image imported twice is stored once ('present'); a file already there is
   * trusted only if its content still hashes to its name, else it is rewritten ('repaired').
   */
  put(asset: AssetName, bytes: Uint8Array): 'new' | 'present' | 'repaired' {
    const existing = this.read(asset)
    if (existing && sha256Hex(existing) === asset.hash) return 'present'
    this.fs.mkdirp(this.paths.assetsDir)
    this.fs.writeFileAtomic(this.paths.asset(assetFileName(asset)), bytes)
    return existing ? 'repaired' : 'new'
  }

  /** Takes back a file this request wrote when the command that would use it was refused. */
  discard(asset: AssetName): void {
    this.fs.remove(this.paths.asset(assetFileName(asset)))
  }
}
