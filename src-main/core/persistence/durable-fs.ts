import * as fs from 'node:fs'
import * as path from 'node:path'
import { yieldToLoop } from './chunked-json'

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
  mkdirp(dir: string): void
  list(dir: string): string[]
  sizeOf(file: string): number | null
  /** Moves a file aside durably (used to keep a broken file when a backup is restored). */
  rename(from: string, to: string): void
  remove(file: string): void
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

export const nodeFsCalls: FsCalls = {
  readFile: (file) => fs.readFileSync(file),
  readTail(file, bytes) {
    const fd = fs.openSync(file, 'r')
    try {
      const size = fs.fstatSync(fd).size
      const n = Math.min(size, bytes)
      const buf = Buffer.alloc(n)
      let got = 0
      while (got < n) {
        const read = fs.readSync(fd, buf, got, n - got, size - n + got)
        if (read === 0) break
        got += read
      }
      return buf.subarray(0, got)
    } finally {
      fs.closeSync(fd)
    }
  },
  exists: (file) => fs.existsSync(file),
  open: (file, flags) => fs.openSync(file, flags),
  write: (fd, data, offset, length) => fs.writeSync(fd, data, offset, length),
  fsync: (fd) => fs.fsyncSync(fd),
  fsyncAsync: (fd) => new Promise((resolve, reject) => fs.fsync(fd, (e) => (e ? reject(e) : resolve()))),
  ftruncate: (fd, length) => fs.ftruncateSync(fd, length),
  fstatSize: (fd) => fs.fstatSync(fd).size,
  close: (fd) => fs.closeSync(fd),
  rename: (from, to) => fs.renameSync(from, to),
  mkdirRecursive: (dir) => fs.mkdirSync(dir, { recursive: true }),
  readdir: (dir) => fs.readdirSync(dir),
  statSize: (file) => fs.statSync(file).size,
  rm: (file) => fs.rmSync(file, { force: true }),
}

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
      let size = sys.fstatSize(fd)
      return {
        append(text) {
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
    },
    writeFileAtomic(file, data) {
      const tmp = `${file}.${tmpSuffix}`
      const fd = sys.open(tmp, 'w')
      try {
        writeAll(fd, typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data))
        sys.fsync(fd)
      } finally {
        sys.close(fd)
      }
      sys.rename(tmp, file)
      fsyncDir(path.dirname(file))
    },
    async writeFileAtomicAsync(file, pieces, stop = () => false) {
      const tmp = `${file}.${tmpSuffix}`
      const fd = sys.open(tmp, 'w')
      let done = false
      try {
        for await (const piece of pieces) {
          writeAll(fd, Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength))
          await yieldToLoop()
          if (stop()) return false
        }
        await (sys.fsyncAsync ?? sys.fsync)(fd)
        done = true
      } finally {
        sys.close(fd)
        if (!done) sys.rm(tmp)
      }
      if (stop()) {
        sys.rm(tmp)
        return false
      }
      sys.rename(tmp, file)
      const dirFd = sys.open(path.dirname(file), 'r')
      try {
        await (sys.fsyncAsync ?? sys.fsync)(dirFd)
      } finally {
        sys.close(dirFd)
      }
      return true
    },
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

/** The temp files `writeFileAtomic` makes (`<file>.tmp-<pid>`), in any process. */
const STRAY_TEMP = /\.tmp-\d+$/

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
