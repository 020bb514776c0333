import type { JsonValue } from '../../../src-shared/json'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { RulesCombatant } from '../ruleset'
import type { D10Sheet } from './sheet/d10-sheet'

/** The sheet the core stored (already parsed by this ruleset when it was set). */
export const asSheet = (rules: JsonValue | null): D10Sheet | null => rules as unknown as D10Sheet | null

export const asJson = (s: D10Sheet): JsonValue => s as unknown as JsonValue

export function sheetOf(c: RulesCombatant): Result<D10Sheet> {
  const s = asSheet(c.rules)
  return s ? ok(s) : fail('rules/noSheet', `${c.name} has no d10 character sheet yet.`)
}
