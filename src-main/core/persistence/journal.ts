import type { JournalEntry } from '../events/journal-entry'
import { crc32Hex } from './crc32'
import type { DurableAppender, DurableFs } from './durable-fs'

/** The journal is damaged somewhere other than its last line: not a crash, so we stop. */
export class JournalCorruptError extends Error {
  constructor(
    readonly file: string,
    readonly line: number,
    problem: string,
  ) {
    super(`${file}, line ${line}: ${problem}`)
  }
}

export interface JournalContents {
  readonly entries: JournalEntry[]
  /** Bytes of intact lines; anything after is a torn write from a crash. */
  readonly intactBytes: number
  readonly tornBytes: number
  /** The torn tail itself, kept aside before it is cut off. */
  readonly torn: Buffer
  /**
   * What was wrong with the last line when it is cut: 'unterminated line' is a write the
   * power or a kill interrupted (never acknowledged); anything else ('checksum mismatch'…) is a
   * whole line that was damaged afterwards, which the GM must hear of.
   */
  readonly tornProblem: string | null
}

function parseLine(line: string): JournalEntry | string {
  const space = line.indexOf(' ')
  if (space !== 8) return 'no checksum'
  const json = line.slice(9)
  if (crc32Hex(json) !== line.slice(0, 8)) return 'checksum mismatch'
  try {
    const entry = JSON.parse(json) as JournalEntry
    if (typeof entry.seq !== 'number' || !Array.isArray(entry.events)) return 'not a journal entry'
    return entry
  } catch {
    return 'not valid JSON'
  }
}

/**
 * Reads a journal. A bad last line (the one being written when the power went) is reported
 * as torn so the caller can cut it off; a bad line with any line after it is corruption.
 */
export function readJournal(fs: DurableFs, file: string): JournalContents {
  const buf = fs.readFile(file)
  if (!buf || buf.length === 0) return { entries: [], intactBytes: 0, tornBytes: 0, torn: Buffer.alloc(0), tornProblem: null }
  const entries: JournalEntry[] = []
  let offset = 0
  let lineNo = 0
  let badAt: { line: number; offset: number; problem: string } | null = null
  while (offset < buf.length) {
    const nl = buf.indexOf(0x0a, offset)
    const end = nl === -1 ? buf.length : nl
    lineNo++
    const parsed = nl === -1 ? 'unterminated line' : parseLine(buf.subarray(offset, end).toString('utf8'))
    if (badAt) {
      // Only the line being written when the power went can be torn; anything after it is damage.
      throw new JournalCorruptError(file, badAt.line, `${badAt.problem}, and more lines follow it`)
    }
    if (typeof parsed === 'string') badAt = { line: lineNo, offset, problem: parsed }
    else entries.push(parsed)
    offset = end + 1
  }
  const intactBytes = badAt ? badAt.offset : buf.length
  return { entries, intactBytes, tornBytes: buf.length - intactBytes, torn: buf.subarray(intactBytes), tornProblem: badAt?.problem ?? null }
}

export class JournalWriter {
  #appender: DurableAppender
  #unusable: string | null = null
  #closed = false

  constructor(
    private readonly fs: DurableFs,
    private readonly file: string,
  ) {
    this.#appender = fs.openAppender(file)
  }

  /** Bytes the journal holds: where the next entry will start. */
  size(): number {
    return this.#appender.size()
  }

  /**
   * Forgets the first `bytes` bytes (the entries a compaction folded into the document), keeping
   * whatever was appended after them while the document was being written. With nothing after
   * them the file is cut to empty; otherwise the rest is rewritten atomically (temp file, fsync,
   * rename) and appending goes on in the new file. Where the disk layer can, the rest is written
   * and fsynced off the loop while commands keep appending here, and only what they appended
   * meanwhile is added in the one synchronous step that swaps the files. A crash on the way leaves
   * the old journal or the new one, and replay skips entries the document holds either way.
   */
  async dropThrough(bytes: number): Promise<void> {
    if (this.#unusable) throw new Error(this.#unusable)
    const size = this.#appender.size()
    if (bytes >= size) {
      this.#appender.truncate(0)
      return
    }
    const whole = this.fs.readFile(this.file)
    if (!whole || whole.length < size) throw new Error(`${this.file} is shorter than what was appended to it`)
    if (!this.fs.prepareReplacement) {
      this.fs.writeFileAtomic(this.file, whole.subarray(bytes, size))
      this.#swap(() => this.fs.openAppender(this.file))
      return
    }
    const replacement = await this.fs.prepareReplacement(this.file, whole.subarray(bytes, size))
    // Closed (or broken) meanwhile: the old journal stays as it is, whole.
    const now = this.#closed || this.#unusable ? -1 : this.#appender.size()
    if (now < size) {
      replacement.discard()
      return
    }
    const tail = now > size ? this.fs.readFile(this.file)?.subarray(size, now) : Buffer.alloc(0)
    if (!tail || tail.length < now - size) {
      replacement.discard()
      throw new Error(`${this.file} is shorter than what was appended to it`)
    }
    // Failing before the rename leaves the old journal the journal, and appending goes on there.
    this.#swap(
      () => replacement.commit(tail),
      () => replacement.replaced,
    )
  }

  /** Appending moves to the new file; a failure once it is in place stops appends until a reopen. */
  #swap(open: () => DurableAppender, replaced: () => boolean = () => true): void {
    const old = this.#appender
    try {
      this.#appender = open()
    } catch (e) {
      if (replaced())
        this.#unusable = `${this.file} could not be reopened after a compaction (${(e as Error).message}); reopen the campaign`
      throw e
    }
    old.close()
  }

  /**
   * Returns once the entry is on disk (fsync): only then may the command be acknowledged.
   * A failed append is cut back off, so a refused command can never replay after a crash
   * and the next acknowledged one is never glued onto a fragment. If even that fails, the
   * journal refuses every further append until the campaign is reopened.
   */
  append(entry: JournalEntry): void {
    if (this.#unusable) throw new Error(this.#unusable)
    const json = JSON.stringify(entry)
    const before = this.#appender.size()
    try {
      this.#appender.append(`${crc32Hex(json)} ${json}\n`)
    } catch (e) {
      try {
        this.#appender.truncate(before)
      } catch (cut) {
        this.#unusable = `${this.file} could not be repaired after a failed write (${(cut as Error).message}); reopen the campaign`
      }
      throw e
    }
  }

  truncate(size: number): void {
    this.#appender.truncate(size)
  }

  close(): void {
    this.#closed = true
    this.#appender.close()
  }
}
