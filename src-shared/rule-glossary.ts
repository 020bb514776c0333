import data from './rule-glossary.json'

/**
 * What a rule code on screen means. The screens cite the rule a number came from — a ruling of
 * RULINGS.md (a letter or two and a number), one Salvo added ("SR-…-30"), a document's section ("002 Movement") — and a
 * bare code means nothing at the table; every code reached by `ruleSegments` carries its title.
 * The titles are built from the documents by scripts/rule-glossary.ts into rule-glossary.json.
 */

export interface GlossaryData {
  /** RULINGS.md: a ruling's id → its text. */
  readonly rulings: Readonly<Record<string, string>>
  /** docs/rulings-added.md: an added ruling's id → its heading. */
  readonly added: Readonly<Record<string, string>>
  /** Per ruleset id: its documents' numbers, its ruling ids, the prefixes of the rulings Salvo added for it. */
  readonly rulesets: Readonly<
    Record<string, { readonly docs: readonly string[]; readonly rulings: readonly string[]; readonly added: readonly string[] }>
  >
  /** The rule documents by number ("002"), with their sections as docs/rules-coverage.md lists them. */
  readonly documents: Readonly<
    Record<
      string,
      {
        readonly code: string
        readonly title: string
        readonly file: string
        readonly sections: readonly { readonly heading: string; readonly gist: string }[]
      }
    >
  >
}

const GLOSSARY: GlossaryData = data

export interface RuleCode {
  readonly code: string
  readonly title: string
}

/** A piece of text: plain, or a rule code with its title. */
export type RuleSegment = { readonly text: string; readonly code?: undefined } | (RuleCode & { readonly text?: undefined })

const LONGEST_FIRST = new Map(
  Object.entries(GLOSSARY.documents).map(([doc, d]) => [doc, [...d.sections].sort((a, b) => b.heading.length - a.heading.length)]),
)

/** A document section code's heading, matched as the documents write it (longest first). */
function sectionAt(doc: string, rest: string): { heading: string; gist: string; length: number } | null {
  const d = GLOSSARY.documents[doc]
  if (!d) return null
  const lower = rest.toLowerCase()
  const known = LONGEST_FIRST.get(doc)!.find(
    (s) => lower.startsWith(s.heading.toLowerCase()) && !/[A-Za-z]/.test(rest[s.heading.length] ?? ''),
  )
  if (known) return { ...known, length: known.heading.length }
  // A section the code names in its own words ("000 Movement" for "Movement and Sprinting"):
  // its capitalised words, and the gist of the first heading that begins with them.
  const words = /^[A-Z][\w'’&/-]*(?: [A-Z][\w'’&/-]*)*/.exec(rest)?.[0]
  if (!words) return null
  const near = d.sections.find((s) => s.heading.toLowerCase().startsWith(words.toLowerCase()))
  return {
    heading: words,
    gist: near && near.heading.toLowerCase() !== words.toLowerCase() ? `${near.heading}: ${near.gist}` : '',
    length: words.length,
  }
}

const sectionTitle = (doc: string, heading: string, gist: string) =>
  `${GLOSSARY.documents[doc]!.title} (${doc}), “${heading}”${gist ? `: ${gist}` : ''}`

/** The title of one code (a ruling's id, an added ruling's, "002 Movement"), or null for none the documents have. */
export function ruleTitle(code: string): string | null {
  const c = code.trim()
  if (Object.hasOwn(GLOSSARY.rulings, c)) return GLOSSARY.rulings[c]!
  if (Object.hasOwn(GLOSSARY.added, c)) return GLOSSARY.added[c]!
  const doc = /^(00\d) (.+)$/.exec(c)
  if (doc) {
    const s = sectionAt(doc[1]!, doc[2]!)
    return s && s.length === doc[2]!.length ? sectionTitle(doc[1]!, s.heading, s.gist) : null
  }
  return null
}

/** Anything shaped like a code: an added ruling's id, capitals and a number, or a document's number before a heading. */
const CODE = /SR-[A-Z0-9]+-\d+|\b[A-Z]{1,3}\d+(?:\.\d+)?\b|\b00\d (?=[A-Z])/g

/**
 * Text cut into plain runs and the rule codes in it, each with its title. Only codes the
 * documents have count: a gun called "C25" stays text.
 */
export function ruleSegments(text: string): RuleSegment[] {
  const out: RuleSegment[] = []
  let plainFrom = 0
  const push = (to: number) => {
    if (to > plainFrom) out.push({ text: text.slice(plainFrom, to) })
  }
  for (const m of text.matchAll(CODE)) {
    const at = m.index
    if (at < plainFrom) continue
    let code = m[0]
    let title: string | null
    if (/^00\d $/.test(code)) {
      const s = sectionAt(code.slice(0, 3), text.slice(at + 4))
      if (!s) continue
      code = `${code}${text.slice(at + 4, at + 4 + s.length)}`
      title = sectionTitle(code.slice(0, 3), s.heading, s.gist)
    } else title = ruleTitle(code)
    if (title === null) continue
    push(at)
    out.push({ code, title })
    plainFrom = at + code.length
  }
  push(text.length)
  return out
}

/** A source in words for a tooltip: each code with its title, one a line; text that is no code as it is. */
export function describeSource(source: string | undefined): string {
  if (!source) return ''
  return source
    .split(/,\s*/)
    .map((part) => {
      const segs = ruleSegments(part)
      return segs.some((s) => s.code) ? segs.map((s) => (s.code ? `${s.code} — ${s.title}` : s.text)).join('') : part
    })
    .join('\n')
}

/** Every code in a text, once each, in order. */
export const codesIn = (text: string): string[] => [...new Set(ruleSegments(text).flatMap((s) => (s.code ? [s.code] : [])))]

/**
 * An explanation line's rule after its value — only the codes its label does not already cite,
 * so a label ending "(X1)" with source X1 prints X1 once. Empty when nothing is left.
 */
export function sourceSuffix(label: string, source: string | undefined): string {
  if (!source) return ''
  const cited = new Set(codesIn(label))
  const parts = source
    .split(/,\s*/)
    .map((p) => p.trim())
    .filter((p) => p && !cited.has(p))
  return parts.length ? ` (${parts.join(', ')})` : ''
}

/** The codes of one ruleset, for the help: its rulings, the ones Salvo added, its documents' sections (and those of every ruleset). */
export function rulesetCodes(rulesetId: string): RuleCode[] {
  const own = GLOSSARY.rulesets[rulesetId]
  // Codes no ruleset claims (the rulings for all, the core's added ones) belong to every ruleset.
  const claimed = Object.values(GLOSSARY.rulesets)
  const anyones = (id: string) => !claimed.some((r) => r.rulings.includes(id) || r.added.some((p) => id.startsWith(p)))
  const rulings = Object.entries(GLOSSARY.rulings).filter(([id]) => anyones(id) || (own?.rulings.includes(id) ?? false))
  const added = Object.entries(GLOSSARY.added).filter(([id]) => anyones(id) || (own?.added.some((p) => id.startsWith(p)) ?? false))
  const sections = [...(own?.docs ?? [])]
    .sort()
    .flatMap((doc) =>
      GLOSSARY.documents[doc]!.sections.map((s) => ({ code: `${doc} ${s.heading}`, title: sectionTitle(doc, s.heading, s.gist) })),
    )
  const bySrNumber = (a: [string, string], b: [string, string]) => a[0].localeCompare(b[0], 'en', { numeric: true })
  return [
    ...rulings.map(([code, title]) => ({ code, title })),
    ...added.sort(bySrNumber).map(([code, title]) => ({ code, title })),
    ...sections,
  ]
}

/** The codes in a text with their titles, one a line, for places that cannot hold markup (a menu's entries); '' for none. */
export function codeTitlesIn(text: string): string {
  return ruleSegments(text)
    .flatMap((s) => (s.code === undefined ? [] : [`${s.code}: ${s.title}`]))
    .join('\n')
}
