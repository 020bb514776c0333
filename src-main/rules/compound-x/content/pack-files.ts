import { readFileSync } from 'node:fs'
import { join, resolve, sep } from 'node:path'
import type { PackReader } from './content-pack'

/** Reads a pack's files from a folder, refusing names that would leave it. */
export function folderPackReader(dir: string): PackReader {
  const root = resolve(dir)
  return (file) => {
    const path = resolve(join(root, file))
    if (!path.startsWith(root + sep)) return null
    try {
      return readFileSync(path, 'utf8')
    } catch {
      return null
    }
  }
}
