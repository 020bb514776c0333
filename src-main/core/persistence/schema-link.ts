import type { z } from 'zod'

/**
 * A type as a schema's output would spell it: nothing readonly, and every key present with
 * whether it is optional, so two types whose keys differ, optional ones included, never match.
 */
type Spelled<T> = [string | number | boolean | null] extends [T]
  ? // Any JSON: zod's and ours differ only in readonly, and walking them recursively gives the checker up.
    'json'
  : T extends readonly (infer U)[]
    ? Spelled<U>[]
    : T extends object
      ? { -readonly [P in keyof T]-?: [Spelled<T[P]>, object extends Pick<T, P> ? 'optional' : 'required'] }
      : T

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

/**
 * `schemaFor<CombatantRecord>()(z.object({...}))` compiles only when what the schema parses to is
 * exactly the record type, field for field and in both directions (readonly aside): a field added
 * to one and not the other, a wider or narrower type, an optional field made required — each is a
 * compile error here rather than a field silently dropped when a campaign is read back.
 */
export const schemaFor =
  <T>() =>
  <S extends z.ZodType>(
    schema: S & (Same<Spelled<z.output<S>>, Spelled<T>> extends true ? unknown : { readonly 'the schema does not parse to the type': T }),
  ): S =>
    schema
