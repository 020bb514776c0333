import { isDeepStrictEqual } from 'node:util'
import { z } from 'zod'
import { documentSchema } from '../../src-main/core/persistence/document-schema'
import { PACK_SECTIONS, type PackSection } from '../../src-main/rules/compound-x/content/pack-schema'
import { TYPED, WRITTEN } from '../../src-shared/limits'
import { rulesTheRulesetRefuses } from './fuzz-commands'
import {
  atTheEdges,
  boundsOf,
  clone,
  Deep,
  describeCase,
  int,
  mutate,
  pastTheEdges,
  pick,
  sitesOf,
  token,
  withMutations,
  withOwnKey,
  type Mutation,
  type Path,
  type Rng,
  type SemanticHook,
  type Site,
} from './fuzz-mutate'

/**
 * Damaged files for the two imports: a whole campaign (importCampaign) and a Compound X item
 * file (the content/import command), each made from a file the import takes. Every damage is
 * one the import must refuse: text cut off, a field of the wrong type or out of its range,
 * a key left out, a "__proto__" key, nesting past any real file, an id that is not its
 * record's, a record or item given twice, NaN and infinities written into the text, a field
 * one past its bound. And campaign files the import must take, but not whole: fields no Salvo
 * writes, which must be gone from what it took (`acceptedDocumentProblems`).
 */

/**
 * JSON text that may hold what JSON.stringify will not write: NaN as the bare word (a syntax
 * error), ±Infinity as 1e999 (JSON.parse reads it as Infinity), -0 as -0 (not 0).
 */
export function jsonText(value: unknown): string {
  const deep: Deep[] = []
  const text = JSON.stringify(value, (_k, v: unknown) => {
    if (v instanceof Deep) return `\u0000deep${deep.push(v) - 1}`
    if (Object.is(v, -0)) return '\u0000-0'
    return typeof v === 'number' && !Number.isFinite(v) ? `\u0000${Number.isNaN(v) ? 'NaN' : v > 0 ? '1e999' : '-1e999'}` : v
  })
  return text.replace(/"\\u0000([^"]*)"/g, (_m, token: string) => (token.startsWith('deep') ? deep[Number(token.slice(4))]!.text() : token))
}

/** A cut that JSON cannot survive: anywhere before the outermost closing brace. */
const truncated = (text: string, rng: Rng) => text.slice(0, int(rng, 0, text.lastIndexOf('}') - 1))

/** Every object in a value, with its path (for putting a key into one at random). */
function objectsOf(value: unknown, path: (string | number)[] = [], out: { path: (string | number)[]; o: object }[] = []) {
  if (typeof value !== 'object' || value === null) return out
  if (!Array.isArray(value)) out.push({ path, o: value })
  for (const [k, v] of Object.entries(value)) objectsOf(v, [...path, Array.isArray(value) ? Number(k) : k], out)
  return out
}

type FileJson = {
  format: unknown
  formatVersion: unknown
  document: { records: Record<string, Record<string, unknown>> }
  assets?: Record<string, string>
}

/** Data only a ruleset reads, by the field that holds it, and what the document allows of it. */
const OPAQUE: Readonly<Record<string, { readonly chars: number; readonly depth: number }>> = {
  rules: WRITTEN.rulesJson,
  data: WRITTEN.rulesJson,
  request: WRITTEN.rulesJson,
  entry: { chars: TYPED.contentFile, depth: WRITTEN.rulesJson.depth },
}

/** JSON exactly `chars` long: `{"pad":"xx…"}`. */
const paddedTo = (chars: number) => ({ pad: 'x'.repeat(chars - '{"pad":""}'.length) })

/** Ruleset data one character or one level past what the document takes (the schema's check is a function the walk cannot read). */
const opaquePastItsBounds: SemanticHook = (path, schema) => {
  const bounds = OPAQUE[String(path.at(-1))]
  if (!bounds || (schema as unknown as { _zod: { def: { type: string } } })._zod.def.type !== 'unknown') return []
  return [
    () => ({ path, value: paddedTo(bounds.chars + 1), why: `longer than ${bounds.chars} characters of JSON` }),
    () => ({ path, value: new Deep(bounds.depth + 1, 'a'), why: `deeper than ${bounds.depth} levels` }),
  ]
}

/**
 * The document's places and what breaks each. Lists are stretched only up to 25,000 entries:
 * an undo mark's changes may number a million, and a case that size costs seconds.
 */
const documentSites = (document: unknown): Site[] =>
  sitesOf(documentSchema as z.ZodType, document, {
    json: true,
    arrayCap: 25_000,
    semantic: (path, schema, valid) => [...rulesTheRulesetRefuses(path, schema, valid), ...opaquePastItsBounds(path, schema, valid)],
  })

/** Damaged versions of a campaign export; each comes with what was done to it. */
export function campaignFileDamage(exported: string): (rng: Rng) => { text: string; what: string } {
  const file = JSON.parse(exported) as FileJson
  const sites = documentSites(file.document)
  const ids = Object.keys(file.document.records).filter((k) => k.includes(':'))
  const lines = exported.split('\n')
  const recordLines = lines.map((l, i) => [l, i] as const).filter(([l]) => /^"[^"]+": \{"typeName"/.test(l))
  const assetNames = Object.keys(file.assets ?? {})
  const damages: ((rng: Rng) => { text: string; what: string })[] = [
    (rng) => ({ text: truncated(exported, rng), what: 'cut off' }),
    (rng) => {
      const f = clone(file)
      const { value, mutations } = mutate(f.document, sites, rng, pick(rng, [1, 1, 2]), true)
      f.document = value as FileJson['document']
      return { text: jsonText(f), what: `document: ${describeCase(mutations, null).split(' → ')[0]}` }
    },
    (rng) => {
      const f = clone(file)
      const target = pick(rng, objectsOf(f))
      withOwnKey(target.o, '__proto__', pick(rng, [{ polluted: true }, 1, null, []]))
      return { text: jsonText(f), what: `a "__proto__" key at ${target.path.join('.') || '(top)'}` }
    },
    (rng) => {
      const f = clone(file)
      const target = pick(rng, objectsOf(f.document))
      const key = pick(rng, Object.keys(target.o).length ? Object.keys(target.o) : ['x'])
      withOwnKey(target.o, key, new Deep(int(rng, 101, 100_000), pick(rng, [null, 'a', key])))
      return { text: jsonText(f), what: `nested past 100 levels at document.${[...target.path, key].join('.')}` }
    },
    (rng) => {
      // An id its record does not have: another of the same kind, or the key moved off the record's id.
      const f = clone(file)
      const key = pick(rng, ids)
      const record = f.document.records[key]!
      const other = `${key.split(':')[0]}:fz${int(rng, 0, 1e6)}`
      if (rng() < 0.5) record['id'] = other
      else {
        delete f.document.records[key]
        f.document.records[other] = record
      }
      return { text: jsonText(f), what: `the record ${key} under another id` }
    },
    (rng) => {
      // A record line given twice (as is, or changed): JSON.parse would keep the last without a word.
      const [line, i] = pick(rng, recordLines)
      const out = [...lines]
      out.splice(i + 1, 0, rng() < 0.5 ? line : line.replace(/"name":"/, '"name":"Twin '))
      if (!line.endsWith(',')) out[i] = `${line},`
      return { text: out.join('\n'), what: `the record line ${i + 1} twice` }
    },
    (rng) => {
      const f = clone(file)
      const roll = rng()
      if (roll < 0.3) f.format = pick(rng, ['salvo-items', 'Salvo-Campaign', '', 1, null, ['salvo-campaign']])
      else if (roll < 0.6) f.formatVersion = pick(rng, [0, -1, 1.5, '1', null, 2, Infinity])
      else if (roll < 0.8) (f as { document: unknown }).document = pick(rng, [null, [], 'campaign', 7, undefined])
      else return { text: jsonText(pick(rng, [[file], 'salvo-campaign', 42, null, true])), what: 'not an object at all' }
      return { text: jsonText(f), what: 'a broken envelope' }
    },
  ]
  if (assetNames.length) {
    damages.push((rng) => {
      const f = clone(file)
      const name = pick(rng, assetNames)
      const data = f.assets![name]!
      const roll = rng()
      if (roll < 0.25) f.assets![name] = data.slice(0, int(rng, 0, data.length - 8))
      else if (roll < 0.5) f.assets![name] = `${data.slice(0, 10)}!${data.slice(10)}`
      else if (roll < 0.75) f.assets![name.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))] = data
      else f.assets![`fz-${name}`] = data
      return { text: jsonText(f), what: `the image ${name.slice(0, 12)}… damaged` }
    })
  }
  return (rng) => pick(rng, damages)(rng)
}

/**
 * What an item file must be, as the importer reads it: a known section and at least one entry
 * of its shape. Entries are strict (pack-schema.ts); the file around them takes other keys.
 */
const itemFileSchema = (section: PackSection) =>
  z.looseObject({ kind: z.literal(section), entries: z.array(PACK_SECTIONS[section] as z.ZodType).min(1) })

/** Damaged versions of shipped item files; each comes with its file name and what was done to it. */
export function itemFileDamage(
  files: readonly { name: string; text: string }[],
): (rng: Rng) => { fileName: string; text: string; what: string } {
  const parsed = files.map((file) => {
    const json = JSON.parse(file.text) as { kind: PackSection; entries: { id: string }[] }
    return { file, json, sites: sitesOf(itemFileSchema(json.kind), json, { json: true, strict: true }) as Site[] }
  })
  return (rng) => {
    const { file, json, sites } = pick(rng, parsed)
    const roll = rng()
    if (roll < 0.1) return { fileName: file.name, text: truncated(file.text, rng), what: `${file.name} cut off` }
    if (roll < 0.2) {
      // An entry twice: the same id, as is or with other numbers.
      const f = clone(json)
      const twin = clone(pick(rng, f.entries))
      if (rng() < 0.5) (twin as Record<string, unknown>)['name'] = 'Twin'
      f.entries.splice(int(rng, 0, f.entries.length), 0, twin)
      return { fileName: file.name, text: jsonText(f), what: `${file.name}: ${twin.id} twice` }
    }
    const { value, mutations } = mutate(json, sites, rng, pick(rng, [1, 1, 2]), true)
    return { fileName: file.name, text: jsonText(value), what: `${file.name}: ${describeCase(mutations, null).split(' → ')[0]}` }
  }
}

/** The file with its document changed as `mutations` say. */
function fileWith(file: FileJson, mutations: readonly Mutation[]): string {
  return jsonText({ ...file, document: withMutations(file.document, mutations, true) })
}

const typeNameOf = (v: unknown) =>
  typeof v === 'object' && v !== null && typeof (v as Record<string, unknown>)['typeName'] === 'string'
    ? String((v as Record<string, unknown>)['typeName'])
    : null
/** Maps whose keys are data, not field names. */
const MAPS = new Set(['spent', 'rulesetSettings'])

/** A place in a document as a field of the schema: `combatant.conditions[].note`, `history.undo[].changes[].to(combatant).name`. */
export function fieldOf(document: unknown, path: Path): string {
  const parts: string[] = []
  let at: unknown = document
  for (const [i, k] of path.entries()) {
    at = typeof at === 'object' && at !== null ? (at as Record<string | number, unknown>)[k] : undefined
    if (typeof k === 'number') parts.push('[]')
    else if (i === 1 && path[0] === 'records') parts.push(typeNameOf(at) ?? '*')
    else if (i > 0 && MAPS.has(String(path[i - 1]))) parts.push('*')
    else if ((k === 'from' || k === 'to') && typeNameOf(at)) parts.push(`${k}(${typeNameOf(at)})`)
    else if (!(i === 0 && k === 'records')) parts.push(k)
  }
  return parts.join('.').replace(/\.\[\]/g, '[]') || '(document)'
}

export const valueAt = (v: unknown, path: Path): unknown =>
  path.reduce<unknown>((at, k) => (typeof at === 'object' && at !== null ? (at as Record<string | number, unknown>)[k] : undefined), v)

/**
 * One case per bounded field of the export's document (and per kind of key), each that field
 * one past its bound: a character, an entry, a JSON level. Each must be refused, naming it.
 */
export function justPastTheBounds(exported: string): { field: string; text: string; what: string }[] {
  const file = JSON.parse(exported) as FileJson
  const cases = new Map<string, { field: string; text: string; what: string }>()
  for (const site of documentSites(file.document)) {
    for (const gen of site.gens) {
      // Drawn with a generator stuck at 0, each stretching gen adds exactly one.
      const m = gen(() => 0)
      if (!/^(longer than|deeper than|a key it cannot have)/.test(m.why)) continue
      // A list past its bound repeats its first entry; without one it would be refused for its entries instead.
      const valid = valueAt(file.document, m.path)
      if (Array.isArray(m.value) && !(Array.isArray(valid) && valid.length > 0)) continue
      const field = fieldOf(file.document, m.path)
      const key = `${field} ${m.why.split(' ')[0]}`
      if (!cases.has(key)) cases.set(key, { field, text: fileWith(file, [m]), what: `${field}: ${m.why}` })
    }
  }
  return [...cases.values()]
}

/**
 * The export's numbers past their edges, read off the document schema (so a new numeric field is
 * covered by being in the schema): one case per numeric field and way out — one past its
 * maximum, one past its minimum (a negative where it starts at 0), a fraction where it is whole —
 * and one far past (2^53 - 1, 2^53, 1e308, in turn from field to field). A field inside an undo
 * mark, checked by the same schemas as the live one, gets its first way out only. Each must be
 * refused, naming the field.
 */
export function numbersPastTheirEdges(exported: string): { field: string; text: string; what: string }[] {
  const file = JSON.parse(exported) as FileJson
  const cases = new Map<string, { field: string; text: string; what: string }>()
  let turn = 0
  for (const { path, edges } of documentSites(file.document)) {
    if (!edges) continue
    const field = fieldOf(file.document, path)
    if ([...cases.values()].some((c) => c.field === field)) continue
    const past = pastTheEdges(edges)
    const near = past.filter((p) => !p.why.startsWith('far'))
    const far = past.filter((p) => p.why.startsWith('far'))
    const chosen = field.startsWith('history.') ? near.slice(0, 1) : [...near, ...(far.length ? [far[turn++ % far.length]!] : [])]
    for (const p of chosen) {
      const m: Mutation = { path, value: p.value, why: p.why }
      cases.set(`${field} ${p.value}`, { field, text: fileWith(file, [m]), what: `${field}: ${p.why} (${p.value})` })
    }
  }
  return [...cases.values()]
}

/**
 * The export with every number at an edge its field takes: at `max`, each at its maximum (its
 * minimum where the maximum is open); at `min`, each at its minimum, -0 where that is 0. The
 * import must take it, and the campaign open again as it was taken.
 */
export function numbersAtTheirEdges(exported: string, end: 'max' | 'min'): { text: string; values: [Path, number][] } {
  const file = JSON.parse(exported) as FileJson
  const mutations: Mutation[] = []
  const values: [Path, number][] = []
  for (const { path, edges } of documentSites(file.document)) {
    if (!edges) continue
    const at = atTheEdges(edges)
    const wanted = end === 'max' ? 'at its maximum' : '-0'
    const edge = at.find((e) => e.why === wanted) ?? at.find((e) => e.why === 'at its minimum') ?? at[0]
    if (!edge) continue
    mutations.push({ path, value: edge.value, why: edge.why })
    values.push([path, edge.value])
  }
  return { text: fileWith(file, mutations), values }
}

/** Where in a document a key is put: the document itself, a record, inside a record, inside a record an undo mark holds. */
export type Depth = 'document' | 'record' | 'inside a record' | 'in an undo mark'
const depthOf = (path: Path): Depth =>
  path.length === 0
    ? 'document'
    : path[1] === 'history' && path.length > 2
      ? 'in an undo mark'
      : path.length === 2
        ? 'record'
        : 'inside a record'

/**
 * Exports given fields no Salvo writes (a GM's notes on a scene, a "gmSecret" on a combatant…)
 * at one to four places the document schema has an object, at every depth. The import must
 * take them and drop those fields: `marker` is in every value put in, and must be nowhere after.
 */
export function campaignFileExtras(exported: string): (rng: Rng) => { text: string; what: string; marker: string; depths: Depth[] } {
  const file = JSON.parse(exported) as FileJson
  const objects = documentSites(file.document).filter((s) => s.keys)
  const byDepth = new Map<Depth, Path[]>()
  for (const { path } of objects) byDepth.set(depthOf(path), [...(byDepth.get(depthOf(path)) ?? []), path])
  const depths = [...byDepth.keys()]
  return (rng) => {
    const marker = `ZqExtra${token(rng)}x`
    const mutations: Mutation[] = []
    for (let n = int(rng, 1, 4); mutations.length < n;) {
      const path = pick(rng, byDepth.get(pick(rng, depths))!)
      // Names no record of Salvo's takes at any level ("secret" is a story line's since issue 30).
      const key = pick(rng, ['gmNotes', 'gmSecret', 'comment', `zz${token(rng)}`])
      if (
        Object.hasOwn(valueAt(file.document, path) as object, key) ||
        mutations.some((m) => m.path.join('\u0000') === [...path, key].join('\u0000'))
      )
        continue
      mutations.push({
        path: [...path, key],
        value: pick<unknown>(rng, [marker, { text: marker, hidden: true }, [marker], { nested: { deeper: [marker] } }]),
        why: 'a field no Salvo writes',
      })
    }
    return {
      text: fileWith(file, mutations),
      what: mutations.map((m) => `${fieldOf(file.document, m.path)}`).join(', '),
      marker,
      depths: mutations.map((m) => depthOf(m.path.slice(0, -1))),
    }
  }
}

/** What the document schema lets through at most: the longest string, the longest list. */
export const DOCUMENT_BOUNDS = boundsOf(documentSchema as z.ZodType)

/**
 * Why a document an import took (or a campaign holds) is not what a bounded, stripped import
 * gives: too many records, a string or list longer than any bound of the schema, or a field
 * the schema does not name (it would be dropped by a parse, so the parse differs).
 */
export function acceptedDocumentProblems(document: unknown): string[] {
  const problems: string[] = []
  const records = (document as { records?: object }).records ?? {}
  if (Object.keys(records).length > WRITTEN.records) problems.push(`${Object.keys(records).length} records`)
  const walk = (v: unknown, where: string): void => {
    if (problems.length >= 5) return
    if (typeof v === 'string' && v.length > DOCUMENT_BOUNDS.longestString) problems.push(`${where}: a ${v.length}-character string`)
    if (Array.isArray(v)) {
      if (v.length > DOCUMENT_BOUNDS.longestList) problems.push(`${where}: a list of ${v.length}`)
      v.forEach((x, i) => walk(x, `${where}.${i}`))
    } else if (typeof v === 'object' && v !== null) for (const [k, x] of Object.entries(v)) walk(x, `${where}.${k}`)
  }
  walk(document, 'document')
  const parsed = documentSchema.safeParse(document)
  if (!parsed.success) problems.push(`the document schema refuses it: ${parsed.error.issues[0]?.message}`)
  else {
    const extra = firstUnknownKey(parsed.data, document, 'document')
    if (extra) problems.push(`${extra}: a field the document schema does not name`)
  }
  return problems
}

/** The first key `raw` has that the parse of it does not (a field the schema dropped). */
function firstUnknownKey(parsed: unknown, raw: unknown, where: string): string | null {
  if (isDeepStrictEqual(parsed, raw)) return null
  if (typeof raw !== 'object' || raw === null || typeof parsed !== 'object' || parsed === null) return null
  for (const k of Object.keys(raw)) {
    if (!Object.hasOwn(parsed, k)) return `${where}.${k}`
    const inner = firstUnknownKey((parsed as Record<string, unknown>)[k], (raw as Record<string, unknown>)[k], `${where}.${k}`)
    if (inner) return inner
  }
  return null
}
