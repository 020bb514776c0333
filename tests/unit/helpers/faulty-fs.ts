import { appendFileSync } from 'node:fs'
import { nodeDurableFs, type DurableFs } from '../../../src-main/core/persistence/durable-fs'

export type AppendFault = 'partial-write' | 'fsync-after-write'

/**
 * The real filesystem, except that the next journal append can be made to fail the way
 * disks do: half the bytes written then ENOSPC, or every byte written then EIO on fsync.
 */
export class FaultyFs implements DurableFs {
  nextAppend: AppendFault | null = null

  readFile = nodeDurableFs.readFile
  writeFileAtomic = nodeDurableFs.writeFileAtomic
  mkdirp = nodeDurableFs.mkdirp
  list = nodeDurableFs.list
  sizeOf = nodeDurableFs.sizeOf
  rename = nodeDurableFs.rename
  remove = nodeDurableFs.remove

  openAppender(file: string) {
    const real = nodeDurableFs.openAppender(file)
    return {
      ...real,
      append: (text: string) => {
        const fault = this.nextAppend
        this.nextAppend = null
        if (fault === 'partial-write') {
          appendFileSync(file, text.slice(0, Math.floor(text.length / 2)))
          throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' })
        }
        if (fault === 'fsync-after-write') {
          appendFileSync(file, text)
          throw Object.assign(new Error('EIO: i/o error, fsync'), { code: 'EIO' })
        }
        real.append(text)
      },
    }
  }
}
