import { describeRoll } from './dice'
import type { LogEntryRecord } from './records'

/** One line per entry, rolls indented below: the plain-text log a GM can export or diff. */
export function formatLog(entries: readonly LogEntryRecord[]): string {
  return [...entries]
    .sort((a, b) => a.seq - b.seq)
    .map((e) => {
      const head = `[R${e.round}]${e.visibility === 'gm' ? ' (GM)' : ''} ${e.text}`
      return [head, ...e.rolls.map((r) => `    ${r.purpose}: ${describeRoll(r)}`)].join('\n')
    })
    .join('\n')
}
