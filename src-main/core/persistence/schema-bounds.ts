import { z } from 'zod'
import { jsonWithin } from '../../../src-shared/commands'
import { WRITTEN } from '../../../src-shared/limits'

/**
 * The bounded pieces campaign documents are checked with. Every string, list and map has a
 * bound (src-shared/limits.ts), and a refusal says how far past it the file went.
 */

/**
 * One formatter for every count, made on first use: the first locale formatting of a process loads
 * ICU's data (15–40 ms), and a start words nothing unless something is refused (issue 36: it was
 * paid at import for one message). Same output as `toLocaleString('en')`.
 */
let en: Intl.NumberFormat | null = null
export const counted = (n: number) => (en ??= new Intl.NumberFormat('en')).format(n)
const lengthOf = (v: unknown) => (typeof v === 'string' || Array.isArray(v) ? v.length : 0)

/** A number as a refusal shows it: grouped digits while it is an exact whole number, else as JavaScript writes it (0.5, 1e+308). */
const shown = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) ? counted(v) : String(v))

/** Where a number may lie. Both ends are finite: a document holds nothing JSON arithmetic could lose. */
export interface NumberRange {
  readonly min: number
  readonly max: number
  /** The minimum itself is refused (a radius, a width: above 0). */
  readonly aboveMin?: boolean
  /** The maximum itself is refused (a generator's fraction: below 1). */
  readonly belowMax?: boolean
}

function rangeWords(r: NumberRange, whole: boolean): string {
  const kind = whole ? 'a whole number' : 'a number'
  if (!r.aboveMin && !r.belowMax) return `${kind} from ${counted(r.min)} to ${counted(r.max)}`
  return `${kind} ${r.aboveMin ? 'above' : 'at least'} ${counted(r.min)} and ${r.belowMax ? 'below' : 'at most'} ${counted(r.max)}`
}

/**
 * A number within a range; a refusal says what it was and where it may lie, whichever check
 * refused it (a fraction where a whole number goes, past either end, a number JSON wrote as 1e999).
 * -0 is taken: it is 0 (equal to it, and written back as 0).
 */
export function numberIn(r: NumberRange, whole = false): z.ZodNumber {
  const error = (issue: { readonly input?: unknown }) =>
    typeof issue.input === 'number' ? `is ${shown(issue.input)}; it must be ${rangeWords(r, whole)}` : undefined
  let n = z.number({ error })
  if (whole) n = n.int({ error })
  n = r.aboveMin ? n.gt(r.min, { error }) : n.min(r.min, { error })
  return r.belowMax ? n.lt(r.max, { error }) : n.max(r.max, { error })
}

/** A word or a number (the ribbon's "fit" or a count): a number out of its range is refused in the number's words. */
export const wordOr = <W extends string>(word: W, n: z.ZodNumber) =>
  z.union([z.literal(word), n], {
    error: (issue) => (typeof issue.input === 'number' ? n.safeParse(issue.input).error?.issues[0]?.message : undefined),
  })

/** A whole number from `min` to `max`. */
export const wholeIn = (min: number, max: number) => numberIn({ min, max }, true)
/** A whole number or a fraction from `-max` to `max`. */
export const amountWithin = (max: number) => numberIn({ min: -max, max })

/** A string of at most `max` characters; a refusal says how long it was. */
export const chars = (max: number) =>
  z.string().max(max, { error: (issue) => `is ${counted(lengthOf(issue.input))} characters long; it may be at most ${counted(max)}` })

/** A list of at most `max` entries. */
export const listOf = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item).max(max, { error: (issue) => `has ${counted(lengthOf(issue.input))} entries; it may have at most ${counted(max)}` })

export const tooMany = (n: number, max: number) => `has ${counted(n)} entries; it may have at most ${counted(max)}`
export const keyCount = (o: object) => Object.keys(o).length

/** A map of at most `max` keys. */
export const mapOf = <K extends z.core.$ZodRecordKey, V extends z.ZodType>(key: K, value: V, max: number) =>
  z.record(key, value).refine((o) => keyCount(o) <= max, { error: (issue) => tooMany(keyCount(issue.input as object), max) })

/**
 * Data only a ruleset reads, kept as it is (the ruleset checks it), within a size and a depth
 * measured before anything walks it.
 */
export const opaque = (bounds: { readonly chars: number; readonly depth: number }) =>
  z.unknown().refine((v) => jsonWithin(v, bounds), {
    error: (issue) =>
      issue.input === undefined ? 'is missing' : `must be JSON of at most ${counted(bounds.chars)} characters and ${bounds.depth} levels`,
  })
export const opaqueJson = (bounds: { readonly chars: number; readonly depth: number }) => opaque(bounds).pipe(z.json())

/** A string of at most `max` characters that starts with `prefix`, typed as such. */
export const prefixed = <P extends string>(max: number, prefix: P) =>
  chars(max)
    .startsWith(prefix)
    // Never refuses what startsWith let through; it only tells the compiler the id's type, by checking it.
    .pipe(z.custom<`${P}${string}`>((v) => typeof v === 'string' && v.startsWith(prefix)))

/** A record id: its type's prefix and a short id part. */
export const idOf = <P extends string>(prefix: P) => prefixed(WRITTEN.id, prefix)
