import type { RequestInputs, RequestResults } from '../../../src-shared/contract'
import { filterLog } from '../../../src-shared/log-filter'
import type { LogEntryRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { ViewRole } from '../../../src-shared/views'
import type { RecordReader } from '../state/record-store'

/**
 * The running campaign's log lines older than a window keeps (`LIVE_LOG.tail`), a page at a time,
 * newest page first, with the log panel's own filter (who it is about, which round) applied here
 * so a filter reaches the whole log and not only the lines on the desk. GM only; were a player
 * ever let in, it would get only the lines every window may see.
 */
export function readEarlierLog(
  state: RecordReader | null,
  input: RequestInputs['readEarlierLog'],
  role: ViewRole,
): Result<RequestResults['readEarlierLog']> {
  if (!state) return fail('campaign/none', 'Open a campaign to read its log.')
  const combatants = state.ofType('combatant')
  const who = input.whoId ? (combatants.find((c) => c.id === input.whoId) ?? null) : null
  if (input.whoId && !who) return fail('combatant/notFound', 'That combatant is no longer in the campaign.')
  const before = input.beforeSeq ?? Infinity
  const older = state
    .ofType('log')
    .filter((e: LogEntryRecord) => e.seq < before && (role === 'gm' || e.visibility === 'all'))
    .sort((a, b) => a.seq - b.seq)
  const filter = { who: who ? { id: who.id, name: who.name } : null, round: input.round ?? null }
  const matching = filterLog(
    older,
    filter,
    combatants.map((c) => c.name),
  )
  const from = Math.max(0, matching.length - input.limit)
  return ok({ entries: matching.slice(from), more: from > 0 })
}
