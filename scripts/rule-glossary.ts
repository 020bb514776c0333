// Builds src-shared/rule-glossary.json: the title of every rule code the screens print — the ids
// of RULINGS.md (D1, T3, CX24…), of docs/rulings-added.md (SR-D10-30…) and the sections of the
// five rule documents ("002 Movement"), with the first words of each section as its gist.
// Usage: npx tsx scripts/rule-glossary.ts   (reads ../shared/rules next to the repository)
// tests/unit/shared/rule-glossary.test.ts fails when the committed file is out of date.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { GlossaryData } from '../src-shared/rule-glossary'

const root = join(import.meta.dirname, '..')
export const RULES_DIR = join(root, '../shared/rules')
export const GLOSSARY_FILE = join(root, 'src-shared/rule-glossary.json')

/** "- D1 Check = d10 + …" with its indented continuation lines, per ruling id. */
export function parseRulings(md: string): Record<string, string> {
  const out: Record<string, string> = {}
  let id: string | null = null
  for (const line of md.split('\n')) {
    const m = /^- ((?:R0\.\d+)|(?:CX|D|W|T)\d+) (.*)$/.exec(line)
    if (m) {
      id = m[1]!
      out[id] = m[2]!.trim()
    } else if (id && /^ {2}\S/.test(line)) out[id] += ` ${line.trim()}`
    else id = null
  }
  return out
}

/** "### SR-CX-5 — Suppressed is per suppressor" → { 'SR-CX-5': 'Suppressed is per suppressor' }. */
export function parseAdded(md: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const m of md.matchAll(/^### (SR-[A-Z0-9]+-\d+) — (.+)$/gm)) out[m[1]!] = m[2]!.trim()
  return out
}

const plain = (s: string) =>
  s
    .replace(/<[^>]*>/g, '')
    .replace(/[#*_`=]/g, '')
    .replace(/[:.]\s*$/, '')
    .trim()
    .toLowerCase()

/** The first sentence after a section's heading in the document, cut to a tooltip's length. */
function gistOf(doc: string, heading: string): string {
  const lines = doc.split('\n')
  const at = lines.findIndex((l) => plain(l) === heading.toLowerCase())
  if (at < 0) return ''
  const after = lines
    .slice(at + 1, at + 12)
    .map((l) => l.replace(/[#*_|`]/g, '').trim())
    .filter((l) => !/^=+$/.test(l))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
  const sentence = /^(.+?[.!?])(\s|$)/.exec(after)?.[1] ?? after
  return sentence.length > 180 ? `${sentence.slice(0, 177).replace(/\s+\S*$/, '')}…` : sentence
}

/** The documents' sections as docs/rules-coverage.md lists them (its test holds them to the documents' own). */
export function parseSections(coverage: string, docText: (doc: string) => string): GlossaryData['documents'] {
  type Doc = { code: string; title: string; file: string; sections: { heading: string; gist: string }[] }
  const out: Doc[] = []
  let current: Doc | null = null
  for (const line of coverage.split('\n')) {
    const doc = /^## (00\d) (.+?) \(`(00\d_[0-9a-f]+\.txt)`\)$/.exec(line)
    if (doc) {
      current = { code: doc[1]!, title: doc[2]!, file: doc[3]!, sections: [] }
      out.push(current)
      continue
    }
    const section = /^### (.+)$/.exec(line)
    if (section && current) {
      const heading = section[1]!.trim()
      current.sections.push({ heading, gist: gistOf(docText(current.file), heading) })
    }
  }
  return Object.fromEntries(out.map((d) => [d.code, d]))
}

/**
 * Which codes are whose: the rule README maps each document to its ruleset id, RULINGS.md lists
 * each document's ruling ids under its section, and rulings-added.md names its id prefixes by
 * document ("`SR-D10` for the d10 difficulty system (002)").
 */
export function parseRulesets(readme: string, rulings: string, added: string): GlossaryData['rulesets'] {
  const out: Record<string, { docs: string[]; rulings: string[]; added: string[] }> = {}
  const idOfDoc = new Map<string, string>()
  for (const m of readme.matchAll(/^\|\s*`(\d{3})_[^`]*`\s*\|.*\|\s*`([a-z0-9-]+)`\s*\|\s*$/gm)) {
    idOfDoc.set(m[1]!, m[2]!)
    ;(out[m[2]!] ??= { docs: [], rulings: [], added: [] }).docs.push(m[1]!)
  }
  for (const section of rulings.split(/^## /m).slice(1)) {
    const id = idOfDoc.get(/`(\d{3})_/.exec(section.split('\n')[0]!)?.[1] ?? '')
    if (id) out[id]!.rulings.push(...[...section.matchAll(/^- ([A-Z]+\d+) /gm)].map((m) => m[1]!))
  }
  for (const m of added.replace(/\s+/g, ' ').matchAll(/`(SR-[A-Z0-9]+)` for [^(`]*\(([\d, ]+)\)/g)) {
    const id = idOfDoc.get(m[2]!.split(',')[0]!.trim())
    if (id) out[id]!.added.push(`${m[1]}-`)
  }
  return out
}

export function buildGlossary(): GlossaryData {
  const read = (p: string) => readFileSync(p, 'utf8')
  const docText = (file: string) => (existsSync(join(RULES_DIR, file)) ? read(join(RULES_DIR, file)) : '')
  const rulings = read(join(RULES_DIR, 'RULINGS.md'))
  const added = read(join(root, 'docs/rulings-added.md'))
  return {
    rulings: parseRulings(rulings),
    added: parseAdded(added),
    documents: parseSections(read(join(root, 'docs/rules-coverage.md')), docText),
    rulesets: parseRulesets(read(join(RULES_DIR, 'README.md')), rulings, added),
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  // Written as the repository's formatter would, so `prettier --check` passes on it.
  const { format } = await import('prettier')
  writeFileSync(GLOSSARY_FILE, await format(JSON.stringify(buildGlossary()), { filepath: GLOSSARY_FILE }))
  console.log(`wrote ${GLOSSARY_FILE}`)
}
