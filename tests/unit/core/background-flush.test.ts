import { describe, expect, it } from 'vitest'
import { createDurableFs } from '../../../src-main/core/persistence/durable-fs'
import { PowerLossDisk } from '../../support/power-loss-disk'

/** The simulated disk, noting how much of each file had been written at each of its fsyncs. */
class FsyncWatch extends PowerLossDisk {
  readonly synced: number[] = []
  override fsync(fd: number): void {
    const size = this.fstatSize(fd)
    if (size > 0) this.synced.push(size)
    super.fsync(fd)
  }
}

describe('a large background write', () => {
  it('flushes as it goes, so a journal fsync meanwhile never has megabytes of it to push out', async () => {
    const disk = new FsyncWatch()
    const fs = createDurableFs(disk)
    fs.mkdirp('/data')
    const piece = Buffer.alloc(600 * 1024, 0x61)
    expect(await fs.writeFileAtomicAsync!('/data/document.json', [piece, piece, piece, piece])).toBe(true)
    // Flushed once a megabyte or more piled up (after the second and the fourth piece), then at the end.
    expect(disk.synced.filter((n) => n < 4 * piece.length)).toEqual([2 * piece.length])
    expect(disk.synced.at(-1)).toBe(4 * piece.length)
    expect(fs.readFile('/data/document.json')?.length).toBe(4 * piece.length)
  })
})
