import type { BackupInfo } from '../../../src-shared/contract'
import type { SerialisedJson } from './chunked-json'
import type { DurableFs } from './durable-fs'
import { fileStamp, type CampaignPaths } from './campaign-paths'

/** How many backups of each kind are kept before the oldest are dropped. */
const KEEP = 20

/**
 * Why a backup is taken. The rolling ones (on a timer, at each encounter's end) share one
 * pool so a long session cannot push out the copies taken on open, on close or before a
 * format upgrade, which are the ones that matter when a file breaks.
 */
export const BACKUP_REASONS = {
  opened: 'opened',
  closed: 'closed',
  periodic: 'periodic',
  encounterEnd: 'encounter-end',
} as const

function poolOf(reason: string): string {
  if (reason === BACKUP_REASONS.periodic || reason === BACKUP_REASONS.encounterEnd) return 'rolling'
  if (reason === BACKUP_REASONS.opened || reason === BACKUP_REASONS.closed) return 'session'
  return reason
}

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

/** A name no backup has yet, for one taken now for this reason. */
function freshName(fs: DurableFs, paths: CampaignPaths, reason: string, now: Date): string {
  fs.mkdirp(paths.backupsDir)
  const taken = new Set(fs.list(paths.backupsDir))
  let name = `${fileStamp(now)}-${reason}.json`
  for (let n = 2; taken.has(name); n++) name = `${fileStamp(now)}-${reason}-${n}.json`
  return name
}

/** Copies a document's bytes into the backups folder durably; returns the backup's name. */
export function writeBackup(fs: DurableFs, paths: CampaignPaths, reason: string, bytes: Buffer, now: Date): string {
  const name = freshName(fs, paths, reason, now)
  fs.writeFileAtomic(paths.backup(name), bytes)
  return name
}

/**
 * The same for a document serialised a slice at a time (a large campaign's rolling backup), its
 * pieces streamed without holding the event loop. Null when `stop` gave it up.
 */
export async function writeBackupSerialised(
  fs: DurableFs,
  paths: CampaignPaths,
  reason: string,
  serialised: SerialisedJson,
  now: Date,
  stop: () => boolean,
): Promise<string | null> {
  const name = freshName(fs, paths, reason, now)
  if ('whole' in serialised) fs.writeFileAtomic(paths.backup(name), serialised.whole)
  else if (fs.writeFileAtomicAsync) {
    if (!(await fs.writeFileAtomicAsync(paths.backup(name), serialised.stream, stop))) return null
  } else {
    const pieces: Buffer[] = []
    for await (const piece of serialised.stream) pieces.push(piece)
    fs.writeFileAtomic(paths.backup(name), Buffer.concat(pieces))
  }
  return name
}

/** Drops the oldest backups of each pool beyond the limit (names sort by time). */
export function pruneBackups(fs: DurableFs, paths: CampaignPaths, keep = KEEP): void {
  const seen = new Map<string, number>()
  for (const b of listBackups(fs, paths)) {
    const pool = poolOf(b.reason)
    const n = (seen.get(pool) ?? 0) + 1
    seen.set(pool, n)
    if (n > keep) fs.remove(paths.backup(b.name))
  }
}
