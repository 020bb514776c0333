import type { BackupInfo } from '../../../src-shared/contract'
import type { DurableFs } from './durable-fs'
import { fileStamp, type CampaignPaths } from './campaign-paths'

/** How many backups of each kind are kept before the oldest are dropped. */
const KEEP = 20

export function listBackups(fs: DurableFs, paths: CampaignPaths): BackupInfo[] {
  return fs
    .list(paths.backupsDir)
    .filter((n) => n.endsWith('.json'))
    .sort()
    .reverse()
    .map((name) => {
      const m = /^(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)-(.+?)(?:-\d+)?\.json$/.exec(name)
      const createdAt = m ? m[1]!.replace(/T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z/, 'T$1:$2:$3.$4Z') : ''
      return { name, createdAt, bytes: fs.sizeOf(paths.backup(name)) ?? 0, reason: m?.[2] ?? 'unknown' }
    })
}

/** Copies a document's bytes into the backups folder durably; returns the backup's name. */
export function writeBackup(fs: DurableFs, paths: CampaignPaths, reason: string, bytes: Buffer, now: Date): string {
  fs.mkdirp(paths.backupsDir)
  const taken = new Set(fs.list(paths.backupsDir))
  let name = `${fileStamp(now)}-${reason}.json`
  for (let n = 2; taken.has(name); n++) name = `${fileStamp(now)}-${reason}-${n}.json`
  fs.writeFileAtomic(paths.backup(name), bytes)
  return name
}

/** Drops the oldest backups beyond the limit (names sort by time). */
export function pruneBackups(fs: DurableFs, paths: CampaignPaths): void {
  const names = listBackups(fs, paths).map((b) => b.name)
  for (const name of names.slice(KEEP)) fs.remove(paths.backup(name))
}
