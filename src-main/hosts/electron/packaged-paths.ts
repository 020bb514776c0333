import * as nodePath from 'node:path'

/**
 * Where the desktop app finds the files it ships, in development and once packaged.
 * Pure (no Electron here), so both layouts are tested without an Electron binary; main.ts
 * passes in `app.isPackaged`, `process.resourcesPath` and the folder of its own bundle.
 *
 * The packaged layout is the one electron-builder.config.ts makes:
 *   <resourcesPath>/app.asar/out/main/index.js           the app itself, read from the archive
 *   <resourcesPath>/app.asar.unpacked/out/main/…          the forecast worker, its chunks, on disk
 *   <resourcesPath>/resources/content-packs/…             the content packs (extraResources)
 */

export interface PathsInput {
  readonly isPackaged: boolean
  /** Electron's `process.resourcesPath`; undefined outside Electron. */
  readonly resourcesPath: string | undefined
  /** The folder of the built main bundle (out/main), inside app.asar when packaged. */
  readonly mainDir: string
}

export interface AppPaths {
  /** The folder holding content-packs/, as SalvoCore's `resourcesDir` wants it. */
  readonly resourcesDir: string
  /** The forecast worker's entry, a file Node's own ES module loader can read. */
  readonly forecastWorker: string
}

type PathApi = Pick<typeof nodePath, 'join' | 'sep'>

const ARCHIVE = 'app.asar'

/**
 * The same path with its app.asar folder swapped for app.asar.unpacked. A worker thread loads
 * its ES module with Node's own loader, which cannot read inside the archive; electron-builder
 * puts the files named in asarUnpack beside it, on disk, under that name. A path with no
 * app.asar segment (development, or asar switched off) is returned as it is.
 */
export function unpackedPath(file: string, path: PathApi = nodePath): string {
  const parts = file.split(path.sep)
  const at = parts.lastIndexOf(ARCHIVE)
  if (at < 0) return file
  parts[at] = `${ARCHIVE}.unpacked`
  return parts.join(path.sep)
}

export function appPaths(input: PathsInput, path: PathApi = nodePath): AppPaths {
  const worker = path.join(input.mainDir, 'forecast-worker.js')
  // A packaged app without a resources path would be a broken Electron; the project's own
  // resources/ is then the only folder there is, so it is used rather than crashing at start.
  if (!input.isPackaged || !input.resourcesPath) {
    return { resourcesDir: path.join(input.mainDir, '..', '..', 'resources'), forecastWorker: worker }
  }
  return { resourcesDir: path.join(input.resourcesPath, 'resources'), forecastWorker: unpackedPath(worker, path) }
}
