import type { z } from 'zod'
import { fail, ok, type Result } from '../../../../src-shared/result'
import { PACK_SECTIONS, manifestSchema, type PackManifest, type PackSection } from './pack-schema'

/** Each section's entry type, keyed by section, so one generic key ties a schema to its list. */
type EntryOf = { [S in PackSection]: z.output<(typeof PACK_SECTIONS)[S]> }
export type PackEntry<S extends PackSection> = EntryOf[S]
/** An entry of some section. */
export type AnyPackEntry = EntryOf[PackSection]
export type PackEntries = { [S in PackSection]: EntryOf[S][] }

/**
 * The section schemas seen through that key: indexed by a generic section they give that
 * section's entry type, which is what lets an entry be parsed and filed without a cast.
 */
const SCHEMAS: { readonly [S in PackSection]: z.ZodType<EntryOf[S]> } = PACK_SECTIONS

export const isPackSection = (name: string): name is PackSection => Object.hasOwn(PACK_SECTIONS, name)

/** A pack with every section present and empty. */
export const emptyEntries = (): PackEntries => ({
  'ranged-weapons': [],
  'melee-weapons': [],
  'thrown-weapons': [],
  attachments: [],
  'armour-rigs': [],
  'armour-materials': [],
  shields: [],
  'cloaking-modules': [],
  classes: [],
  species: [],
})

/** Parses one entry as its section's item, or null when it does not read as one. */
export function parseEntry<S extends PackSection>(section: S, raw: unknown): EntryOf[S] | null {
  const parsed = SCHEMAS[section].safeParse(raw)
  return parsed.success ? parsed.data : null
}

export interface ContentPack {
  readonly manifest: PackManifest
  readonly entries: PackEntries
}

/** Where a pack's problem is: the file, the entry (by id or index) and the field. */
export interface PackProblem {
  readonly file: string
  readonly entry: string | null
  readonly field: string | null
  readonly problem: string
}

/** Reads a pack's files by name; the loader itself touches no disk (tests and imports supply text). */
export type PackReader = (file: string) => string | null

function describe(p: PackProblem): string {
  return [p.file, p.entry && `entry ${p.entry}`, p.field && `field ${p.field}`].filter(Boolean).join(', ') + `: ${p.problem}`
}

function parseJson(reader: PackReader, file: string): Result<unknown> {
  const text = reader(file)
  if (text === null) return fail('pack/missingFile', `${file}: the file is missing`)
  try {
    return ok(JSON.parse(text))
  } catch (e) {
    return fail('pack/badJson', `${file}: not valid JSON (${(e as Error).message})`)
  }
}

function problemResult(p: PackProblem): Result<never> {
  return fail('pack/invalid', describe(p), p)
}

const idOf = (raw: unknown): unknown => (typeof raw === 'object' && raw !== null && 'id' in raw ? raw.id : undefined)

/** A pack file's section and its raw entries, before any entry is checked. */
function sectionOf(file: string, json: unknown): Result<{ section: PackSection; raws: readonly unknown[] }> {
  const kind = typeof json === 'object' && json !== null && 'kind' in json ? json.kind : undefined
  if (typeof kind !== 'string' || !isPackSection(kind)) {
    return problemResult({ file, entry: null, field: 'kind', problem: `must be one of ${Object.keys(PACK_SECTIONS).join(', ')}` })
  }
  const raws = typeof json === 'object' && json !== null && 'entries' in json ? json.entries : undefined
  if (!Array.isArray(raws)) return problemResult({ file, entry: null, field: 'entries', problem: 'must be an array' })
  return ok({ section: kind, raws })
}

/** One section's entries checked in order: the first that does not read, or repeats an id, is named. */
function parseEntries<S extends PackSection>(file: string, section: S, raws: readonly unknown[]): Result<EntryOf[S][]> {
  const entries: EntryOf[S][] = []
  for (const [i, raw] of raws.entries()) {
    const given = idOf(raw)
    // An id too long to be one is named by its place and length, so the message stays readable.
    const rawId = typeof given !== 'string' ? `#${i + 1}` : given.length <= 80 ? given : `#${i + 1} (an id ${given.length} characters long)`
    // Checked once per start: zod's compiled fast path would cost more to build than it saves.
    const parsed = SCHEMAS[section].safeParse(raw, { jitless: true })
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!
      return problemResult({ file, entry: rawId, field: issue.path.join('.') || null, problem: issue.message })
    }
    const entry = parsed.data
    if (entries.some((e) => e.id === entry.id)) {
      return problemResult({ file, entry: entry.id, field: 'id', problem: `another ${section} entry already uses this id` })
    }
    entries.push(entry)
  }
  return ok(entries)
}

/** One pack file checked on its own: its section and its entries, or the first problem named. */
export function parseSectionFile(file: string, json: unknown): Result<{ section: PackSection; entries: AnyPackEntry[] }> {
  const doc = sectionOf(file, json)
  if (!doc.ok) return doc
  const entries = parseEntries(file, doc.value.section, doc.value.raws)
  return entries.ok ? ok({ section: doc.value.section, entries: entries.value }) : entries
}

/** Checks a whole file, then adds its entries to the pack; an id another file already used is named. */
function addFile<S extends PackSection>(into: PackEntries, file: string, section: S, raws: readonly unknown[]): Result<null> {
  const parsed = parseEntries(file, section, raws)
  if (!parsed.ok) return parsed
  const list = into[section]
  for (const entry of parsed.value) {
    if (list.some((e) => e.id === entry.id)) {
      return problemResult({ file, entry: entry.id, field: 'id', problem: `another ${section} entry already uses this id` })
    }
    list.push(entry)
  }
  return ok(null)
}

/** Parses a file's text as one pack file. */
export function parseSectionText(file: string, text: string) {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    return fail('pack/badJson', `${file}: not valid JSON (${(e as Error).message})`)
  }
  return parseSectionFile(file, json)
}

/**
 * Loads and checks a whole pack. The first problem found is returned with the file, the
 * entry and the field named, and nothing of the pack is used.
 */
export function loadContentPack(reader: PackReader): Result<ContentPack> {
  const manifestJson = parseJson(reader, 'pack.json')
  if (!manifestJson.ok) return manifestJson
  const manifest = manifestSchema.safeParse(manifestJson.value)
  if (!manifest.success) {
    const issue = manifest.error.issues[0]!
    return problemResult({ file: 'pack.json', entry: null, field: issue.path.join('.') || null, problem: issue.message })
  }
  const entries = emptyEntries()
  for (const file of manifest.data.files) {
    const json = parseJson(reader, file)
    if (!json.ok) return json
    const doc = sectionOf(file, json.value)
    if (!doc.ok) return doc
    const added = addFile(entries, file, doc.value.section, doc.value.raws)
    if (!added.ok) return added
  }
  return ok({ manifest: manifest.data, entries })
}
