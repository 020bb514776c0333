import { NUMBERS } from '../../../src-shared/limits'
import type { RecordChange } from '../state/stored-records'
import { recordNumberProblem } from './document-schema'
import { counted } from './schema-bounds'

/**
 * What the engine may write, held to what the document check opens: a command (or a journal
 * entry replayed) whose changes the check would refuse is refused itself, before anything is
 * journaled. Otherwise it would be acknowledged, played on, compacted — and the campaign would
 * refuse to open after the next restart. Counters are why this is needed: a log seq, a round, the
 * facts the table was told, a fight's damage all grow command by command, and a campaign
 * imported at a bound reaches past it with the next one.
 */

/** Whether a journal holding `seq` entries can take one more. */
export const journalHasRoom = (seq: number): boolean => seq < NUMBERS.journal

/**
 * The GM's words when it cannot: what happened, that nothing changed, and what is left to do.
 * Worded when needed, not at import (counting words the number; see `counted`).
 */
export const journalFull = (): string =>
  `This campaign has taken ${counted(NUMBERS.journal)} commands, as many as its journal can number; nothing was changed. ` +
  'It still opens and exports as it is, but takes no more commands, and an exported copy would be just as full: ' +
  'to play on, start a new campaign.'

/** The first number among the changes that the document check would refuse, in words ("story › told: is …"), or null. */
export function changesProblem(changes: readonly RecordChange[]): string | null {
  for (const c of changes) {
    const problem = c.to && recordNumberProblem(c.to)
    if (problem) return problem
  }
  return null
}
