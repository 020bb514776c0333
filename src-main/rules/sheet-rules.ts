import type { JsonValue } from '../../src-shared/json'

/* What a ruleset's sheets come to: a parsed sheet and its derived health, a ready-made NPC. */

/** A ready-made NPC a ruleset offers, added to the roster as a template the GM can edit. */
export interface QuickNpc {
  readonly name: string
  readonly maxHp: number
  readonly initiativeModifier: number
  /** Ruleset input for `combatantRules.parse`. */
  readonly rules: JsonValue
  readonly tags: readonly string[]
}

export interface ParsedRules {
  readonly data: JsonValue
  /** Max HP the rules derive (from its attributes), or null to keep the GM's number. */
  readonly maxHp: number | null
}
