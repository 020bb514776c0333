import { formatLog } from '../../../src-shared/log-format'
import type { LogEntryRecord } from '../../../src-shared/records'
import type { RecapView } from '../../../src-shared/table-story'

export interface LogExport {
  readonly fileName: string
  readonly text: string
}

const pad = (n: number): string => String(n).padStart(2, '0')
const day = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
const time = (d: Date): string => `${pad(d.getHours())}:${pad(d.getMinutes())}`

/** Letters, digits and dashes only: the name has to be a valid file name on every system. */
export function slug(text: string): string {
  const s = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '')
  return s || 'log'
}

/**
 * The log as a text file: a heading that says which campaign, what is shown and when, then
 * the entries. Local time, because the GM reads it against their own evening at the table.
 */
export function buildLogExport(entries: readonly LogEntryRecord[], campaignName: string, filterLabel: string | null, at: Date): LogExport {
  const heading = [
    `Salvo combat log: ${campaignName}`,
    `Shown: ${filterLabel ?? 'the whole log'} (${entries.length} entr${entries.length === 1 ? 'y' : 'ies'})`,
    `Exported ${day(at)} ${time(at)}`,
    '',
  ]
  const body = entries.length ? formatLog(entries) : '(no entries)'
  const suffix = filterLabel ? `-${slug(filterLabel)}` : ''
  return {
    fileName: `salvo-log-${slug(campaignName)}${suffix}-${day(at)}.txt`,
    text: `${heading.join('\n')}\n${body}\n`,
  }
}

/** Hands the text to the browser (or Electron) as a download. */
export function downloadText({ fileName, text }: LogExport): void {
  const type = fileName.endsWith('.md') ? 'text/markdown' : 'text/plain'
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.append(a)
  a.click()
  a.remove()
  // Revoking at once can cancel the download in some engines; a moment later it has started.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

const mdCell = (s: string): string => s.replace(/[|\\`*_[\]<>]/g, (c) => `\\${c}`)

/**
 * The last fight's recap as Markdown (issue 16), from the GM's copy: every combatant, the damage
 * each dealt and took, who went down and the biggest hit. The table's own recap is the redacted one.
 */
export function buildRecapExport(recap: RecapView, campaignName: string, at: Date): LogExport {
  const rows = recap.rows.map((r) => {
    const taken = r.taken.kind === 'exact' ? String(r.taken.amount) : r.taken.band
    return `| ${mdCell(r.who.name)}${r.who.hidden ? ' (hidden)' : ''} | ${r.who.kind.toUpperCase()} | ${r.hits} | ${r.dealt ?? '—'} | ${taken} | ${r.downed} | ${r.wentDown} |`
  })
  const b = recap.biggest
  const lines = [
    `# ${mdCell(recap.name)}`,
    '',
    `Campaign: ${mdCell(campaignName)} · ${recap.rounds} round${recap.rounds === 1 ? '' : 's'} · exported ${day(at)} ${time(at)}`,
    '',
    '| Combatant | Kind | Hits | Damage dealt | Damage taken | Downed | Went down |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...(rows.length ? rows : ['| (nobody was hurt) | | | | | | |']),
    '',
    `**Biggest hit:** ${b ? `${b.by ? `${mdCell(b.by.name)} → ` : ''}${mdCell(b.target.name)}, ${b.amount} damage (round ${b.round})` : 'none'}`,
    '',
    `**Downs:** ${recap.downs.length ? recap.downs.map((d) => `${mdCell(d.who.name)}${d.by ? ` (by ${mdCell(d.by.name)})` : ''}, round ${d.round}`).join('; ') : 'none'}`,
  ]
  return { fileName: `salvo-recap-${slug(campaignName)}-${slug(recap.name)}-${day(at)}.md`, text: `${lines.join('\n')}\n` }
}
