import type { LogArchiveInfo, RequestInputs, RequestResults } from '../../../src-shared/contract'
import type { LogEntryRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { ViewRole } from '../../../src-shared/views'
import type { DurableFs } from '../persistence/durable-fs'
import { ArchiveTooLargeError, archiveFileName, encounterOfArchive, type ArchiveContents } from '../persistence/log-archive'
import type { OpenCampaign } from '../persistence/open-campaign'
import type { ArchiveReader } from './archive-reader'

/**
 * The GM's window into closed encounters' logs: which were archived, and a page of one, filtered
 * by text. Only the GM's window may ask (the request is not among the player's); and were a
 * player ever let in, it would get only the entries every window may see, as with live records.
 */
export class LogArchiveRequests {
  constructor(
    private readonly fs: DurableFs,
    private readonly archives: ArchiveReader,
  ) {}

  list(campaign: OpenCampaign | null): Result<RequestResults['listLogArchives']> {
    if (!campaign) return fail('campaign/none', 'Open a campaign to see its earlier encounters.')
    const encounters = campaign.store.ofType('encounter')
    const names = new Map(encounters.map((e) => [e.id as string, e.name]))
    const order = [...names.keys()]
    // The running fight's log rolls into its archive as it goes (rolling-log.ts); it is not an
    // earlier fight: its older lines are read by scrolling back in the log panel (readEarlierLog).
    const running = new Set<string>(encounters.filter((e) => e.status === 'active').map((e) => e.id))
    const found: LogArchiveInfo[] = []
    for (const file of this.fs.list(campaign.paths.logArchiveDir)) {
      const encounterId = encounterOfArchive(file)
      if (!encounterId || running.has(encounterId)) continue
      const bytes = this.fs.sizeOf(campaign.paths.logArchive(file)) ?? 0
      found.push({ encounterId, name: names.get(encounterId) ?? encounterId, bytes })
    }
    // The campaign's own order (encounters in the order they began), then any it no longer has.
    const rank = (id: string) => {
      const i = order.indexOf(id)
      return i === -1 ? order.length : i
    }
    return ok(found.sort((a, b) => rank(a.encounterId) - rank(b.encounterId) || (a.encounterId < b.encounterId ? -1 : 1)))
  }

  read(campaign: OpenCampaign | null, input: RequestInputs['readLogArchive'], role: ViewRole): Result<RequestResults['readLogArchive']> {
    if (!campaign) return fail('campaign/none', 'Open a campaign to read its earlier encounters.')
    const name = archiveFileName(input.encounterId)
    let contents: ArchiveContents | null
    try {
      contents = name ? this.archives.read(campaign.paths.logArchive(name)) : null
    } catch (e) {
      if (e instanceof ArchiveTooLargeError) return fail('archive/tooLarge', e.message)
      throw e
    }
    if (!contents) return fail('archive/notFound', 'That encounter has no archived log.')
    const needle = input.text?.trim().toLowerCase() ?? ''
    const visible = (e: LogEntryRecord) => role === 'gm' || e.visibility === 'all'
    const matching = contents.entries.filter((e) => visible(e) && (needle === '' || matches(e, needle)))
    return ok({ entries: matching.slice(input.offset, input.offset + input.limit), total: matching.length, damaged: contents.damaged })
  }
}

/** Whether an entry's line, or a roll's expression or purpose, contains the text (lower case). */
function matches(entry: LogEntryRecord, needle: string): boolean {
  if (entry.text.toLowerCase().includes(needle)) return true
  return entry.rolls.some((r) => JSON.stringify(r).toLowerCase().includes(needle))
}
