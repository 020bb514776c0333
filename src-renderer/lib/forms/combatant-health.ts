import type { SheetDraft } from '../../../src-shared/contract'
import type { JsonValue } from '../../../src-shared/json'

/** Values of a ruleset's sheet form, by field key. */
export type FormValues = Record<string, string | number | boolean>

/** Where the add and roster forms take a newcomer's health from (issue 16). */
export interface HealthSource {
  /** The campaign's ruleset derives max health from the sheet (Compound X: FORT, level, species). */
  readonly derives: boolean
  /** The newcomer gets a sheet in the same step (a deriving ruleset's default; else the GM filled one). */
  readonly withSheet: boolean
  /** What the GM typed in Max HP, when the field is shown. */
  readonly typedMaxHp: number | null
  /** The core's working of the sheet (null until it answers). */
  readonly draft: SheetDraft | null
}

export type Health =
  | { readonly ok: true; readonly maxHp: number; readonly rules?: JsonValue; readonly fromSheet: boolean }
  | { readonly ok: false; readonly message: string }

/** Max HP is asked only when the sheet does not set it. */
export function asksMaxHp(s: Pick<HealthSource, 'derives' | 'withSheet'>): boolean {
  return !(s.derives && s.withSheet)
}

/** The health (and sheet) the add or roster command carries, or why the form cannot be sent yet. */
export function healthOf(s: HealthSource): Health {
  const typed = typedHealth(s.typedMaxHp)
  if (!s.withSheet) return typed
  if (!s.draft) return { ok: false, message: 'The sheet is still being worked out; try again in a moment.' }
  if (!s.draft.derived) return { ok: false, message: `The sheet has a problem: ${s.draft.problem?.message ?? 'it does not read'}` }
  const derived = s.draft.derived
  if (derived.maxHp !== null) return { ok: true, maxHp: derived.maxHp, rules: derived.rules, fromSheet: true }
  return typed.ok ? { ...typed, rules: derived.rules } : typed
}

function typedHealth(n: number | null): Health {
  if (n === null || !Number.isInteger(n) || n < 1 || n > 100_000)
    return { ok: false, message: 'Max HP must be a whole number from 1 to 100000.' }
  return { ok: true, maxHp: n, fromSheet: false }
}

/** Whether two sets of form values say the same (the panel asks before dropping edits). */
export function sameValues(a: FormValues, b: FormValues): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  for (const k of keys) if (a[k] !== b[k]) return false
  return true
}
