import type { LogEntryRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import { logSchema } from '../persistence/campaign-schemas'
import { inOrderOf } from '../persistence/document-key-order'
import type { DurableFs } from '../persistence/durable-fs'
import type { CampaignPaths } from '../persistence/campaign-paths'
import { ARCHIVE_LIMITS, encounterOfArchive, readArchive } from '../persistence/log-archive'

/** Archived log entries (closed encounters', and the running one's older part), by archive file name (`encounter-<id>.jsonl`). */
export type CampaignLogArchive = ReadonlyMap<string, readonly LogEntryRecord[]>

/** Every archive in a campaign folder, read whole (an export carries them all). Sorted by name. */
export function readLogArchives(fs: DurableFs, paths: CampaignPaths): CampaignLogArchive {
  const out = new Map<string, readonly LogEntryRecord[]>()
  const names = fs
    .list(paths.logArchiveDir)
    .filter((n) => encounterOfArchive(n) !== null)
    .sort()
  for (const name of names.slice(0, ARCHIVE_LIMITS.files)) {
    const contents = readArchive(fs, paths.logArchive(name))
    // Only whole batches: an unfinished one's entries are still live (the document carries them).
    const archived = contents?.entries.filter((e) => e.seq <= contents.batchLastSeq) ?? []
    if (archived.length > 0) out.set(name, archived)
  }
  return out
}

/**
 * The file's `"logArchive"` member: one archive per key, one entry per line (so the line an
 * import error names is the entry it is in), in name order. Empty when there is none.
 */
export function logArchiveText(archive: CampaignLogArchive): string {
  if (archive.size === 0) return ''
  const files = [...archive.keys()].sort().map(
    (name) =>
      `${JSON.stringify(name)}: [\n${archive
        .get(name)!
        .map((e) => JSON.stringify(e))
        .join(',\n')}\n]`,
  )
  return `, "logArchive": {\n${files.join(',\n')}\n}`
}

/** The `logArchive` of an imported file, checked entry by entry as the document's log is, with every count bounded. */
export function readCampaignLogArchive(fileName: string, raw: unknown): Result<CampaignLogArchive> {
  const out = new Map<string, readonly LogEntryRecord[]>()
  if (raw === undefined) return ok(out)
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return fail('import/invalid', `${fileName}: "logArchive" must be an object of archived logs by file name.`)
  const files = Object.entries(raw as Record<string, unknown>)
  if (files.length > ARCHIVE_LIMITS.files)
    return fail('import/invalid', `${fileName}: "logArchive" has more than ${ARCHIVE_LIMITS.files} archives.`)
  let total = 0
  const seen = new Set<string>()
  for (const [name, list] of files) {
    const where = `${fileName}: logArchive › ${JSON.stringify(name.slice(0, 80))}`
    if (!encounterOfArchive(name)) return fail('import/invalid', `${where}: not an archive name Salvo writes (encounter-<id>.jsonl).`)
    if (!Array.isArray(list)) return fail('import/invalid', `${where}: must be a list of log entries.`)
    total += list.length
    if (total > ARCHIVE_LIMITS.entries)
      return fail('import/invalid', `${fileName}: "logArchive" holds more than ${ARCHIVE_LIMITS.entries} entries.`)
    const entries: LogEntryRecord[] = []
    for (const [i, item] of list.entries()) {
      const checked = logSchema.safeParse(item)
      if (!checked.success)
        return fail('import/invalid', `${where} › entry ${i + 1}: not a log entry (${checked.error.issues[0]?.message ?? 'invalid'}).`)
      const entry = inOrderOf(checked.data, item) as LogEntryRecord
      if (seen.has(entry.id)) return fail('import/invalid', `${where} › entry ${i + 1}: ${entry.id} is archived twice.`)
      seen.add(entry.id)
      entries.push(entry)
    }
    out.set(
      name,
      entries.sort((a, b) => a.seq - b.seq),
    )
  }
  return ok(out)
}
