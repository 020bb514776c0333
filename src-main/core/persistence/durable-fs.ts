import * as path from 'node:path'
import { asyncWrites } from './durable-fs-async'
import { nodeFsCalls } from './node-fs-calls'

/** An open append-only file whose every append is on disk when the call returns. */
export interface DurableAppender {
  append(text: string): void
  /** Bytes in the file as far as this appender knows (what a failed append rolls back to). */
  size(): number
  /** Drops everything after `size` bytes (recovery of a torn tail, or after compaction). */
  truncate(size: number): void
  close(): void
}

/**
 * The file operations persistence needs, with their durability spelled out. The node
 * implementation below is the real one; tests of power loss swap in a recording layer.
 */
export interface DurableFs {
  readFile(file: string): Buffer | null
  /** The last `bytes` bytes of a file (all of it when shorter), null when missing. Optional: callers fall back to readFile. */
  readTail?(file: string, bytes: number): Buffer | null
  openAppender(file: string): DurableAppender
  /** Temp file, fsync, rename over, fsync the folder: readers see the old or the new file, never a mix. */
  writeFileAtomic(file: string, data: string | Uint8Array): void
  /**
   * The same, for a large file: its pieces are written one at a time with the event loop let go
   * between them, and the fsyncs do not hold the loop. Resolves false (and leaves the file as it
   * was) when `stop` says so between pieces. Optional: without it, callers use writeFileAtomic.
   */
  writeFileAtomicAsync?(file: string, pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, stop?: () => boolean): Promise<boolean>
  /**
   * Replacing an append-only file without holding the loop: `head` goes to a temp file and is
   * fsynced in the background; `commit` then, in one synchronous step, adds what was appended
   * meanwhile and renames it over the file. Optional: without it, callers use writeFileAtomic.
   */
  prepareReplacement?(file: string, head: Uint8Array): Promise<Replacement>
  mkdirp(dir: string): void
  list(dir: string): string[]
  sizeOf(file: string): number | null
  /** Moves a file aside durably (used to keep a broken file when a backup is restored). */
  rename(from: string, to: string): void
  remove(file: string): void
}

/** A replacement of an append-only file, written and fsynced, waiting to be put in place. */
export interface Replacement {
  /**
   * Appends `tail` (fsynced), renames the file into place and returns an appender on it. The
   * folder's fsync runs in the background; the first append waits for it if it has not ended, so
   * nothing appended afterwards is acknowledged on a name a power cut could take back.
   */
  commit(tail: Uint8Array): DurableAppender
  /** Gives it up: the temp file goes, the file stays as it was. */
  discard(): void
  /** Whether commit got as far as the rename (the old file's handle is then stale). */
  readonly replaced: boolean
}

/**
 * The few system calls durability is built from, in the shape of node's sync `fs` API. The real
 * ones are node's; the power-loss test runs the very same durability code below over a simulated
 * disk that forgets whatever was not fsynced when the power goes.
 */
export interface FsCalls {
  /** Throws an ENOENT error when the file is missing. */
  readFile(file: string): Buffer
  /** The last `bytes` bytes; throws ENOENT when missing. Optional. */
  readTail?(file: string, bytes: number): Buffer
  exists(file: string): boolean
  open(file: string, flags: 'a' | 'w' | 'r'): number
  write(fd: number, data: Buffer, offset: number, length: number): number
  fsync(fd: number): void
  /** fsync off the event loop, where the system offers it (node's thread pool). */
  fsyncAsync?(fd: number): Promise<void>
  /** write, in the thread pool (the bytes must stay untouched until it resolves). */
  writeAsync?(fd: number, data: Buffer, offset: number, length: number): Promise<number>
  /** rename, in the thread pool: renaming over a large file frees its blocks, tens of ms on ext4. */
  renameAsync?(from: string, to: string): Promise<void>
  ftruncate(fd: number, length: number): void
  fstatSize(fd: number): number
  close(fd: number): void
  rename(from: string, to: string): void
  /** Creates the folder and any missing parents; returns the first folder it created, if any. */
  mkdirRecursive(dir: string): string | undefined
  /** Throws an ENOENT error when the folder is missing. */
  readdir(dir: string): string[]
  /** Throws when the file is missing. */
  statSize(file: string): number
  /** Removes the file if it is there. */
  rm(file: string): void
}

export { nodeFsCalls }

const isMissing = (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT'

/** Durable file operations over the given system calls (the app uses node's, `nodeDurableFs`). */
export function createDurableFs(sys: FsCalls, tmpSuffix = `tmp-${process.pid}`): DurableFs {
  const fsyncDir = (dir: string) => {
    const fd = sys.open(dir, 'r')
    try {
      sys.fsync(fd)
    } finally {
      sys.close(fd)
    }
  }
  const writeAll = (fd: number, data: Buffer) => {
    let off = 0
    while (off < data.length) off += sys.write(fd, data, off, data.length - off)
  }
  /** An appender on an open file; `beforeAppend` runs first on each append (a folder fsync still owed). */
  const appenderOn = (fd: number, beforeAppend?: () => void): DurableAppender => {
    let size = sys.fstatSize(fd)
    return {
      append(text) {
        beforeAppend?.()
        const bytes = Buffer.from(text, 'utf8')
        writeAll(fd, bytes)
        sys.fsync(fd)
        size += bytes.length
      },
      size: () => size,
      truncate(to) {
        sys.ftruncate(fd, to)
        sys.fsync(fd)
        size = to
      },
      close() {
        sys.close(fd)
      },
    }
  }
  return {
    readFile(file) {
      try {
        return sys.readFile(file)
      } catch (e) {
        if (isMissing(e)) return null
        throw e
      }
    },
    readTail(file, bytes) {
      try {
        return sys.readTail ? sys.readTail(file, bytes) : sys.readFile(file).subarray(-bytes)
      } catch (e) {
        if (isMissing(e)) return null
        throw e
      }
    },
    openAppender(file) {
      const existed = sys.exists(file)
      const fd = sys.open(file, 'a')
      // A new journal's name is only durable once its folder's entry is.
      if (!existed) fsyncDir(path.dirname(file))
      return appenderOn(fd)
    },
    writeFileAtomic(file, data) {
      const tmp = `${file}.${tmpSuffix}`
      const fd = sys.open(tmp, 'w')
      try {
        // A view of the caller's bytes: Buffer.from(buffer) copies them (a second for a 50 MB document at open).
        writeAll(fd, typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data.buffer, data.byteOffset, data.byteLength))
        sys.fsync(fd)
      } finally {
        sys.close(fd)
      }
      sys.rename(tmp, file)
      fsyncDir(path.dirname(file))
    },
    ...asyncWrites(sys, `${tmpSuffix}-a`, { writeAll, fsyncDir, appenderOn }),
    mkdirp(dir) {
      const first = sys.mkdirRecursive(dir)
      if (first === undefined) return
      // A new folder is only durable once its parent's entry is: fsync each new level's parent.
      for (let d = path.resolve(dir); ; d = path.dirname(d)) {
        fsyncDir(path.dirname(d))
        if (d === path.resolve(first)) break
      }
    },
    list(dir) {
      try {
        return sys.readdir(dir)
      } catch (e) {
        if (isMissing(e)) return []
        throw e
      }
    },
    sizeOf(file) {
      try {
        return sys.statSize(file)
      } catch {
        return null
      }
    },
    rename(from, to) {
      sys.rename(from, to)
      // Both folders' entries change; a move within one folder needs one fsync.
      fsyncDir(path.dirname(to))
      if (path.dirname(from) !== path.dirname(to)) fsyncDir(path.dirname(from))
    },
    remove(file) {
      sys.rm(file)
      // A removal in a folder that is itself gone has nothing left to make durable.
      try {
        fsyncDir(path.dirname(file))
      } catch (e) {
        if (!isMissing(e)) throw e
      }
    },
  }
}

export const nodeDurableFs: DurableFs = createDurableFs(nodeFsCalls)

/** The temp files the atomic writes make (`<file>.tmp-<pid>`, `<file>.tmp-<pid>-a<n>`), in any process. */
const STRAY_TEMP = /\.tmp-\d+(-a\d+)?$/

/**
 * Removes the temp files an interrupted atomic write left in these folders (a crash between
 * writing the temp file and renaming it). Only safe while this process holds the data folder's
 * lock, which it does whenever it opens anything in it. Returns how many it removed.
 */
export function removeStrayTempFiles(fs: DurableFs, dirs: readonly string[]): number {
  let removed = 0
  for (const dir of dirs) {
    for (const name of fs.list(dir)) {
      if (!STRAY_TEMP.test(name)) continue
      fs.remove(path.join(dir, name))
      removed++
    }
  }
  return removed
}
