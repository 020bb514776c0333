import type { ExplanationSection } from './attack'
import { describeRoll } from './dice'
import type { LogEntryRecord } from './records'

const INDENT = '    '

function sectionLines(s: ExplanationSection): string[] {
  const head = `${INDENT.repeat(2)}${s.title}${s.total !== undefined ? ` = ${s.total}` : ''}`
  const lines = s.lines.map((l) => {
    const source = l.source ? ` (${l.source})` : ''
    // The screen strikes these through; plain text has to say it.
    const off = l.enabled === false ? ' [not applied]' : ''
    return `${INDENT.repeat(3)}${l.label} ${l.value}${source}${off}`
  })
  return [head, ...lines]
}

/**
 * One entry as plain text: "R2 · text", its rolls indented below it, then its working.
 * GM-only entries say so, because an exported file may be shown to the table later.
 */
export function formatLogEntry(e: LogEntryRecord): string {
  const head = `R${e.round} · ${e.text}${e.visibility === 'gm' ? ' [GM only]' : ''}`
  const rolls = e.rolls.map((r) => `${INDENT}${r.purpose}: ${describeRoll(r)}`)
  const working = e.detail?.length ? [`${INDENT}Working:`, ...e.detail.flatMap(sectionLines)] : []
  return [head, ...rolls, ...working].join('\n')
}

/** The plain-text log a GM can export or diff, in log order. */
export function formatLog(entries: readonly LogEntryRecord[]): string {
  return [...entries]
    .sort((a, b) => a.seq - b.seq)
    .map(formatLogEntry)
    .join('\n')
}
