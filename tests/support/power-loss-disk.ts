import * as path from 'node:path'
import type { FsCalls } from '../../src-main/core/persistence/durable-fs'

/**
 * A disk with a page cache, for power-loss tests: every system call the durability code makes
 * lands here, and `crash()` returns the disk as it would be found after the power went.
 *
 * What survives, modelled on a journaling filesystem (ext4, data=ordered):
 * - a file's data reaches the platter on its own fsync; unsynced writes are cut into 512-byte
 *   sectors, and any subset of them, in any order, may have been written back;
 * - names (create, rename, remove, mkdir) go through a journal in order: everything up to the
 *   last folder fsync survives, and after that any prefix of the rest;
 * - a file whose name did not survive is gone, whatever its data did.
 */

const SECTOR = 512

type Entry = { readonly type: 'dir' } | { readonly type: 'file'; readonly ino: number }
type NameOp =
  | { readonly kind: 'link'; readonly at: string; readonly entry: Entry }
  | { readonly kind: 'unlink'; readonly at: string }
  | { readonly kind: 'rename'; readonly from: string; readonly to: string }
type DataOp =
  { readonly kind: 'write'; readonly offset: number; readonly data: Buffer } | { readonly kind: 'truncate'; readonly length: number }

interface Inode {
  durable: Buffer
  live: Buffer
  pending: DataOp[]
}

interface Open {
  readonly path: string
  readonly ino: number | null
  readonly append: boolean
}

/** What a crash leaves: names and the bytes behind them. */
export interface DiskImage {
  readonly names: ReadonlyMap<string, Entry>
  readonly data: ReadonlyMap<number, Buffer>
}

/** Thrown by every call once the power is cut: the process is as good as dead. */
export class PowerCut extends Error {
  constructor() {
    super('the power went')
  }
}

const missing = (p: string) => Object.assign(new Error(`ENOENT: no such file or directory, '${p}'`), { code: 'ENOENT' })

function applyData(buf: Buffer, op: DataOp): Buffer {
  if (op.kind === 'truncate')
    return op.length <= buf.length ? Buffer.from(buf.subarray(0, op.length)) : Buffer.concat([buf, Buffer.alloc(op.length - buf.length)])
  const end = op.offset + op.data.length
  const out = Buffer.alloc(Math.max(buf.length, end))
  buf.copy(out)
  op.data.copy(out, op.offset)
  return out
}

function applyName(names: Map<string, Entry>, op: NameOp): void {
  if (op.kind === 'link') names.set(op.at, op.entry)
  else if (op.kind === 'unlink') names.delete(op.at)
  else {
    const e = names.get(op.from)
    if (!e) return
    names.delete(op.from)
    names.set(op.to, e)
  }
}

export class PowerLossDisk implements FsCalls {
  readonly #base: Map<string, Entry>
  readonly #names: Map<string, Entry>
  readonly #journal: NameOp[] = []
  #journalSynced = 0
  readonly #inodes = new Map<number, Inode>()
  readonly #fds = new Map<number, Open>()
  #nextIno = 1
  #nextFd = 3
  /** Calls left before the power goes (Infinity: it never does). */
  callsLeft = Infinity
  calls = 0

  constructor(image?: DiskImage) {
    this.#base = new Map(image?.names ?? [['/', { type: 'dir' }]])
    this.#names = new Map(this.#base)
    for (const [ino, bytes] of image?.data ?? []) {
      this.#inodes.set(ino, { durable: bytes, live: bytes, pending: [] })
      this.#nextIno = Math.max(this.#nextIno, ino + 1)
    }
  }

  #tick(): void {
    this.calls++
    if (this.callsLeft-- <= 0) throw new PowerCut()
  }

  #name(op: NameOp): void {
    this.#journal.push(op)
    applyName(this.#names, op)
  }

  #file(p: string): Inode {
    const e = this.#names.get(path.resolve(p))
    if (e?.type !== 'file') throw missing(p)
    return this.#inodes.get(e.ino)!
  }

  #parentMustExist(p: string): void {
    if (this.#names.get(path.dirname(p))?.type !== 'dir') throw missing(p)
  }

  #dataOp(ino: number, op: DataOp): void {
    const node = this.#inodes.get(ino)!
    node.pending.push(op)
    node.live = applyData(node.live, op)
  }

  readFile(file: string): Buffer {
    this.#tick()
    return Buffer.from(this.#file(file).live)
  }

  exists(file: string): boolean {
    this.#tick()
    return this.#names.has(path.resolve(file))
  }

  open(file: string, flags: 'a' | 'w' | 'r'): number {
    this.#tick()
    const p = path.resolve(file)
    let e = this.#names.get(p)
    if (!e) {
      if (flags === 'r') throw missing(p)
      this.#parentMustExist(p)
      const ino = this.#nextIno++
      this.#inodes.set(ino, { durable: Buffer.alloc(0), live: Buffer.alloc(0), pending: [] })
      e = { type: 'file', ino }
      this.#name({ kind: 'link', at: p, entry: e })
    } else if (e.type === 'file' && flags === 'w') {
      this.#dataOp(e.ino, { kind: 'truncate', length: 0 })
    }
    const fd = this.#nextFd++
    this.#fds.set(fd, { path: p, ino: e.type === 'file' ? e.ino : null, append: flags === 'a' })
    return fd
  }

  #fd(fd: number): Open {
    const o = this.#fds.get(fd)
    if (!o) throw Object.assign(new Error(`EBADF: bad file descriptor ${fd}`), { code: 'EBADF' })
    return o
  }

  write(fd: number, data: Buffer, offset: number, length: number): number {
    this.#tick()
    const o = this.#fd(fd)
    if (o.ino === null) throw Object.assign(new Error('EISDIR'), { code: 'EISDIR' })
    const node = this.#inodes.get(o.ino)!
    // Writes go at the end: appenders append, and 'w' files are written once from the start.
    this.#dataOp(o.ino, { kind: 'write', offset: node.live.length, data: Buffer.from(data.subarray(offset, offset + length)) })
    return length
  }

  fsync(fd: number): void {
    this.#tick()
    const o = this.#fd(fd)
    if (o.ino === null) {
      // A folder's fsync commits the name journal, everything before it included.
      this.#journalSynced = this.#journal.length
      return
    }
    const node = this.#inodes.get(o.ino)!
    node.durable = node.live
    node.pending = []
  }

  ftruncate(fd: number, length: number): void {
    this.#tick()
    const o = this.#fd(fd)
    if (o.ino !== null) this.#dataOp(o.ino, { kind: 'truncate', length })
  }

  fstatSize(fd: number): number {
    this.#tick()
    const o = this.#fd(fd)
    return o.ino === null ? 0 : this.#inodes.get(o.ino)!.live.length
  }

  close(fd: number): void {
    this.#tick()
    this.#fds.delete(fd)
  }

  rename(from: string, to: string): void {
    this.#tick()
    const f = path.resolve(from)
    const t = path.resolve(to)
    if (this.#names.get(f)?.type !== 'file') throw missing(f)
    this.#parentMustExist(t)
    this.#name({ kind: 'rename', from: f, to: t })
  }

  mkdirRecursive(dir: string): string | undefined {
    this.#tick()
    const p = path.resolve(dir)
    const missingLevels: string[] = []
    for (let d = p; !this.#names.has(d); d = path.dirname(d)) missingLevels.unshift(d)
    for (const d of missingLevels) this.#name({ kind: 'link', at: d, entry: { type: 'dir' } })
    return missingLevels[0]
  }

  readdir(dir: string): string[] {
    this.#tick()
    const p = path.resolve(dir)
    if (this.#names.get(p)?.type !== 'dir') throw missing(p)
    return [...this.#names.keys()].filter((k) => k !== p && path.dirname(k) === p).map((k) => path.basename(k))
  }

  statSize(file: string): number {
    this.#tick()
    return this.#file(file).live.length
  }

  rm(file: string): void {
    this.#tick()
    const p = path.resolve(file)
    if (this.#names.get(p)?.type === 'file') this.#name({ kind: 'unlink', at: p })
  }

  /**
   * The disk as found after the power went now: the synced names plus a random prefix of the
   * rest, each file's synced bytes plus a random subset of its unsynced sectors in random order.
   */
  crash(rng: () => number): DiskImage {
    const names = new Map(this.#base)
    const kept = this.#journalSynced + Math.floor(rng() * (this.#journal.length - this.#journalSynced + 1))
    for (const op of this.#journal.slice(0, kept)) applyName(names, op)
    const data = new Map<number, Buffer>()
    for (const e of names.values()) {
      if (e.type !== 'file' || data.has(e.ino)) continue
      const node = this.#inodes.get(e.ino)!
      const survivors: DataOp[] = node.pending.flatMap((op): DataOp[] => {
        if (op.kind === 'truncate') return rng() < 0.5 ? [op] : []
        const sectors: DataOp[] = []
        for (let s = 0; s < op.data.length; s += SECTOR)
          sectors.push({ kind: 'write', offset: op.offset + s, data: op.data.subarray(s, s + SECTOR) })
        return sectors.filter(() => rng() < 0.5)
      })
      for (let i = survivors.length - 1; i > 0; i--) {
        const j = Math.floor(rng() * (i + 1))
        ;[survivors[i], survivors[j]] = [survivors[j]!, survivors[i]!]
      }
      data.set(e.ino, survivors.reduce(applyData, node.durable))
    }
    return { names, data }
  }
}
