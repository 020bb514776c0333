import * as fs from 'node:fs'
import * as path from 'node:path'

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
  openAppender(file: string): DurableAppender
  /** Temp file, fsync, rename over, fsync the folder: readers see the old or the new file, never a mix. */
  writeFileAtomic(file: string, data: string | Uint8Array): void
  mkdirp(dir: string): void
  list(dir: string): string[]
  sizeOf(file: string): number | null
  /** Moves a file aside durably (used to keep a broken file when a backup is restored). */
  rename(from: string, to: string): void
  remove(file: string): void
}

function fsyncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r')
  try {
    fs.fsyncSync(fd)
  } finally {
    fs.closeSync(fd)
  }
}

function writeAll(fd: number, data: Buffer): void {
  let off = 0
  while (off < data.length) off += fs.writeSync(fd, data, off, data.length - off)
}

export const nodeDurableFs: DurableFs = {
  readFile(file) {
    try {
      return fs.readFileSync(file)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw e
    }
  },
  openAppender(file) {
    const existed = fs.existsSync(file)
    const fd = fs.openSync(file, 'a')
    if (!existed) fsyncDir(path.dirname(file))
    let size = fs.fstatSync(fd).size
    return {
      append(text) {
        const bytes = Buffer.from(text, 'utf8')
        writeAll(fd, bytes)
        fs.fsyncSync(fd)
        size += bytes.length
      },
      size: () => size,
      truncate(to) {
        fs.ftruncateSync(fd, to)
        fs.fsyncSync(fd)
        size = to
      },
      close() {
        fs.closeSync(fd)
      },
    }
  },
  writeFileAtomic(file, data) {
    const tmp = `${file}.tmp-${process.pid}`
    const fd = fs.openSync(tmp, 'w')
    try {
      writeAll(fd, typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data))
      fs.fsyncSync(fd)
    } finally {
      fs.closeSync(fd)
    }
    fs.renameSync(tmp, file)
    fsyncDir(path.dirname(file))
  },
  mkdirp(dir) {
    const first = fs.mkdirSync(dir, { recursive: true })
    if (first === undefined) return
    // A new folder is only durable once its parent's entry is: fsync each new level's parent.
    for (let d = path.resolve(dir); ; d = path.dirname(d)) {
      fsyncDir(path.dirname(d))
      if (d === path.resolve(first)) break
    }
  },
  list(dir) {
    try {
      return fs.readdirSync(dir)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return []
      throw e
    }
  },
  sizeOf(file) {
    try {
      return fs.statSync(file).size
    } catch {
      return null
    }
  },
  rename(from, to) {
    fs.renameSync(from, to)
    fsyncDir(path.dirname(to))
  },
  remove(file) {
    fs.rmSync(file, { force: true })
  },
}
