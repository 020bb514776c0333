import type { z } from 'zod'
import type { JsonValue } from '../../../src-shared/json'
import { fail, ok, type Result } from '../../../src-shared/result'

/**
 * The typed boundary between a ruleset and the JSON the core stores for it.
 *
 * The core keeps each combatant's ruleset data as opaque JSON (`rules`) and hands it back; a
 * ruleset reads it through its `SheetReader`, which parses it with the ruleset's zod schema of
 * the stored shape (sheet and live state) once per stored value — records are immutable, so a
 * WeakMap keyed by the stored object is exact — and writes through `store`, which builds the
 * JSON by construction (no casts) and remembers the sheet it came from, so reading back what a
 * ruleset just wrote costs nothing.
 */

/**
 * What can be stored as JSON. Optional properties may be `undefined` (they are dropped, as
 * JSON.stringify drops them). Object types written as `type` aliases or inferred from zod fit;
 * `interface`s do not (they have no index signature), which is why sheets are declared as types.
 */
export type Storable = string | number | boolean | null | undefined | readonly Storable[] | { readonly [key: string]: Storable }

/** The JSON a value stores as: undefined properties dropped, undefined in arrays as null. */
export function toJson(value: Storable): JsonValue {
  if (value === undefined) return null
  if (value === null || typeof value !== 'object') return value
  if (isList(value)) return value.map(toJson)
  // A key loop, not Object.entries: every resolution stores both sheets, and the pairs it made were most of the cost.
  const out: Record<string, JsonValue> = {}
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue
    const v = value[k]
    if (v !== undefined) out[k] = typeof v === 'object' && v !== null ? toJson(v) : v
  }
  return out
}

const isList = (v: readonly Storable[] | { readonly [key: string]: Storable }): v is readonly Storable[] => Array.isArray(v)

/** Whether `value` is already what `toJson` would build from it (no undefined anywhere, no holes). */
function isJsonAlready(value: Storable): boolean {
  if (value === undefined) return false
  if (value === null || typeof value !== 'object') return true
  if (isList(value)) {
    for (let i = 0; i < value.length; i++) if (!(i in value) || !isJsonAlready(value[i])) return false
    return true
  }
  for (const k in value) if (Object.hasOwn(value, k) && !isJsonAlready(value[k])) return false
  return true
}

let sharing = 0

/**
 * Issue 35: while a simulated fight decides, a sheet that is already plain JSON is stored as
 * itself, not copied: its copy would be equal to it, key for key in the same order, and records and
 * sheets are never changed in place. Both sheets are stored on every attack a simulation resolves.
 * The live engine never runs inside this, and keeps its own copy.
 */
export function storingSheetsAsThey<T>(run: () => T): T {
  sharing++
  try {
    return run()
  } finally {
    sharing--
  }
}

export interface SheetReader<S> {
  /** The combatant's sheet, or null when it has none (or what is stored does not read as one). */
  of(c: { readonly rules: JsonValue | null }): S | null
  /** The same for stored data at hand. */
  read(rules: JsonValue | null): S | null
  /** The sheet, or a failure a GM can act on ("Vex has no character sheet yet."). */
  require(c: Named, code: string): Result<S>
  /** Both sides' sheets (an attack's attacker and target), or the first side's failure. */
  requireBoth(a: Named, b: Named, code: string): Result<{ readonly a: S; readonly b: S }>
  /** The sheet as the JSON the core stores; reading that JSON back gives this sheet. */
  store(sheet: S): JsonValue
}

type Named = { readonly name: string; readonly rules: JsonValue | null }

/**
 * A reader for one ruleset's stored sheets. `sheetName` completes "has no … yet"
 * ("character sheet").
 */
export function sheetReader<S extends Storable>(schema: z.ZodType<S>, sheetName: string): SheetReader<S> {
  const parsed = new WeakMap<object, S | null>()
  const read = (rules: JsonValue | null): S | null => {
    if (rules === null || typeof rules !== 'object') return rules === null ? null : parseOnce(rules)
    const known = parsed.get(rules)
    if (known !== undefined) return known
    const sheet = parseOnce(rules)
    parsed.set(rules, sheet)
    return sheet
  }
  const parseOnce = (rules: JsonValue): S | null => {
    const r = schema.safeParse(rules)
    return r.success ? r.data : null
  }
  const require = (c: Named, code: string): Result<S> => {
    const sheet = read(c.rules)
    if (sheet) return ok(sheet)
    return c.rules === null
      ? fail(code, `${c.name} has no ${sheetName} yet.`)
      : fail(code, `${c.name}'s ${sheetName} does not read; open the sheet and save it again.`)
  }
  return {
    of: (c) => read(c.rules),
    read,
    require,
    requireBoth: (a, b, code) => {
      const first = require(a, code)
      if (!first.ok) return first
      const second = require(b, code)
      return second.ok ? ok({ a: first.value, b: second.value }) : second
    },
    store: (sheet) => {
      const json = sharing > 0 && isJsonAlready(sheet) ? (sheet as JsonValue) : toJson(sheet)
      if (json !== null && typeof json === 'object') parsed.set(json, sheet)
      return json
    },
  }
}
