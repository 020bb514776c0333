import { z } from 'zod'
import { documentSchema } from '../../src-main/core/persistence/document-schema'
import { PACK_SECTIONS, type PackSection } from '../../src-main/rules/compound-x/content/pack-schema'
import { rulesTheRulesetRefuses } from './fuzz-commands'
import { clone, Deep, describeCase, int, mutate, pick, sitesOf, withOwnKey, type Rng, type Site } from './fuzz-mutate'

/**
 * Damaged files for the two imports: a whole campaign (importCampaign) and a Compound X item
 * file (the content/import command), each made from a file the import takes. Every damage is
 * one the import must refuse: text cut off, a field of the wrong type or out of its range,
 * a key left out, a "__proto__" key, nesting past any real file, an id that is not its
 * record's, a record or item given twice, NaN and infinities written into the text.
 */

/** JSON text that may hold what JSON cannot: NaN as the bare word (a syntax error), ±Infinity as 1e999 (JSON.parse reads it as Infinity). */
export function jsonText(value: unknown): string {
  const deep: Deep[] = []
  const text = JSON.stringify(value, (_k, v: unknown) => {
    if (v instanceof Deep) return `\u0000deep${deep.push(v) - 1}`
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

type FileJson = { format: unknown; formatVersion: unknown; document: { records: Record<string, Record<string, unknown>> }; assets?: Record<string, string> }

/** Damaged versions of a campaign export; each comes with what was done to it. */
export function campaignFileDamage(exported: string): (rng: Rng) => { text: string; what: string } {
  const file = JSON.parse(exported) as FileJson
  const sites = sitesOf(documentSchema as z.ZodType, file.document, { json: true, semantic: rulesTheRulesetRefuses })
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
      else if (roll < 0.6) f.formatVersion = pick(rng, [0, -1, 1.5, '1', null, 2, 1e999])
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
const itemFileSchema = (section: PackSection) => z.looseObject({ kind: z.literal(section), entries: z.array(PACK_SECTIONS[section] as z.ZodType).min(1) })

/** Damaged versions of shipped item files; each comes with its file name and what was done to it. */
export function itemFileDamage(files: readonly { name: string; text: string }[]): (rng: Rng) => { fileName: string; text: string; what: string } {
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
