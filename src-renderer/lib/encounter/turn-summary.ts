import type { LogEntryRecord } from '../../../src-shared/records'

const TURN_LINE = /^Round (\d+): (.+)'s turn/
/** Lines of the same command that belong to the turn change rather than to what led to it (initiative rolls). */
const TURN_EDGE = /\((?:end of|start of) .+'s turn\)$|passed over|waiting to act/

/**
 * What the command that started the current turn did besides announcing it: the previous
 * turn's expiries, conditions ending, the new turn's ticks, saves and refills.
 */
export function turnStartSummary(log: readonly LogEntryRecord[]): { heading: string; lines: LogEntryRecord[] } | null {
  for (let i = log.length - 1; i >= 0; i--) {
    const entry = log[i]!
    if (!TURN_LINE.test(entry.text)) continue
    const same = log.filter((e) => e.commandId === entry.commandId)
    const at = same.indexOf(entry)
    const lines = [...same.slice(0, at).filter((e) => TURN_EDGE.test(e.text)), ...same.slice(at + 1)]
    return { heading: `Start of ${entry.text.replace(TURN_LINE, "$2's turn (round $1)")}`, lines }
  }
  return null
}
