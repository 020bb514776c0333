import { cpSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'

/**
 * The cold-start bench's baseline and its data folders. A start reads a campaign's document and
 * journal (and a few small files), and only the last few KB of a log archive; it never reads the
 * backups. So the baseline reads every file but those in `backups/` and `log-archive/`, and the
 * folder's whole size is told apart (it was the baseline before, and a 5,000-combatant folder's
 * backups made it 8× the document).
 */

/** Folders of a campaign a start does not read (archives only at their tail). */
const NOT_READ = new Set(['backups', 'log-archive'])

export interface StartBytes {
  /** Bytes a start reads, and the time to read them all. */
  readonly bytes: number
  readonly readMs: number
  /** The time to JSON.parse the JSON among them. */
  readonly parseMs: number
  /** The whole folder, backups and archives too. */
  readonly folderBytes: number
}

export function startBytes(dir: string): StartBytes {
  const read: string[] = []
  let folderBytes = 0
  const walk = (d: string, counted: boolean) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, e.name)
      if (e.isDirectory()) walk(path, counted && !NOT_READ.has(e.name))
      else {
        folderBytes += statSync(path).size
        if (counted) read.push(path)
      }
    }
  }
  walk(dir, true)
  const began = performance.now()
  const buffers = read.map((f) => readFileSync(f))
  const readMs = performance.now() - began
  const parsing = performance.now()
  for (const [i, f] of read.entries()) if (f.endsWith('.json')) JSON.parse(buffers[i]!.toString('utf8'))
  return { bytes: buffers.reduce((n, b) => n + b.length, 0), readMs, parseMs: performance.now() - parsing, folderBytes }
}

/**
 * A copy of a data folder for one start: each start (and each build compared) begins from the same
 * bytes, and the command it times, its compaction and its backups never reach the next start.
 */
export function copyOfFolder(dir: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'salvo-cold-'))
  cpSync(dir, copy, { recursive: true })
  return copy
}
