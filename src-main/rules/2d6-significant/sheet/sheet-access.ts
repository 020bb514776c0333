import type { JsonValue } from '../../../../src-shared/json'
import type { RulesCombatant } from '../../ruleset'
import type { Sheet } from './sheet-schema'

/** The core hands back what `parse` accepted, so a present sheet is a parsed one. */
export const sheetOf = (c: RulesCombatant): Sheet | null => c.rules as unknown as Sheet | null

export const asJson = (s: Sheet): JsonValue => s as unknown as JsonValue

/** T1/T2: hits the body can take before it drops — our reading: STR + DEX + END (the `004` document gives no damage track). */
export const maxHitsOf = (s: Pick<Sheet, 'characteristics'>): number =>
  Math.max(1, s.characteristics.str + s.characteristics.dex + s.characteristics.end)
