import * as fs from 'node:fs'
import type { FsCalls } from './durable-fs'

/** Node's own calls behind the durable file operations; the async ones run in libuv's thread pool, off the event loop. */
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
  writeAsync: (fd, data, offset, length) =>
    new Promise((resolve, reject) => fs.write(fd, data, offset, length, null, (e, written) => (e ? reject(e) : resolve(written)))),
  renameAsync: (from, to) => new Promise((resolve, reject) => fs.rename(from, to, (e) => (e ? reject(e) : resolve()))),
  ftruncate: (fd, length) => fs.ftruncateSync(fd, length),
  fstatSize: (fd) => fs.fstatSync(fd).size,
  close: (fd) => fs.closeSync(fd),
  rename: (from, to) => fs.renameSync(from, to),
  mkdirRecursive: (dir) => fs.mkdirSync(dir, { recursive: true }),
  readdir: (dir) => fs.readdirSync(dir),
  statSize: (file) => fs.statSync(file).size,
  rm: (file) => fs.rmSync(file, { force: true }),
}
