import type { RequestInputs, RequestResults } from '../../../src-shared/contract'
import { filterLog } from '../../../src-shared/log-filter'
import type { LogEntryRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { ViewRole } from '../../../src-shared/views'
import { activeEncounter } from '../commands/decide-context'
import { ArchiveTooLargeError, archiveFileName } from '../persistence/log-archive'
import type { OpenCampaign } from '../persistence/open-campaign'
import type { RecordReader } from '../state/record-store'
import type { ArchiveReader } from './archive-reader'

const bySeq = (a: LogEntryRecord, b: LogEntryRecord) => a.seq - b.seq

/**
 * The running fight's log as one: what rolled into its archive while it ran (rolling-log.ts),
 * then what is live. Only the archive's whole batches count (an unfinished one's entries are
 * still live), and an entry live again is taken from the store, so none shows twice.
 */
function wholeLog(campaign: OpenCampaign, archives: ArchiveReader): LogEntryRecord[] {
  const state = campaign.store
  const live = state.ofType('log').sort(bySeq)
  const running = activeEncounter(state)
  const name = running ? archiveFileName(running.id) : null
  const contents = name ? archives.read(campaign.paths.logArchive(name)) : null
  if (!contents) return live
  const rolled = contents.entries.filter((e) => e.seq <= contents.batchLastSeq && !state.get(e.id))
  const all = [...rolled, ...live]
  // Archived entries come first in seq order; a hand-made or undone-and-ended-again file may not.
  return rolled.length && live.length && rolled.at(-1)!.seq > live[0]!.seq ? all.sort(bySeq) : all
}

/**
 * The running campaign's log lines older than a window keeps (`LIVE_LOG.tail`), a page at a time,
 * newest page first, with the log panel's own filter (who it is about, which round) applied here
 * so a filter reaches the whole log and not only the lines on the desk — the running fight's lines
 * that rolled into its archive included. GM only; were a player ever let in, it would get only
 * the lines every window may see.
 */
export function readEarlierLog(
  campaign: OpenCampaign | null,
  archives: ArchiveReader,
  input: RequestInputs['readEarlierLog'],
  role: ViewRole,
): Result<RequestResults['readEarlierLog']> {
  if (!campaign) return fail('campaign/none', 'Open a campaign to read its log.')
  const state: RecordReader = campaign.store
  const combatants = state.ofType('combatant')
  const who = input.whoId ? (combatants.find((c) => c.id === input.whoId) ?? null) : null
  if (input.whoId && !who) return fail('combatant/notFound', 'That combatant is no longer in the campaign.')
  const before = input.beforeSeq ?? Infinity
  let log: LogEntryRecord[]
  try {
    log = wholeLog(campaign, archives)
  } catch (e) {
    if (e instanceof ArchiveTooLargeError) return fail('archive/tooLarge', e.message)
    throw e
  }
  const older = log.filter((e) => e.seq < before && (role === 'gm' || e.visibility === 'all'))
  const filter = { who: who ? { id: who.id, name: who.name } : null, round: input.round ?? null }
  const matching = filterLog(
    older,
    filter,
    combatants.map((c) => c.name),
  )
  const from = Math.max(0, matching.length - input.limit)
  return ok({ entries: matching.slice(from), more: from > 0 })
}
