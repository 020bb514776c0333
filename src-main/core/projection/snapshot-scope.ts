import { LIVE_LOG } from '../../../src-shared/contract'
import type { LogEntryRecord } from '../../../src-shared/records'
import type { ViewRole } from '../../../src-shared/views'
import type { RecordReader } from '../state/record-store'

/**
 * How many of the latest log entries a GM snapshot carries. The desk shows the latest lines; a
 * long campaign's whole history (50,000 entries, megabytes) in every snapshot made opening the
 * desk slow and its memory grow with the campaign's age. Older entries stay in the campaign (and
 * in its archive files and export); new ones still arrive in every diff.
 */
export const SNAPSHOT_LOG_ENTRIES = LIVE_LOG.tail

/**
 * The log entries left out of a snapshot for this window: all but the latest `keep` by position
 * in the log. The player's projection has no log at all, so nothing is left out for it here.
 */
export function logLeftOut(state: RecordReader, role: ViewRole, keep: number = SNAPSHOT_LOG_ENTRIES): ReadonlySet<string> {
  if (role !== 'gm') return new Set()
  const log: LogEntryRecord[] = state.ofType('log')
  if (log.length <= keep) return new Set()
  // Positions only: sorting numbers is far cheaper than sorting the records.
  const seqs = Float64Array.from(log, (e) => e.seq).sort()
  const oldestKept = seqs[seqs.length - keep]!
  return new Set(log.filter((e) => e.seq < oldestKept).map((e) => e.id))
}
