import type { JsonValue } from '../../../src-shared/json'
import type { CombatantKind, Side } from '../../../src-shared/records'

/** The one combatant form's answer, as far as a roster entry keeps it (no hidden flag: that is chosen per spawn). */
export interface TemplateFields {
  readonly name: string
  readonly side: Side
  readonly kind: CombatantKind
  readonly maxHp: number
  readonly initiativeModifier: number
  readonly faction: string
  readonly tags: readonly string[]
  /** Absent: keep the entry's sheet; null: drop it. */
  readonly rules?: JsonValue | null
}

/** `template/save`'s payload from the form: `rules` only when the form changed the sheet. */
export function templatePayload(d: TemplateFields) {
  const { name, side, kind, maxHp, initiativeModifier, faction } = d
  return { name, side, kind, maxHp, initiativeModifier, faction, tags: [...d.tags], ...(d.rules === undefined ? {} : { rules: d.rules }) }
}
