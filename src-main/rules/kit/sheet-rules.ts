import type { z } from 'zod'
import type { ExplanationSection, FormField } from '../../../src-shared/attack'
import type { GearProblem } from '../../../src-shared/gear'
import type { JsonValue } from '../../../src-shared/json'
import { fail, ok } from '../../../src-shared/result'
import type { Ruleset } from '../ruleset'
import type { OptionValues } from './options'
import type { SheetReader } from './stored-sheet'

/** What a ruleset with a per-combatant sheet says about it; `sheetRules` turns it into `combatantRules`. */
export interface SheetRules<In, S> {
  /** Names the sheet in a refusal ("<label>: attributes.dex must be…"). */
  readonly label: string
  /** What the GM may hand in (defaults filled, live state optional). */
  readonly input: z.ZodType<In>
  readonly reader: SheetReader<S>
  /** The stored sheet for checked input: fills the live values input may leave out. */
  complete(input: In): S
  /** Max HP the sheet sets, or null to keep the GM's number. */
  maxHp?(sheet: S): number | null
  card(sheet: S): readonly ExplanationSection[]
  /** What the sheet carries but cannot use (or uses worse); see `combatantRules.gear`. */
  gear?(sheet: S): readonly GearProblem[]
  /** What the table sees of it besides its conditions (stance, cover); see `combatantRules.marks`. */
  marks?(sheet: S): readonly string[]
  form(sheet: S | null): readonly FormField[]
  fromForm(values: OptionValues, current: S | null): unknown
}

/**
 * The core's side of a sheet: input checked against the ruleset's schema (the first problem named
 * by its field), stored through the reader so the stored JSON reads back without a parse, and
 * what comes back from the core read through the same reader. A card for data that no longer
 * reads is empty rather than wrong.
 */
export function sheetRules<In, S>(rules: SheetRules<In, S>): NonNullable<Ruleset['combatantRules']> {
  const { reader } = rules
  return {
    derivesMaxHp: rules.maxHp !== undefined,
    parse(input) {
      const parsed = rules.input.safeParse(input)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!
        return fail('rules/invalid', `${rules.label}: ${issue.path.join('.') || 'sheet'} ${issue.message}`)
      }
      const sheet = rules.complete(parsed.data)
      return ok({ data: reader.store(sheet), maxHp: rules.maxHp ? rules.maxHp(sheet) : null })
    },
    card: (stored) => {
      const sheet = reader.read(stored)
      return sheet ? rules.card(sheet) : []
    },
    ...(rules.gear
      ? {
          gear: (stored: JsonValue) => {
            const sheet = reader.read(stored)
            return sheet ? rules.gear!(sheet) : []
          },
        }
      : {}),
    ...(rules.marks
      ? {
          marks: (stored: JsonValue) => {
            const sheet = reader.read(stored)
            return sheet ? rules.marks!(sheet) : []
          },
        }
      : {}),
    form: (stored) => rules.form(reader.read(stored)),
    fromForm: (values, current) => rules.fromForm(values, reader.read(current)),
  }
}
