import { LIVE_LOG } from '../../../src-shared/contract'
import type { LogEntryRecord } from '../../../src-shared/records'
import { activeEncounter } from '../commands/decide-context'
import type { RecordReader, RecordStore } from '../state/record-store'
import type { HistoryMark } from '../state/stored-records'
import { commandSeqOf, type LogMovePlan } from './log-move'

/**
 * A running fight's live log is kept bounded (docs/architecture.md, "Issue 15: a running fight's
 * log rolls into its archive"): past `bound` entries, the oldest go to the fight's archive until
 * about `keep` are left. Only while an encounter runs: the log between fights goes with the next
 * fight to end ("the archive of an encounter is the log up to its end"), and setting up seldom
 * writes thousands of lines; a fight gives the entries a file that is theirs.
 */
export const ROLLING_LOG = { bound: 2_000, keep: 1_000 } as const

// The desk's window on the live log (and a snapshot's) must stay within what is kept live.
if (ROLLING_LOG.keep < LIVE_LOG.tail) throw new Error("ROLLING_LOG.keep must hold the desk's LIVE_LOG.tail")

const isLog = (r: unknown): r is LogEntryRecord => (r as { typeName?: unknown } | null)?.typeName === 'log'

/**
 * The first command whose log entries must stay live (Infinity: none): undo and redo restore a
 * mark's changes, which may add or remove log entries, so an entry named by a mark — written by
 * its command, or among its changes — and everything logged from then on stay in the store,
 * where the undo finds them. Marks only ever name the newest commands, so this only moves forward.
 */
export function undoFloor(state: RecordReader): number {
  const h = state.get('history')
  const marks: readonly HistoryMark[] = h?.typeName === 'history' ? [...h.undo, ...h.redo] : []
  if (marks.length === 0) return Infinity
  let floor = Infinity
  const named = new Set<string>()
  for (const m of marks) {
    named.add(m.commandId)
    for (const c of m.changes) for (const r of [c.from, c.to]) if (isLog(r)) floor = Math.min(floor, commandSeqOf(r))
  }
  for (const l of state.ofType('log')) if (named.has(l.commandId)) floor = Math.min(floor, commandSeqOf(l))
  return floor
}

/** Whether the running fight's live log is past its bound (cheap: asked after every command). */
export function needsRoll(state: RecordStore): boolean {
  return state.countOf('log') > ROLLING_LOG.bound && activeEncounter(state) !== undefined
}

/**
 * What to roll into the running fight's archive now, or null: the oldest live entries, whole
 * commands, until about `keep` are left, and none at or after the undo floor.
 */
export function planRoll(state: RecordReader): LogMovePlan | null {
  const encounter = activeEncounter(state)
  if (!encounter) return null
  const logs = state.ofType('log')
  if (logs.length <= ROLLING_LOG.bound) return null
  logs.sort((a, b) => a.seq - b.seq)
  const floor = undoFloor(state)
  let through = 0
  // The entry `keep` from the end, then back to the end of the command before it (whole commands).
  const last = logs[logs.length - ROLLING_LOG.keep]!
  const limit = Math.min(floor, commandSeqOf(last))
  for (const l of logs) {
    if (commandSeqOf(l) >= limit) break
    through = commandSeqOf(l)
  }
  return through > 0 ? { kind: 'rolling', encounterId: encounter.id, through } : null
}
