import type { ExplanationSection } from './attack'
import type { JsonValue } from './json'
import type {
  CampaignRecord,
  CombatantId,
  ContentItemRecord,
  CombatantKind,
  EncounterRecord,
  InitiativeResult,
  LogEntryRecord,
  Side,
} from './records'

/** Coarse health the players may see for a combatant whose numbers are secret. */
export const HEALTH_BANDS = ['unhurt', 'hurt', 'bloodied', 'down'] as const
export type HealthBand = (typeof HEALTH_BANDS)[number]

export type CombatantNumbers =
  | { readonly kind: 'exact'; readonly hp: number; readonly maxHp: number; readonly initiativeModifier: number }
  | { readonly kind: 'secret'; readonly band: HealthBand }

/**
 * A combatant as one window sees it. The GM projection keeps every number; the player
 * projection replaces an NPC's numbers with a band, so there is no field to leak.
 */
export interface CombatantView {
  readonly typeName: 'combatant'
  readonly id: CombatantId
  readonly name: string
  readonly side: Side
  readonly kind: CombatantKind
  readonly hidden: boolean
  readonly numbers: CombatantNumbers
  readonly initiative: InitiativeResult | 'secret' | null
  readonly orderKey: number | null
  /** GM only: the ruleset's data and its rendered card (null in the player view). */
  readonly rules: JsonValue | null
  readonly card: readonly ExplanationSection[] | null
}

export type ViewRecord = CampaignRecord | CombatantView | EncounterRecord | LogEntryRecord | ContentItemRecord
export type ViewRecordId = ViewRecord['id']

/** Which window a projection is for. */
export type ViewRole = 'gm' | 'player'

export function healthBand(hp: number, maxHp: number): HealthBand {
  if (hp <= 0) return 'down'
  if (hp >= maxHp) return 'unhurt'
  return hp * 2 > maxHp ? 'hurt' : 'bloodied'
}
