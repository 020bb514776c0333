import type { z } from 'zod'
import { fail, ok, type Result } from '../../../../src-shared/result'
import { PACK_SECTIONS, manifestSchema, type PackManifest, type PackSection } from './pack-schema'

export type PackEntries = { [S in PackSection]: z.infer<(typeof PACK_SECTIONS)[S]>[] }

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

/** One pack file checked on its own: its section and its entries, or the first problem named. */
export function parseSectionFile(file: string, json: unknown): Result<{ section: PackSection; entries: { id: string; name: string }[] }> {
  const doc = json as { kind?: unknown; entries?: unknown }
  if (typeof doc !== 'object' || doc === null || typeof doc.kind !== 'string' || !Object.hasOwn(PACK_SECTIONS, doc.kind)) {
    return problemResult({ file, entry: null, field: 'kind', problem: `must be one of ${Object.keys(PACK_SECTIONS).join(', ')}` })
  }
  if (!Array.isArray(doc.entries)) return problemResult({ file, entry: null, field: 'entries', problem: 'must be an array' })
  const section = doc.kind as PackSection
  const schema = PACK_SECTIONS[section]
  const entries: { id: string; name: string }[] = []
  for (const [i, raw] of doc.entries.entries()) {
    const given = (raw as { id?: unknown })?.id
    // An id too long to be one is named by its place and length, so the message stays readable.
    const rawId = typeof given !== 'string' ? `#${i + 1}` : given.length <= 80 ? given : `#${i + 1} (an id ${given.length} characters long)`
    const parsed = schema.safeParse(raw)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!
      return problemResult({ file, entry: rawId, field: issue.path.join('.') || null, problem: issue.message })
    }
    const entry = parsed.data as { id: string; name: string }
    if (entries.some((e) => e.id === entry.id)) {
      return problemResult({ file, entry: entry.id, field: 'id', problem: `another ${section} entry already uses this id` })
    }
    entries.push(entry)
  }
  return ok({ section, entries })
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
  const entries = Object.fromEntries(Object.keys(PACK_SECTIONS).map((k) => [k, []])) as unknown as Record<PackSection, { id: string }[]>
  for (const file of manifest.data.files) {
    const json = parseJson(reader, file)
    if (!json.ok) return json
    const parsed = parseSectionFile(file, json.value)
    if (!parsed.ok) return parsed
    const { section } = parsed.value
    for (const entry of parsed.value.entries) {
      if (entries[section].some((e) => e.id === entry.id)) {
        return problemResult({ file, entry: entry.id, field: 'id', problem: `another ${section} entry already uses this id` })
      }
      entries[section].push(entry)
    }
  }
  return ok({ manifest: manifest.data, entries: entries as unknown as PackEntries })
}
