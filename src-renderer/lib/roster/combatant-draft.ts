import type { JsonValue } from '../../../src-shared/json'
import type { CombatantKind, Side, TemplateId } from '../../../src-shared/records'

/**
 * What the one combatant form hands back (issue 16: "Add combatant" and the roster's entries
 * share it). `rules` is absent to keep a roster entry's sheet, null to drop it.
 */
export interface CombatantDraft {
  name: string
  side: Side
  kind: CombatantKind
  maxHp: number
  initiativeModifier: number
  hidden: boolean
  faction: string
  tags: string[]
  rules?: JsonValue | null
}

/** Where the form starts: a roster entry, or blank fields. */
export interface CombatantInitial {
  readonly name: string
  readonly side: Side
  readonly kind: CombatantKind
  readonly maxHp: number
  readonly initiativeModifier: number
  readonly faction?: string
  readonly tags?: readonly string[]
}

/** Adding to the encounter, a new roster entry, or an entry being edited (whose sheet it may keep). */
export type FormMode =
  | { readonly kind: 'add' }
  | { readonly kind: 'new-template' }
  | { readonly kind: 'edit-template'; readonly templateId: TemplateId; readonly hasSheet: boolean }
