import * as path from 'node:path'
import { yieldToLoop } from './chunked-json'
import type { DurableAppender, DurableFs, FsCalls, Replacement } from './durable-fs'

/** How much of a large file a background write lets pile up unflushed. */
const FLUSH_EVERY_BYTES = 1024 * 1024

interface SyncParts {
  writeAll(fd: number, data: Buffer): void
  fsyncDir(dir: string): void
  appenderOn(fd: number, beforeAppend?: () => void): DurableAppender
}

/**
 * The durable writes that must not hold the event loop (compaction's 50 MB document, its journal
 * swap, a large backup): the bytes, the fsyncs and the rename over a large file go to the thread
 * pool where the system offers it, and fall back to the synchronous call where it does not (the
 * power-loss disk, which records every call in order). Each temp file has a name of its own, so
 * a background write never shares one with a synchronous write of the same file.
 */
export function asyncWrites(
  sys: FsCalls,
  tmpSuffix: string,
  { writeAll, fsyncDir, appenderOn }: SyncParts,
): Required<Pick<DurableFs, 'writeFileAtomicAsync' | 'prepareReplacement'>> {
  let temps = 0
  const tempOf = (file: string) => `${file}.${tmpSuffix}${++temps}`
  const fsync = async (fd: number) => (sys.fsyncAsync ? sys.fsyncAsync(fd) : sys.fsync(fd))
  const writeAllAsync = async (fd: number, data: Buffer) => {
    if (!sys.writeAsync) return writeAll(fd, data)
    for (let off = 0; off < data.length;) off += await sys.writeAsync(fd, data, off, data.length - off)
  }
  const fsyncDirAsync = async (dir: string) => {
    const fd = sys.open(dir, 'r')
    try {
      await fsync(fd)
    } finally {
      sys.close(fd)
    }
  }
  return {
    async writeFileAtomicAsync(file, pieces, stop = () => false) {
      const tmp = tempOf(file)
      const fd = sys.open(tmp, 'w')
      let done = false
      try {
        let unsynced = 0
        for await (const piece of pieces) {
          await writeAllAsync(fd, Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength))
          // Flushed as it goes: a command's journal fsync meanwhile would otherwise wait for all of
          // the file written so far to reach the disk (ext4 writes out pending data with each
          // commit), and a 13 MB compaction made the commands that came during it slow.
          unsynced += piece.byteLength
          if (unsynced >= FLUSH_EVERY_BYTES) {
            await fsync(fd)
            unsynced = 0
          }
          await yieldToLoop()
          if (stop()) return false
        }
        await fsync(fd)
        done = true
      } finally {
        sys.close(fd)
        if (!done) sys.rm(tmp)
      }
      if (stop()) {
        sys.rm(tmp)
        return false
      }
      // Renaming over the old document frees its blocks: in the pool, not on the loop.
      await (sys.renameAsync ? sys.renameAsync(tmp, file) : sys.rename(tmp, file))
      await fsyncDirAsync(path.dirname(file))
      return true
    },

    async prepareReplacement(file, head): Promise<Replacement> {
      const tmp = tempOf(file)
      const fd = sys.open(tmp, 'w')
      try {
        await writeAllAsync(fd, Buffer.from(head.buffer, head.byteOffset, head.byteLength))
        await fsync(fd)
      } catch (e) {
        sys.close(fd)
        sys.rm(tmp)
        throw e
      }
      let settled = false
      let replaced = false
      return {
        get replaced() {
          return replaced
        },
        commit(tail) {
          if (settled) throw new Error(`the replacement of ${file} was already settled`)
          settled = true
          try {
            if (tail.length > 0) {
              writeAll(fd, Buffer.from(tail.buffer, tail.byteOffset, tail.byteLength))
              sys.fsync(fd)
            }
          } catch (e) {
            sys.close(fd)
            sys.rm(tmp)
            throw e
          }
          sys.close(fd)
          sys.rename(tmp, file)
          replaced = true
          let named = false
          const dir = path.dirname(file)
          fsyncDirAsync(dir).then(
            () => (named = true),
            () => undefined, // the first append does it itself, and reports a failure
          )
          // Reopened for appending: writes always land at the end, whatever a truncate did.
          return appenderOn(sys.open(file, 'a'), () => {
            if (named) return
            fsyncDir(dir)
            named = true
          })
        },
        discard() {
          if (settled) return
          settled = true
          sys.close(fd)
          sys.rm(tmp)
        },
      }
    },
  }
}
