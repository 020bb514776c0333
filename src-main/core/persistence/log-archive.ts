import type { EncounterId, LogEntryRecord } from '../../../src-shared/records'
import { TYPED, WRITTEN } from '../../../src-shared/limits'
import { logSchema } from './campaign-schemas'
import { crc32Hex } from './crc32'
import { inOrderOf } from './document-key-order'
import type { DurableFs } from './durable-fs'

/**
 * One closed encounter's log entries, in an append-only file of its own
 * (`log-archive/encounter-<id>.jsonl`): lines like the journal's, `<crc32> <json>`, each a log
 * entry, and after each batch a closing line `{"archivedThrough":<journal seq>}` saying the batch
 * is whole. A crash mid-append leaves a batch without its closing line (and perhaps a torn last
 * line): the entries are then still in the document too, and the next open finishes the job.
 */

/** Every size read from an archive is bounded: a hand-made or damaged file is refused, not swallowed. */
export const ARCHIVE_LIMITS = {
  /** One line: a log entry may carry 1,000,000 characters of text and of detail, several times over. */
  lineBytes: 16_000_000,
  /** One file: far more than one fight writes (a 3,000-combatant evening is a few MB). */
  fileBytes: 256_000_000,
  entries: WRITTEN.records,
  /** Archive files in one campaign. */
  files: 100_000,
} as const

const FILE = /^encounter-([A-Za-z0-9_-]{1,64})\.jsonl$/
const ENCOUNTER_ID = /^encounter:([A-Za-z0-9_-]{1,64})$/

/** The archive's file name for an encounter, or null for an id that could not be a file name. */
export function archiveFileName(encounterId: string): string | null {
  const m = ENCOUNTER_ID.exec(encounterId)
  return m ? `encounter-${m[1]}.jsonl` : null
}

/** The encounter an archive file belongs to, or null for a file that is not an archive. */
export function encounterOfArchive(fileName: string): EncounterId | null {
  const m = FILE.exec(fileName)
  return m ? (`encounter:${m[1]}` as EncounterId) : null
}

export class ArchiveTooLargeError extends Error {}

export interface ArchiveContents {
  readonly entries: readonly LogEntryRecord[]
  /** The last batch has its closing line: nothing of it is missing. */
  readonly complete: boolean
  /** The highest entry seq in the file (0: none). */
  readonly lastSeq: number
  /** Bytes up to the end of the last whole line that could be read. */
  readonly intactBytes: number
  /** Lines that could not be read (checksum, JSON, shape): skipped, never guessed at. */
  readonly damaged: number
  /** Bytes up to the end of the last closing line: what whole batches hold (an append starts here). */
  readonly batchEnd: number
  /** The highest entry seq in whole batches (0: none): those entries are archived, the rest are still live. */
  readonly batchLastSeq: number
}

/** What an archive's tail is read for: where each entry stands and which command wrote it (retries, batch ends). */
export type ArchivedRef = Pick<LogEntryRecord, 'commandId' | 'seq'>

type Line<E> = { readonly entry: E } | { readonly through: number; readonly more: boolean } | null

/**
 * A tail line's entry, its command id and position only: checking each of a megabyte of tail lines
 * in full with zod was a third of a 5,000-combatant open (issue 15). Every reader of an entry's
 * content reads the whole file, checked in full (readArchive).
 */
function refOf(value: unknown): ArchivedRef | null {
  const v = value as Partial<LogEntryRecord> | null
  if (typeof v !== 'object' || v === null || v.typeName !== 'log') return null
  if (typeof v.commandId !== 'string' || v.commandId.length > TYPED.id) return null
  if (typeof v.seq !== 'number' || !Number.isSafeInteger(v.seq) || v.seq < 0) return null
  return { commandId: v.commandId, seq: v.seq }
}

function fullEntry(value: unknown): LogEntryRecord | null {
  const entry = logSchema.safeParse(value)
  return entry.success ? (inOrderOf(entry.data, value) as LogEntryRecord) : null
}

function parseLine<E>(line: string, entryOf: (value: unknown) => E | null): Line<E> {
  if (line.charCodeAt(8) !== 0x20) return null
  const json = line.slice(9)
  if (crc32Hex(json) !== line.slice(0, 8)) return null
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    return null
  }
  const through = (value as { archivedThrough?: unknown } | null)?.archivedThrough
  if (typeof through === 'number' && Number.isSafeInteger(through)) return { through, more: (value as { more?: unknown }).more === true }
  const entry = entryOf(value)
  return entry === null ? null : { entry }
}

/** Reads an archive (null: no such file). Throws ArchiveTooLargeError past the bounds above. */
export function readArchive(fs: DurableFs, file: string): ArchiveContents | null {
  const size = fs.sizeOf(file)
  if (size === null) return null
  if (size > ARCHIVE_LIMITS.fileBytes)
    throw new ArchiveTooLargeError(`${file} is ${size} bytes; an archive may be at most ${ARCHIVE_LIMITS.fileBytes}`)
  const buf = fs.readFile(file)
  if (buf === null) return null
  const entries: LogEntryRecord[] = []
  let complete = true
  let lastSeq = 0
  let damaged = 0
  let intactBytes = 0
  let batchEnd = 0
  let batchLastSeq = 0
  for (let offset = 0; offset < buf.length;) {
    const nl = buf.indexOf(0x0a, offset)
    if (nl === -1) break // a torn last line: the batch it belonged to is not complete
    if (nl - offset > ARCHIVE_LIMITS.lineBytes) throw new ArchiveTooLargeError(`${file} has a line of ${nl - offset} bytes`)
    const parsed = parseLine(buf.subarray(offset, nl).toString('utf8'), fullEntry)
    offset = nl + 1
    intactBytes = offset
    if (parsed === null) damaged++
    else if ('through' in parsed) {
      complete = true
      batchEnd = offset
      batchLastSeq = lastSeq
    } else {
      if (entries.length >= ARCHIVE_LIMITS.entries)
        throw new ArchiveTooLargeError(`${file} holds more than ${ARCHIVE_LIMITS.entries} entries`)
      entries.push(parsed.entry)
      lastSeq = Math.max(lastSeq, parsed.entry.seq)
      complete = false
    }
  }
  if (intactBytes < buf.length) complete = false
  return { entries, complete, lastSeq, intactBytes, damaged, batchEnd, batchLastSeq }
}

const line = (value: unknown): string => {
  const json = JSON.stringify(value)
  return `${crc32Hex(json)} ${json}\n`
}

/**
 * Appends one batch (entries in seq order, then its closing line): when this returns the entries
 * are on disk. The entries are fsynced before the closing line is written, so a closing line a
 * power cut left on disk always follows whole entries (a disk may keep any of the sectors of an
 * unsynced write, in any order). What follows the last closing line (an unfinished batch, whose
 * entries are still live) is cut off first, so the batch starts on a clean line.
 */
export function appendToArchive(
  fs: DurableFs,
  file: string,
  entries: readonly LogEntryRecord[],
  through: number,
  intactBytes?: number,
  more = false,
): void {
  const appender = fs.openAppender(file)
  try {
    if (intactBytes !== undefined && appender.size() > intactBytes) appender.truncate(intactBytes)
    // `more`: an older campaign's log moved a slice at a time; entries up to `through` are here, later ones still live.
    if (entries.length > 0) appender.append(entries.map(line).join(''))
    appender.append(line(more ? { archivedThrough: through, more } : { archivedThrough: through }))
  } finally {
    appender.close()
  }
}

/** How much of the newest archive an open reads: its last batch's end, and recent command ids. */
const TAIL_BYTES = 1_000_000

export interface ArchiveTail {
  /** The file ends with a whole batch's closing line. */
  readonly complete: boolean
  /** That closing line's journal seq (0 when incomplete). */
  readonly through: number
  /** That closing line says more of the encounter's log is still to come (a move a slice at a time, unfinished). */
  readonly more: boolean
  /** The highest entry seq among the last lines (0: none). */
  readonly lastSeq: number
  /** Bytes up to the end of the last whole line. */
  readonly intactBytes: number
  /** Bytes up to the end of the last closing line; null when none is among the lines read (a batch longer than them). */
  readonly batchEnd: number | null
  /** The highest entry seq up to that closing line, among the lines read (0: none). */
  readonly batchLastSeq: number
  /** The entries among the last lines, in file order (for the command ids a retry may name). */
  readonly entries: readonly ArchivedRef[]
}

/**
 * The end of an archive, read without reading the whole file (an open must stay fast however
 * long the history): whether its last batch is whole, and the entries of its last lines.
 */
export function readArchiveTail(fs: DurableFs, file: string): ArchiveTail | null {
  const size = fs.sizeOf(file)
  if (size === null) return null
  const buf = fs.readTail ? fs.readTail(file, TAIL_BYTES) : (fs.readFile(file)?.subarray(-TAIL_BYTES) ?? null)
  if (buf === null) return null
  // Unless the tail is the whole file, its first line is cut: start after it.
  let offset = buf.length < size ? buf.indexOf(0x0a) + 1 : 0
  const start = size - buf.length
  if (offset === 0 && buf.length < size)
    return { complete: false, through: 0, more: false, lastSeq: 0, intactBytes: start, batchEnd: null, batchLastSeq: 0, entries: [] }
  const entries: ArchivedRef[] = []
  let through = 0
  let more = false
  let complete = false
  let intactBytes = start + offset
  // Unless the lines read start at the file's start, where the batch before them ends is not known yet.
  let batchEnd: number | null = start === 0 ? 0 : null
  let batchLastSeq = 0
  let seqSoFar = 0
  while (offset < buf.length) {
    const nl = buf.indexOf(0x0a, offset)
    if (nl === -1) {
      complete = false
      break
    }
    const parsed = parseLine(buf.subarray(offset, nl).toString('utf8'), refOf)
    offset = nl + 1
    intactBytes = start + offset
    if (parsed === null) complete = false
    else if ('through' in parsed) {
      complete = true
      through = parsed.through
      more = parsed.more
      batchEnd = intactBytes
      batchLastSeq = seqSoFar
    } else {
      entries.push(parsed.entry)
      seqSoFar = Math.max(seqSoFar, parsed.entry.seq)
      complete = false
    }
  }
  return {
    complete,
    through: complete ? through : 0,
    more: complete && more,
    lastSeq: seqSoFar,
    intactBytes,
    batchEnd,
    batchLastSeq,
    entries,
  }
}

/**
 * Cuts an unfinished last batch off an archive (a crash mid-append: its entries are all still
 * live, in the document or the journal), so each entry is in one place only. Reads the whole
 * file only when its last closing line is not among the tail's lines. Returns the tail after.
 */
export function cutUnfinishedBatch(fs: DurableFs, file: string, tail: ArchiveTail): ArchiveTail {
  if (tail.complete) return tail
  const end = tail.batchEnd ?? readArchive(fs, file)?.batchEnd ?? 0
  const appender = fs.openAppender(file)
  try {
    if (appender.size() > end) appender.truncate(end)
  } finally {
    appender.close()
  }
  return readArchiveTail(fs, file) ?? tail
}

/**
 * The highest entry seq an archive's whole batches hold (0: none, or no file), after cutting off
 * an unfinished last batch (its entries are still live): what an append must not repeat. Reads
 * the tail, and the whole file only when the tail's lines show no entry before the last closing line.
 */
export function archivedUpTo(fs: DurableFs, file: string): number {
  const read = readArchiveTail(fs, file)
  if (!read) return 0
  const tail = cutUnfinishedBatch(fs, file, read)
  if (tail.batchLastSeq > 0 || tail.batchEnd === 0) return tail.batchLastSeq
  return readArchive(fs, file)?.batchLastSeq ?? 0
}
