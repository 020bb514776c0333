import type { Adapter } from 'lowdb'
import { isSerialised, type SerialisedJson } from './chunked-json'
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
  /** What the file held when last read or written (null: no file); undefined when not known or not kept. */
  #last: Buffer | string | null | undefined = undefined
  /** Off during play: a whole document kept between compactions is heap no one needs. */
  #keep = true
  /** Asked between the pieces of a large write; true gives it up. */
  #stop: () => boolean = () => false
  #gaveUp = false

  constructor(
    private readonly fs: DurableFs,
    readonly file: string,
  ) {}

  async read(): Promise<T | null> {
    const buf = this.fs.readFile(this.file)
    if (this.#keep) this.#last = buf
    if (buf === null) return null
    try {
      return JSON.parse(buf.toString('utf8')) as T
    } catch (e) {
      throw new DocumentReadError(this.file, `not valid JSON (${(e as Error).message})`)
    }
  }

  /**
   * Writes the value as JSON. A SerialisedJson (compaction's document, serialised a slice at a
   * time) is written as it is: a large one piece by piece without holding the event loop, when the
   * disk layer can. (lowdb's Adapter: every write comes through here.)
   */
  async write(data: T | SerialisedJson): Promise<void> {
    this.#last = undefined
    this.#gaveUp = false
    if (!isSerialised(data)) {
      const text = JSON.stringify(data)
      this.fs.writeFileAtomic(this.file, text)
      if (this.#keep) this.#last = text
      return
    }
    if ('whole' in data) {
      this.fs.writeFileAtomic(this.file, data.whole)
      if (this.#keep) this.#last = data.whole
      return
    }
    if (this.fs.writeFileAtomicAsync) {
      // Not kept: a backup that wants the bytes reads them back (bytes() below).
      this.#gaveUp = !(await this.fs.writeFileAtomicAsync(this.file, data.stream, this.#stop))
      return
    }
    const pieces: Buffer[] = []
    for await (const piece of data.stream) pieces.push(piece)
    this.fs.writeFileAtomic(this.file, Buffer.concat(pieces))
  }

  /** Writes pieces already serialised; false when `stop` abandoned it (the file is then as it was). */
  async writeSerialised(data: SerialisedJson, stop: () => boolean): Promise<boolean> {
    this.#stop = stop
    try {
      await this.write(data)
      return !this.#gaveUp
    } finally {
      this.#stop = () => false
    }
  }

  /** The file's bytes as this adapter last read or wrote them; read from disk only when it does not know. */
  bytes(): Buffer | null {
    const known = this.#last === undefined ? this.fs.readFile(this.file) : this.#last
    if (this.#keep) this.#last = known
    return typeof known === 'string' ? Buffer.from(known, 'utf8') : known
  }

  /** Whether to keep the bytes read or written from now on (for a backup that follows); not keeping forgets them. */
  keepBytes(keep: boolean): void {
    this.#keep = keep
    if (!keep) this.#last = undefined
  }
}
