/*
 * Reads docs/rules-coverage.md: every rule of the five documents, section by section, with
 * its status. The format is one rule per bullet, under a `## ` heading naming its document
 * file and a `### ` heading naming the document's section:
 *
 *   - <the rule, in a few words> — automated: <where>. Tests: `tests/…test.ts` › "<test title>"
 *   - <the rule> — GM tool (<which control the GM uses>; stays with the GM: <why the desk leaves it>)
 *   - <the rule> — outside: “<the document's own words that defer it>”
 *   - <the rule> — missing (<issue item that builds it>)
 *
 * Continuation lines of a bullet are indented. A title is the literal text of an `it`/`test`
 * (or a part of it) in the named file.
 */

export type CoverageStatus = 'automated' | 'GM tool' | 'outside' | 'missing'

export interface TestReference {
  readonly file: string
  readonly title: string
}

export interface CoverageEntry {
  readonly document: string
  readonly section: string
  readonly text: string
  readonly line: number
  readonly status: CoverageStatus | null
  readonly tests: readonly TestReference[]
  /** GM tool: which control; outside: the quoted words; missing: the item that builds it. */
  readonly detail: string
}

const STATUS = /\s—\s(automated|GM tool|outside|missing)\b/
const TEST_REF = /`(tests\/[^`]+\.(?:test|spec)\.ts)`\s*›\s*"([^"]+)"/g
const DOCUMENT_FILE = /`(\d{3}_[0-9a-f]+\.txt)`/

function detailOf(status: CoverageStatus | null, text: string): string {
  if (status === 'GM tool' || status === 'missing') return /— (?:GM tool|missing)\s*\(([^)]*)\)/.exec(text)?.[1]?.trim() ?? ''
  if (status === 'outside') return /“([^”]+)”/.exec(text)?.[1]?.trim() ?? ''
  return ''
}

/** The entries of the coverage document, in order; a bullet before any heading has an empty document. */
export function parseCoverage(markdown: string): CoverageEntry[] {
  const entries: CoverageEntry[] = []
  let document = ''
  let section = ''
  let open: { text: string; line: number } | null = null
  const close = () => {
    if (!open) return
    const status = (STATUS.exec(open.text)?.[1] as CoverageStatus | undefined) ?? null
    const tests = [...open.text.matchAll(TEST_REF)].map((m) => ({ file: m[1]!, title: m[2]! }))
    entries.push({ document, section, text: open.text, line: open.line, status, tests, detail: detailOf(status, open.text) })
    open = null
  }
  markdown.split('\n').forEach((raw, i) => {
    if (raw.startsWith('## ')) {
      close()
      document = DOCUMENT_FILE.exec(raw)?.[1] ?? ''
      section = ''
    } else if (raw.startsWith('### ')) {
      close()
      section = raw.slice(4).trim()
    } else if (raw.startsWith('- ')) {
      close()
      open = { text: raw.slice(2).trim(), line: i + 1 }
    } else if (open && /^\s+\S/.test(raw)) {
      open.text += ' ' + raw.trim()
    } else {
      close()
    }
  })
  close()
  return entries
}

/** Whitespace and case folded, so a quote can be found across the document's line breaks. */
export function folded(text: string): string {
  return text.replace(/[’‘]/g, "'").replace(/[“”]/g, '"').replace(/\s+/g, ' ').trim().toLowerCase()
}

/** A GM tool row has to say why the desk cannot do it, so a row that could be automated stands out. */
const STAYS_WITH_THE_GM = 'stays with the GM:'

/** What is wrong with one entry on its own (its test files are checked by the caller). */
export function entryProblems(entry: CoverageEntry): string[] {
  const where = `line ${entry.line}`
  const problems: string[] = []
  if (!entry.document) problems.push(`${where}: not under a "## " heading naming its document file`)
  if (!entry.section) problems.push(`${where}: not under a "### " section heading`)
  if (!entry.status) problems.push(`${where}: no status (— automated / GM tool / outside / missing)`)
  if (entry.status === 'automated' && entry.tests.length === 0) problems.push(`${where}: automated, but names no test`)
  if ((entry.status === 'GM tool' || entry.status === 'outside' || entry.status === 'missing') && !entry.detail) {
    problems.push(`${where}: ${entry.status} needs ${entry.status === 'outside' ? 'the document’s words in “…”' : 'a (…) saying which'}`)
  }
  if (entry.status === 'GM tool' && !entry.detail.includes(STAYS_WITH_THE_GM)) {
    problems.push(`${where}: GM tool needs "${STAYS_WITH_THE_GM} <why>" inside its (…)`)
  }
  return problems
}
