import type { DurableFs } from '../persistence/durable-fs'
import { readArchive, type ArchiveContents } from '../persistence/log-archive'

/**
 * Reads archives for the GM's requests, keeping the last one read by file and size: paging
 * through one (an earlier fight, or back through the running fight's rolled log) reads it once,
 * and an archive that grew since is read again. Throws ArchiveTooLargeError past its bounds.
 */
export class ArchiveReader {
  #cached: { readonly file: string; readonly size: number; readonly contents: ArchiveContents } | null = null

  constructor(private readonly fs: DurableFs) {}

  /** The archive's contents (null: no such file). */
  read(file: string): ArchiveContents | null {
    const size = this.fs.sizeOf(file)
    if (size === null) return null
    if (this.#cached?.file === file && this.#cached.size === size) return this.#cached.contents
    const contents = readArchive(this.fs, file)
    this.#cached = contents ? { file, size, contents } : null
    return contents
  }
}
