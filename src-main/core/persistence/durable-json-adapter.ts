import type { Adapter } from 'lowdb'
import type { DurableFs } from './durable-fs'

/** The file could not be read as JSON; carries the file so the GM's error can name it. */
export class DocumentReadError extends Error {
  constructor(
    readonly file: string,
    readonly problem: string,
  ) {
    super(`${file}: ${problem}`)
  }
}

/**
 * lowdb adapter that writes atomically and durably (temp file, fsync, rename, fsync folder).
 * lowdb's own JSONFile renames without fsync, and its presets go in-memory under
 * NODE_ENV=test, so neither is used.
 */
export class DurableJsonAdapter<T> implements Adapter<T> {
  constructor(
    private readonly fs: DurableFs,
    readonly file: string,
  ) {}

  async read(): Promise<T | null> {
    const buf = this.fs.readFile(this.file)
    if (buf === null) return null
    try {
      return JSON.parse(buf.toString('utf8')) as T
    } catch (e) {
      throw new DocumentReadError(this.file, `not valid JSON (${(e as Error).message})`)
    }
  }

  async write(data: T): Promise<void> {
    this.fs.writeFileAtomic(this.file, JSON.stringify(data))
  }
}
