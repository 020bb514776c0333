import type { z } from 'zod'

/**
 * Mutations that make a valid value invalid *by construction*, read off its zod schema: a value
 * of a JSON type the field cannot take, a string past its maximum or outside its pattern, a
 * number outside its range or not whole, a required key left out, an unknown (or prototype)
 * key on a strict object, a discriminator no variant has. Nothing here asks the schema
 * whether the result is valid — that is the core's job, and what the fuzzers test.
 */

export type Rng = () => number
export type Path = readonly (string | number)[]
export interface Mutation {
  readonly path: Path
  /** Leave the key out (a required one) rather than set it. */
  readonly remove?: boolean
  readonly value?: unknown
  readonly why: string
}
type Gen = (rng: Rng) => Mutation
/** A place in the value and the mutations that break it there. */
export interface Site {
  readonly path: Path
  readonly gens: readonly Gen[]
  /** An object's keys (one left out, one too many): picked apart from the values, or the many values drown them. */
  readonly keys?: boolean
  /** A number's place: where the schema lets it lie. */
  readonly edges?: NumberEdges
}

/** Extra mutations a caller knows are invalid where the schema cannot say (an unknown id, a ruleset's own check). */
export type SemanticHook = (path: Path, schema: z.ZodType, valid: unknown) => Gen[]

export interface MutateOptions {
  /** The value travels as JSON text: no `undefined` (a key set to it would just vanish). */
  readonly json?: boolean
  /** The longest string to build (a schema whose maximum is beyond it gets no oversized string). */
  readonly hugeCap?: number
  /** The longest array to build, likewise (a campaign document's lists of a million records cost seconds a case). */
  readonly arrayCap?: number
  readonly semantic?: SemanticHook
  /**
   * Treat every object as strict (unknown keys refused) unless its schema is a z.looseObject:
   * the command and request contract and the item files promise it, so a schema that lost its
   * strictness is caught too.
   */
  readonly strict?: boolean
}

type Kind = 'string' | 'number' | 'boolean' | 'null' | 'undefined' | 'object' | 'array'
const ALL: ReadonlySet<Kind> = new Set(['string', 'number', 'boolean', 'null', 'undefined', 'object', 'array'])
type Def = { type: string; [k: string]: unknown }
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def
const checksOf = (s: z.ZodType) =>
  ((defOf(s)['checks'] as { _zod: { def: Record<string, unknown> } }[] | undefined) ?? []).map((c) => c._zod.def)
const check = (s: z.ZodType, name: string) => checksOf(s).find((c) => c['check'] === name)
const isRequired = (s: z.ZodType) => (s as unknown as { _zod: { optin?: string } })._zod.optin === undefined

export const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!
export const int = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1))
export const token = (rng: Rng) => Math.floor(rng() * 2 ** 40).toString(36)

/** The JSON types a schema may accept (all of them where it cannot tell). */
const PLAIN_KINDS: Readonly<Record<string, Kind>> = {
  string: 'string',
  enum: 'string',
  number: 'number',
  boolean: 'boolean',
  null: 'null',
  undefined: 'undefined',
  object: 'object',
  record: 'object',
  array: 'array',
}

export function kindsOf(s: z.ZodType): ReadonlySet<Kind> {
  const d = defOf(s)
  const inner = (k: string) => kindsOf(d[k] as z.ZodType)
  const plain = PLAIN_KINDS[d.type]
  if (plain) return new Set([plain])
  switch (d.type) {
    case 'literal':
      return new Set((d['values'] as unknown[]).map((v) => (v === null ? 'null' : (typeof v as Kind))))
    case 'optional':
    case 'default':
      return new Set([...inner('innerType'), 'undefined'])
    case 'nullable':
      return new Set([...inner('innerType'), 'null'])
    case 'pipe':
      return inner('in')
    case 'union':
      return new Set((d['options'] as z.ZodType[]).flatMap((o) => [...kindsOf(o)]))
    default:
      return ALL
  }
}

/**
 * A value nested `depth` levels deep (arrays, or objects under `key`). Kept as this token until
 * it is sent: `build()` makes the real thing, `text()` its JSON — so a file can hold 100,000
 * levels that no recursive serializer could write.
 */
export class Deep {
  constructor(
    readonly depth: number,
    readonly key: string | null = null,
  ) {}

  build(): unknown {
    let v: unknown = 1
    for (let i = 0; i < this.depth; i++) v = this.key === null ? [v] : { [this.key]: v }
    return v
  }

  text(): string {
    return this.key === null
      ? `${'['.repeat(this.depth)}1${']'.repeat(this.depth)}`
      : `${`{${JSON.stringify(this.key)}:`.repeat(this.depth)}1${'}'.repeat(this.depth)}`
  }
}
/** An object whose own `__proto__` key carries a payload (what JSON.parse makes of `{"__proto__": …}`). */
export const withOwnKey = (o: object, key: string, value: unknown): object =>
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true })
export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const

/** A value of the given JSON type: small, odd, huge, deeply nested or polluted. */
function sampleOf(kind: Kind, rng: Rng, cap: number): unknown {
  switch (kind) {
    case 'string':
      return pick(rng, ['', 'x', '0', 'null', '__proto__', 'x'.repeat(int(rng, 1000, Math.min(cap, 200_000)))])
    case 'number':
      return pick(rng, [0, -1, 42.5, 1e308, -1e308, 2 ** 53 + 2])
    case 'boolean':
      return rng() < 0.5
    case 'null':
      return null
    case 'undefined':
      return undefined
    case 'object':
      return pick(rng, [{}, { a: 1 }, new Deep(int(rng, 2, 3000), 'a'), withOwnKey({}, '__proto__', { polluted: true })])
    case 'array':
      return pick(rng, [[], [1, 'x'], new Deep(int(rng, 2, 3000))])
  }
}

const describeValue = (v: unknown): string => {
  if (typeof v === 'string') return v.length > 40 ? `a ${v.length}-character string` : JSON.stringify(v)
  if (typeof v === 'number') return String(v)
  if (v instanceof Deep) return `${v.key === null ? 'arrays' : 'objects'} nested ${v.depth} deep`
  if (Array.isArray(v)) return `an array (${v.length})`
  return v === null ? 'null' : v === undefined ? 'undefined' : typeof v === 'object' ? 'an object' : String(v)
}

/**
 * Where a number schema lets a value lie, as zod reports it (minValue, maxValue, isInt) and, for
 * whether each end is itself taken, its checks (`gt` / `lt` leave it out). A union holding a number
 * (a setting's value, the ribbon's "fit" or a count) lends its number's. Null for anything else.
 */
export interface NumberEdges {
  readonly lo: number
  readonly hi: number
  readonly loTaken: boolean
  readonly hiTaken: boolean
  readonly whole: boolean
}

export function numberEdges(schema: z.ZodType): NumberEdges | null {
  const d = defOf(schema)
  if (d.type === 'union' && typeof d['discriminator'] !== 'string')
    return (d['options'] as z.ZodType[]).map(numberEdges).find((e) => e !== null) ?? null
  if (d.type !== 'number') return null
  const n = schema as z.ZodNumber
  const lo = n.minValue ?? -Infinity
  const hi = n.maxValue ?? Infinity
  const open = (name: string, end: number) => checksOf(schema).some((c) => c['check'] === name && c['value'] === end && !c['inclusive'])
  return {
    lo,
    hi,
    loTaken: Number.isFinite(lo) && !open('greater_than', lo),
    hiTaken: Number.isFinite(hi) && !open('less_than', hi),
    whole: n.isInt,
  }
}

/** How far a fraction's edge is stepped past: more than a float's spacing at any bound a document has (≤ 10^13). */
const FRACTION_STEP = 0.01

/** Which way a value leaves a number's range: above it, below it, or off the whole numbers inside it. */
export type PastSide = 'above' | 'below' | 'fraction'

/** Values just past a number's edges and far past them (2^53 and its neighbours, 1e308), and a fraction where a whole number goes. */
export function pastTheEdges(e: NumberEdges): { value: number; why: string; side: PastSide }[] {
  const out: { value: number; why: string; side: PastSide }[] = []
  const step = e.whole ? 1 : FRACTION_STEP
  const far = [Number.MAX_SAFE_INTEGER, 2 ** 53, 1e308]
  if (Number.isFinite(e.hi)) {
    out.push({ value: e.hiTaken ? e.hi + step : e.hi, why: 'one past its maximum', side: 'above' })
    for (const v of far) if (v > e.hi) out.push({ value: v, why: 'far above its maximum', side: 'above' })
  }
  if (Number.isFinite(e.lo)) {
    const why = e.lo === 0 ? 'negative where it may not be' : 'one past its minimum'
    out.push({ value: e.loTaken ? e.lo - step : e.lo, why, side: 'below' })
    for (const v of far) if (-v < e.lo) out.push({ value: -v, why: 'far below its minimum', side: 'below' })
  }
  if (e.whole) {
    // Near 0 where the range has room, else just above its minimum: small enough that the half is kept (past 2^52 it is not).
    const inside = e.lo < 0.5 && 0.5 < e.hi ? 0.5 : Math.abs(e.lo) < 2 ** 50 && e.lo + 0.5 < e.hi ? e.lo + 0.5 : 0.5
    out.push({ value: inside, why: 'not a whole number', side: 'fraction' })
  }
  return out
}

/** Values at a number's edges that it takes: each end that is itself taken, and -0 where 0 is (JSON writes it; it is 0). */
export function atTheEdges(e: NumberEdges): { value: number; why: string }[] {
  const out: { value: number; why: string }[] = []
  if (e.hiTaken) out.push({ value: e.hi, why: 'at its maximum' })
  if (e.loTaken) out.push({ value: e.lo, why: 'at its minimum' })
  if ((e.lo < 0 || (e.lo === 0 && e.loTaken)) && (e.hi > 0 || (e.hi === 0 && e.hiTaken))) out.push({ value: -0, why: '-0' })
  return out
}

/** Collects every site of a valid value and the mutations that break each. */
export function sitesOf(schema: z.ZodType, valid: unknown, options: MutateOptions = {}): Site[] {
  const sites: Site[] = []
  walk(schema, valid, [], new Set(), options, sites)
  return sites
}

function walk(schema: z.ZodType, valid: unknown, path: Path, outer: ReadonlySet<Kind>, o: MutateOptions, out: Site[]): void {
  const d = defOf(schema)
  // Wrappers widen what the place accepts (undefined, null) and hand on to what they wrap.
  if (d.type === 'optional' || d.type === 'default' || d.type === 'nullable') {
    return walk(d['innerType'] as z.ZodType, valid, path, new Set([...outer, ...kindsOf(schema)]), o, out)
  }
  const gens: Gen[] = []
  const cap = o.hugeCap ?? 2_100_000
  const set = (why: string, value: unknown): Mutation => ({ path, value, why })
  const accepted = new Set([...outer, ...kindsOf(schema)])
  const wrong = [...ALL].filter((k) => !accepted.has(k) && !(k === 'undefined' && o.json))
  if (accepted.size < ALL.size && wrong.length) {
    gens.push((rng) => {
      const v = sampleOf(pick(rng, wrong), rng, cap)
      return set(`a wrong type: ${describeValue(v)}`, v)
    })
  }
  gens.push(...constraintGens(schema, valid, path, outer, cap, o.arrayCap ?? Infinity))
  if (o.semantic) gens.push(...o.semantic(path, schema, valid))
  const edges = numberEdges(schema)
  if (gens.length) out.push({ path, gens, ...(edges ? { edges } : {}) })

  if (d.type === 'pipe') return walk(d['in'] as z.ZodType, valid, path, outer, o, out)
  if (d.type === 'object' && typeof valid === 'object' && valid !== null && !Array.isArray(valid)) {
    const keys = objectGens(schema, valid, path, o.strict)
    if (keys.length) out.push({ path, gens: keys, keys: true })
    const shape = d['shape'] as Record<string, z.ZodType>
    // Keys the value leaves out are places too (an optional field set to something it cannot be).
    for (const [key, field] of Object.entries(shape))
      walk(field, (valid as Record<string, unknown>)[key], [...path, key], new Set(), o, out)
  }
  if (d.type === 'union' && typeof d['discriminator'] === 'string' && typeof valid === 'object' && valid !== null) {
    const disc = d['discriminator']
    // A variant may itself be a union on another key (a wall: its kinds); its tags are all of its variants'.
    const tagsOf = (opt: z.ZodType): unknown[] => {
      const shape = defOf(opt)['shape'] as Record<string, z.ZodType> | undefined
      return shape ? (defOf(shape[disc]!)['values'] as unknown[]) : (defOf(opt)['options'] as z.ZodType[]).flatMap(tagsOf)
    }
    const option = (d['options'] as z.ZodType[]).find((opt) => tagsOf(opt).includes((valid as Record<string, unknown>)[disc]))
    if (option && !defOf(option)['shape']) walk(option, valid, path, outer, o, out)
    else if (option) {
      const shape = defOf(option)['shape'] as Record<string, z.ZodType>
      for (const [key, field] of Object.entries(shape)) {
        if (key !== disc) walk(field, (valid as Record<string, unknown>)[key], [...path, key], new Set(), o, out)
      }
      out.push({ path, gens: objectGens(option, valid, path, o.strict), keys: true })
    }
  }
  if (d.type === 'array' && Array.isArray(valid))
    valid.forEach((v, i) => walk(d['element'] as z.ZodType, v, [...path, i], new Set(), o, out))
  if (d.type === 'record' && typeof valid === 'object' && valid !== null) {
    for (const [k, v] of Object.entries(valid)) walk(d['valueType'] as z.ZodType, v, [...path, k], new Set(), o, out)
  }
}

/** Mutations within the value's own type that the schema's checks refuse. */
function constraintGens(schema: z.ZodType, valid: unknown, path: Path, outer: ReadonlySet<Kind>, cap: number, arrayCap: number): Gen[] {
  const d = defOf(schema)
  const set = (why: string, value: unknown): Mutation => ({ path, value, why })
  const gens: Gen[] = []
  switch (d.type) {
    case 'string':
    case 'pipe':
      return stringGens(schema, path, cap)
    case 'number': {
      gens.push((rng) => set('not a finite number', pick(rng, [NaN, Infinity, -Infinity])))
      // Past the edges zod reports, grouped by side so a number's place is not drawn more often than any other.
      const past = pastTheEdges(numberEdges(schema)!)
      for (const side of ['above', 'below', 'fraction'] as const) {
        const values = past.filter((p) => p.side === side)
        if (values.length)
          gens.push((rng) => {
            const p = pick(rng, values)
            return set(p.why, p.value)
          })
      }
      return gens
    }
    case 'enum': {
      const entries = Object.values(d['entries'] as Record<string, string>)
      return [
        (rng) =>
          set(
            'not one of its values',
            pick(rng, [`zz-${pick(rng, entries)}`, pick(rng, entries).toUpperCase() + 'Z', ` ${pick(rng, entries)}`]),
          ),
      ]
    }
    case 'literal': {
      const [v] = d['values'] as unknown[]
      if (typeof v === 'string') return [() => set('not its literal value', `zz-${v}`)]
      // Always above (a number literal is a version: below would mean "migrate me").
      if (typeof v === 'number') return [(rng) => set('not its literal value', v + int(rng, 1, 1000))]
      return []
    }
    case 'union': {
      const options = d['options'] as z.ZodType[]
      if (typeof d['discriminator'] === 'string')
        return [() => set('an unknown variant', { ...(valid as object), [d['discriminator'] as string]: 'zz-no-such-variant' })]
      // A union of literals: a value of their type that none of them is.
      const values = options.map((opt) => (defOf(opt).type === 'literal' ? (defOf(opt)['values'] as unknown[])[0] : undefined))
      if (values.every((v) => typeof v === 'number'))
        return [(rng) => set('none of its values', Math.max(...(values as number[])) + int(rng, 1, 50) + pick(rng, [0, 0.5]))]
      // Otherwise only what a scalar option refuses and no other option's type could take.
      return options.flatMap((opt, i) => {
        if (kindsOf(opt).has('object') || kindsOf(opt).has('array')) return []
        const others = new Set([...outer, ...options.filter((_, j) => j !== i).flatMap((x) => [...kindsOf(x)])])
        return constraintGens(opt, valid, path, outer, cap, arrayCap).filter((g) => {
          const sample = g(() => 0.5).value
          return !others.has(sample === null ? 'null' : Array.isArray(sample) ? 'array' : (typeof sample as Kind))
        })
      })
    }
    case 'array': {
      const max = check(schema, 'max_length')?.['maximum'] as number | undefined
      const min = check(schema, 'min_length')?.['minimum'] as number | undefined
      const element = Array.isArray(valid) && valid.length ? valid[0] : 1
      if (max !== undefined && max < arrayCap)
        gens.push((rng) =>
          set(
            `longer than ${max}`,
            Array.from({ length: max + int(rng, 1, 40) }, () => element),
          ),
        )
      if (min !== undefined && min > 0) gens.push(() => set(`shorter than ${min}`, []))
      return gens
    }
    case 'record':
      return recordGens(schema, valid, path)
    default:
      return []
  }
}

function stringGens(schema: z.ZodType, path: Path, cap: number): Gen[] {
  const d = defOf(schema)
  const set = (why: string, value: unknown): Mutation => ({ path, value, why })
  // A piped string: what its first stage refuses, and the empty string where the last needs one.
  if (d.type === 'pipe') {
    const gens = stringGens(d['in'] as z.ZodType, path, cap)
    if (((check(d['out'] as z.ZodType, 'min_length')?.['minimum'] as number | undefined) ?? 0) > 0) gens.push(() => set('empty', ''))
    return gens
  }
  if (d.type !== 'string') return []
  const gens: Gen[] = []
  const max = check(schema, 'max_length')?.['maximum'] as number | undefined
  if (max !== undefined && max < cap)
    gens.push((rng) =>
      set(`longer than ${max}`, 'x'.repeat(max + pick(rng, [1, int(rng, 1, 5000), Math.min(cap - max, int(rng, max, 10 * max))]))),
    )
  if (((check(schema, 'min_length')?.['minimum'] as number | undefined) ?? 0) > 0) gens.push(() => set('empty', ''))
  const format = check(schema, 'string_format')
  if (format?.['pattern'] instanceof RegExp) {
    const pattern = format['pattern']
    const prefix = typeof format['prefix'] === 'string' ? format['prefix'] : (/^\^([A-Za-z]+:)/.exec(pattern.source)?.[1] ?? '')
    gens.push((rng) => {
      const candidates = [
        '',
        ' ',
        `${prefix}`,
        `${prefix}has space`,
        `${prefix}${'x'.repeat(81)}`,
        `${prefix}../../etc`,
        '__proto__',
        'constructor',
        `zz${prefix}x`,
        `${prefix}x\u0000`,
        `${prefix}Ünï`,
      ]
      const bad = candidates.filter((c) => !pattern.test(c))
      return set('outside its pattern', pick(rng, bad))
    })
  }
  return gens
}

function objectGens(schema: z.ZodType, valid: object, path: Path, assumeStrict = false): Gen[] {
  const d = defOf(schema)
  const shape = d['shape'] as Record<string, z.ZodType>
  const gens: Gen[] = []
  const required = Object.keys(shape).filter((k) => isRequired(shape[k]!) && Object.hasOwn(valid, k))
  if (required.length) gens.push((rng) => ({ path: [...path, pick(rng, required)], remove: true, why: 'a required key left out' }))
  // Assumed strict, an object is loose only where its schema says so outright (z.looseObject).
  const catchall = d['catchall'] === undefined ? null : defOf(d['catchall'] as z.ZodType).type
  const strict = catchall === 'never' || (assumeStrict && catchall !== 'unknown')
  if (strict) {
    gens.push((rng) => {
      const key =
        rng() < 0.5 ? pick(rng, PROTO_KEYS) : pick(rng, ['surprise', `k${token(rng)}`, 'toString', 'hasOwnProperty', 'x'.repeat(300)])
      return { path: [...path, key], value: pick(rng, [1, 'x', null, { polluted: true }, []]), why: `an unknown key "${key.slice(0, 20)}"` }
    })
  }
  return gens
}

function recordGens(schema: z.ZodType, valid: unknown, path: Path): Gen[] {
  const d = defOf(schema)
  const keyType = d['keyType'] as z.ZodType
  const kd = defOf(keyType)
  const gens: Gen[] = []
  const sample = typeof valid === 'object' && valid !== null ? Object.values(valid)[0] : undefined
  const maxKey = check(keyType, 'max_length')?.['maximum'] as number | undefined
  // An invalid key with a value the record would take (copied from a key it has).
  if (sample !== undefined && (kd.type === 'enum' || maxKey !== undefined)) {
    gens.push((rng) => ({
      path: [...path, kd.type === 'enum' ? `zz-${token(rng)}` : 'k'.repeat(maxKey! + int(rng, 1, 100))],
      value: sample,
      why: 'a key it cannot have',
    }))
  }
  // A new key holding a value of a type the record's values cannot be.
  const wrong = [...ALL].filter((k) => !kindsOf(d['valueType'] as z.ZodType).has(k) && k !== 'undefined')
  if (wrong.length && kd.type !== 'enum')
    gens.push((rng) => ({
      path: [...path, `k${token(rng)}`.slice(0, 8)],
      value: sampleOf(pick(rng, wrong), rng, 10_000),
      why: 'a value of a wrong type under a new key',
    }))
  return gens
}

/** Deep-copies a JSON-shaped value, keeping own `__proto__` keys as own keys. */
export function clone<T>(v: T): T {
  if (Array.isArray(v)) return v.map(clone) as T
  if (typeof v !== 'object' || v === null) return v
  const out = {}
  for (const k of Object.keys(v)) withOwnKey(out, k, clone((v as Record<string, unknown>)[k]))
  return out as T
}

const overlaps = (a: Path, b: Path) => a.slice(0, Math.min(a.length, b.length)).every((x, i) => x === b[i])

/**
 * Applies one to `count` mutations at places that do not contain one another. Deep values are
 * built, unless the value is headed for `jsonText` (`json`), which writes them as text.
 */
export function mutate(
  valid: unknown,
  sites: readonly Site[],
  rng: Rng,
  count = 1,
  json = false,
): { value: unknown; mutations: Mutation[] } {
  const mutations: Mutation[] = []
  const keySites = sites.filter((s) => s.keys)
  for (let tries = 0; mutations.length < count && tries < count * 8; tries++) {
    const m = pick(rng, pick(rng, keySites.length && rng() < 0.3 ? keySites : sites).gens)(rng)
    if (!mutations.some((x) => overlaps(x.path, m.path))) mutations.push(m)
  }
  return { value: withMutations(valid, mutations, json), mutations }
}

/** A copy of a value with the mutations made (ones that contain one another: the last wins). */
export function withMutations(valid: unknown, mutations: readonly Mutation[], json = false): unknown {
  let value = clone(valid)
  for (const m of mutations) {
    const v = m.value instanceof Deep && !json ? m.value.build() : m.value
    if (m.path.length === 0) {
      value = v
      continue
    }
    let parent = value as Record<string | number, unknown>
    for (const k of m.path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>
    const last = m.path.at(-1)!
    if (m.remove) delete parent[last]
    else withOwnKey(parent, String(last), v)
  }
  return value
}

/** A case as a line a failing test can print: what was done where, and the value (long strings shortened). */
export function describeCase(mutations: readonly Mutation[], value: unknown): string {
  const what = mutations.map((m) => `${m.path.join('.') || '(whole)'}: ${m.remove ? 'left out' : m.why}`).join('; ')
  let text: string
  try {
    const shown = JSON.stringify(value, (_k, v: unknown) =>
      typeof v === 'string' && v.length > 60
        ? `${v.slice(0, 20)}…(${v.length})`
        : typeof v === 'number' && !Number.isFinite(v)
          ? `\u0000${v}`
          : v instanceof Deep
            ? `\u0000(${describeValue(v)})`
            : v,
    )
    text = shown === undefined ? 'undefined' : shown.replace(/"\\u0000([^"]*)"/g, '$1')
  } catch {
    text = '(too deep to print)'
  }
  return `${what} → ${text.slice(0, 400)}`
}

/** What a schema bounds: the longest string and list it lets through, the largest number, and the places it bounds nothing. */
export interface SchemaBounds {
  readonly longestString: number
  readonly longestList: number
  /** The largest size of a number it lets through, either way. */
  readonly largestNumber: number
  /** Paths (`records.*.name`, `…conditions[].note`) of strings, lists, maps, numbers or free JSON without a bound. */
  readonly unbounded: readonly string[]
}

/**
 * Reads the bounds off a schema. A string is bounded by a maximum or a pattern of fixed length
 * (a hash), a list by a maximum, a map by a check on it (its key count), a number by both ends,
 * free JSON only behind a check (its size) that runs before it is walked.
 */
export function boundsOf(schema: z.ZodType): SchemaBounds {
  const strings: number[] = []
  const lists: number[] = []
  const numbers: number[] = []
  const unbounded: string[] = []
  const visit = (s: z.ZodType, at: string): void => {
    const d = defOf(s)
    const checked = checksOf(s).length > 0
    switch (d.type) {
      case 'optional':
      case 'nullable':
      case 'default':
        return visit(d['innerType'] as z.ZodType, at)
      case 'pipe': {
        // What gets through is what the first stage lets through; a checked `unknown` is opaque data within its check.
        const first = d['in'] as z.ZodType
        if (defOf(first).type === 'unknown' && checksOf(first).length) return
        return visit(first, at)
      }
      case 'string': {
        const max = check(s, 'max_length')?.['maximum'] as number | undefined
        const pattern = check(s, 'string_format')?.['pattern']
        const fixed = pattern instanceof RegExp && /^\^[^*+]*\$$/.test(pattern.source) && !/\{\d+,\}/.test(pattern.source)
        if (max !== undefined) strings.push(max)
        else if (!fixed) unbounded.push(at)
        return
      }
      case 'number': {
        // `.int()` alone bounds a number at ±(2^53 - 1): no bound at all for a sum of two.
        const e = numberEdges(s)!
        const largest = Math.max(Math.abs(e.lo), Math.abs(e.hi))
        if (largest >= Number.MAX_SAFE_INTEGER) unbounded.push(at)
        else numbers.push(largest)
        return
      }
      case 'array': {
        const max = check(s, 'max_length')?.['maximum'] as number | undefined
        if (max === undefined) unbounded.push(at)
        else lists.push(max)
        return visit(d['element'] as z.ZodType, `${at}[]`)
      }
      case 'record':
        if (!checked) unbounded.push(at)
        visit(d['keyType'] as z.ZodType, `${at}{key}`)
        return visit(d['valueType'] as z.ZodType, `${at}.*`)
      case 'object':
        for (const [k, v] of Object.entries(d['shape'] as Record<string, z.ZodType>)) visit(v, at ? `${at}.${k}` : k)
        return
      case 'union':
        for (const o of d['options'] as z.ZodType[]) {
          const shape = defOf(o)['shape'] as Record<string, z.ZodType> | undefined
          const tag = typeof d['discriminator'] === 'string' && shape ? (defOf(shape[d['discriminator']]!)['values'] as unknown[])[0] : null
          visit(o, tag === null ? at : `${at}(${String(tag)})`)
        }
        return
      case 'lazy':
      case 'unknown':
      case 'any':
        if (!checked) unbounded.push(at)
        return
      default:
        return
    }
  }
  visit(schema, '')
  return { longestString: Math.max(0, ...strings), longestList: Math.max(0, ...lists), largestNumber: Math.max(0, ...numbers), unbounded }
}
