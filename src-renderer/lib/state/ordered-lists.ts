import type { CombatantView, ViewRecord } from '../../../src-shared/views'
import type { LogEntryRecord } from '../../../src-shared/records'
import type { TypeChanges } from './record-index'

/** Acting order: placed combatants by sort key, then the rest by name. */
export function orderCombatants(all: Iterable<CombatantView>): CombatantView[] {
  return [...all].sort((a, b) => {
    if (a.orderKey !== null && b.orderKey !== null) return a.orderKey - b.orderKey
    if (a.orderKey !== null) return -1
    if (b.orderKey !== null) return 1
    return a.name.localeCompare(b.name)
  })
}

/**
 * The acting order after a diff. Most commands change a combatant's health or conditions, not
 * its place: then the old order stands and only the changed entries are swapped in, without a
 * sort. Anything that could move one (a new or removed combatant, a new sort key or name) sorts.
 */
export function reorderCombatants(
  previous: readonly CombatantView[],
  changes: TypeChanges,
  all: () => Iterable<CombatantView>,
): { readonly list: CombatantView[]; readonly moved: boolean } {
  const moved =
    changes.added.length > 0 ||
    changes.removed.length > 0 ||
    changes.updated.some(([from, to]) => {
      const a = from as CombatantView
      const b = to as CombatantView
      return a.orderKey !== b.orderKey || a.name !== b.name
    })
  if (moved) return { list: orderCombatants(all()), moved }
  const replaced = new Map<ViewRecord['id'], CombatantView>(changes.updated.map(([, to]) => [to.id, to as CombatantView]))
  return { list: previous.map((c) => replaced.get(c.id) ?? c), moved }
}

const bySeq = (a: LogEntryRecord, b: LogEntryRecord) => a.seq - b.seq

/** Who is in the fight, by id and name in acting order: what the desk's pickers list. */
export interface RollEntry {
  readonly id: CombatantView['id']
  readonly name: string
  readonly side: CombatantView['side']
}

export const rollOf = (combatants: readonly CombatantView[]): RollEntry[] => combatants.map(({ id, name, side }) => ({ id, name, side }))

/**
 * The log in order. A command adds entries after the last and may mark older ones (an undo):
 * those are appended or swapped in place; only a removal or an entry out of order sorts again.
 */
export function extendLog(
  previous: readonly LogEntryRecord[],
  changes: TypeChanges,
  all: () => Iterable<LogEntryRecord>,
): LogEntryRecord[] {
  const last = previous.at(-1)?.seq ?? -Infinity
  const added = (changes.added as LogEntryRecord[]).slice().sort(bySeq)
  const resorted =
    changes.removed.length > 0 ||
    (added[0] !== undefined && added[0].seq <= last) ||
    changes.updated.some(([from, to]) => (from as LogEntryRecord).seq !== (to as LogEntryRecord).seq)
  if (resorted) return [...all()].sort(bySeq)
  const replaced = new Map<ViewRecord['id'], LogEntryRecord>(changes.updated.map(([, to]) => [to.id, to as LogEntryRecord]))
  const kept = replaced.size > 0 ? previous.map((l) => replaced.get(l.id) ?? l) : previous
  return kept.concat(added)
}

/**
 * The latest `size` lines of an ordered log once it has grown past `size + slack`, and those it
 * lets go of. Lines at or before `forgottenUpTo` (a seq) were let go of before: one that comes
 * back (an undo marks it) is let go of again without being counted twice.
 *
 * Why the slack: a window that let one line go for each line added moved every line it holds
 * up by one place per command, and the log panel re-placed every line it draws each time. With
 * slack the lines keep their places for `slack` commands, then move once.
 */
export function windowLog(
  log: readonly LogEntryRecord[],
  size: number,
  forgottenUpTo: number,
  slack = 0,
): { readonly kept: readonly LogEntryRecord[]; readonly dropped: readonly LogEntryRecord[]; readonly newlyForgotten: number } {
  const excess = log.length - size
  if (excess <= slack) return { kept: log, dropped: [], newlyForgotten: 0 }
  const dropped = log.slice(0, excess)
  return { kept: log.slice(excess), dropped, newlyForgotten: dropped.filter((l) => l.seq > forgottenUpTo).length }
}
