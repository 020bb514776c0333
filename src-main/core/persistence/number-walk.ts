import type { z } from 'zod'

/** A number a check refused: where it lies in the value, and the schema's words for it. */
export interface NumberIssue {
  readonly path: readonly PropertyKey[]
  readonly message: string
}

/** Checks the numbers in one value; null when they all lie where the schema says. */
export type NumberCheck = (value: unknown) => NumberIssue | null

type Def = { readonly type: string; readonly [key: string]: unknown }
const defOf = (s: z.ZodType): Def => s.def as unknown as Def

/**
 * A check of only the numbers in a value, read off its schema once: the schema's own number
 * schemas judge each number (so the words and the bounds are the document check's), and the walk
 * goes only where the schema has numbers. A few microseconds a record, where the whole check of
 * a combatant walks its sheet's JSON too. The value is taken to have the schema's shape otherwise
 * (what the engine built, typed as a record): a place that is not what the schema says is passed
 * over, not refused. Null when the schema holds no number at all.
 */
export function numberCheck(schema: z.ZodType): NumberCheck | null {
  const d = defOf(schema)
  switch (d.type) {
    case 'number':
      return numberLeaf(schema as z.ZodNumber)
    case 'optional':
    case 'nullable':
    case 'default': {
      const inner = numberCheck(d['innerType'] as z.ZodType)
      return inner && ((v) => (v === undefined || v === null ? null : inner(v)))
    }
    // What gets in is what the first stage takes; opaque data (a checked `unknown`) holds no number of ours.
    case 'pipe':
      return numberCheck(d['in'] as z.ZodType)
    case 'object':
      return objectCheck(d['shape'] as Record<string, z.ZodType>)
    case 'array': {
      const element = numberCheck(d['element'] as z.ZodType)
      return element && ((v) => (Array.isArray(v) ? firstIn(v.entries(), element) : null))
    }
    case 'record': {
      const value = numberCheck(d['valueType'] as z.ZodType)
      return value && ((v) => (isObject(v) ? firstIn(Object.entries(v), value) : null))
    }
    case 'union':
      return typeof d['discriminator'] === 'string' ? variantCheck(d['discriminator'], d['options'] as z.ZodType[]) : unionCheck(schema)
    default:
      return null
  }
}

/**
 * One number: within its range (and whole where it must be) it passes at a glance; anything
 * else — NaN, a fraction, past an end — is the schema's to judge, for its words. Whether each end
 * is itself taken (a radius is above 0) is asked of the schema once, here.
 */
function numberLeaf(schema: z.ZodNumber): NumberCheck {
  const lo = schema.minValue ?? -Infinity
  const hi = schema.maxValue ?? Infinity
  const isInt = schema.isInt
  // Asked the first time a value sits on that end, not here: the walk is built at start for every
  // number in every record type, and asking each end there was half its cost (issue 36).
  let loTaken: boolean | null = null
  let hiTaken: boolean | null = null
  const takes = (end: number) => Number.isFinite(end) && schema.safeParse(end).success
  return (v) => {
    if (
      typeof v === 'number' &&
      (v > lo || (v === lo && (loTaken ??= takes(lo)))) &&
      (v < hi || (v === hi && (hiTaken ??= takes(hi)))) &&
      (!isInt || Number.isInteger(v))
    )
      return null
    const r = schema.safeParse(v)
    return r.success ? null : { path: [], message: r.error.issues[0]!.message }
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

/** The first issue among keyed values, with its key put in front of its path. */
function firstIn(entries: Iterable<readonly [PropertyKey, unknown]>, check: NumberCheck): NumberIssue | null {
  for (const [key, v] of entries) {
    const issue = check(v)
    if (issue) return { path: [key, ...issue.path], message: issue.message }
  }
  return null
}

function objectCheck(shape: Record<string, z.ZodType>): NumberCheck | null {
  const fields = Object.entries(shape).flatMap(([key, s]) => {
    const check = numberCheck(s)
    return check ? [[key, check] as const] : []
  })
  if (!fields.length) return null
  return (v) => {
    if (!isObject(v)) return null
    for (const [key, check] of fields) {
      const issue = check(v[key])
      if (issue) return { path: [key, ...issue.path], message: issue.message }
    }
    return null
  }
}

/** A discriminated union: the variant the value names is the one checked. */
function variantCheck(discriminator: string, options: readonly z.ZodType[]): NumberCheck | null {
  const byTag = new Map<unknown, NumberCheck>()
  for (const option of options) {
    const check = numberCheck(option)
    if (check) for (const value of tagsOf(option, discriminator)) byTag.set(value, check)
  }
  if (!byTag.size) return null
  return (v) => (isObject(v) ? (byTag.get(v[discriminator])?.(v) ?? null) : null)
}

/**
 * The discriminator values a variant takes: a literal's or an enum's, or, for a variant that is
 * itself a union (a wall: its kinds), those of every variant inside it.
 */
function tagsOf(option: z.ZodType, discriminator: string): unknown[] {
  const def = defOf(option)
  const shape = def['shape'] as Record<string, z.ZodType> | undefined
  if (!shape) return (def['options'] as z.ZodType[]).flatMap((o) => tagsOf(o, discriminator))
  const tag = defOf(shape[discriminator]!)
  if (Array.isArray(tag['values'])) return tag['values'] as unknown[]
  return Object.values(tag['entries'] as Record<string, unknown>)
}

/**
 * Any other union holding a number (a setting's value; the ribbon's "fit" or a count): the value
 * passes when one option holding numbers passes it, else the first option's words say why.
 */
function unionCheck(schema: z.ZodType): NumberCheck | null {
  const checks = (defOf(schema)['options'] as z.ZodType[]).flatMap((o) => numberCheck(o) ?? [])
  if (!checks.length) return null
  return (v) => {
    if (typeof v !== 'number' && !isObject(v)) return null
    let first: NumberIssue | null = null
    for (const check of checks) {
      const issue = check(v)
      if (!issue) return null
      first ??= issue
    }
    return first
  }
}
