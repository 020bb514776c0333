import type { ExplanationSection } from './attack'
import type { RollRecord } from './dice'
import type { JsonValue } from './json'

/**
 * Campaign state is a flat map of records keyed by id, each tagged by `typeName`
 * (tldraw store style). Ids carry their type as a prefix so a mix-up is visible in logs.
 */
export type CampaignRecordId = 'campaign'
export type CombatantId = `combatant:${string}`
export type EncounterId = `encounter:${string}`
export type LogEntryId = `log:${string}`

export const SIDES = ['party', 'ally', 'neutral', 'enemy'] as const
export type Side = (typeof SIDES)[number]

/** Player characters' numbers are public at the table; NPCs' are the GM's secret. */
export const COMBATANT_KINDS = ['pc', 'npc'] as const
export type CombatantKind = (typeof COMBATANT_KINDS)[number]

export interface CampaignRecord {
  readonly typeName: 'campaign'
  readonly id: CampaignRecordId
  readonly name: string
  /** Which ruleset resolves this campaign's rolls (see src-main/rules). */
  readonly rulesetId: string
  readonly createdAt: string
}

export interface InitiativeResult {
  readonly roll: RollRecord
  readonly total: number
  /** Roll-off faces used only to break ties, in order (empty when there was no tie). */
  readonly tieBreak: readonly number[]
}

export interface CombatantRecord {
  readonly typeName: 'combatant'
  readonly id: CombatantId
  readonly name: string
  readonly side: Side
  readonly kind: CombatantKind
  readonly hp: number
  readonly maxHp: number
  readonly initiativeModifier: number
  /** Hidden combatants are the GM's secret: never projected to the players. */
  readonly hidden: boolean
  /** Null until initiative is rolled for the current encounter. */
  readonly initiative: InitiativeResult | null
  /** Turn order is a sort key (ascending acts first), never an array position. */
  readonly orderKey: number | null
  /** The campaign ruleset's data for this combatant (sheet, equipment, live state); only the ruleset reads it. */
  readonly rules: JsonValue | null
}

export type EncounterStatus = 'active' | 'ended'

export interface EncounterRecord {
  readonly typeName: 'encounter'
  readonly id: EncounterId
  readonly name: string
  readonly status: EncounterStatus
  /** 0 before initiative is rolled; 1.. once turns run. */
  readonly round: number
  readonly currentCombatantId: CombatantId | null
  /**
   * Set when the acting combatant is removed mid-turn: its sort key, so the next turn goes to
   * whoever came after it rather than restarting the round.
   */
  readonly turnAnchor: number | null
}

export type LogVisibility = 'all' | 'gm'

export interface LogEntryRecord {
  readonly typeName: 'log'
  readonly id: LogEntryId
  /** Monotonic position in the log; the UI sorts by it. */
  readonly seq: number
  readonly commandId: string
  /** Round in which it happened (0 outside turns). */
  readonly round: number
  readonly text: string
  readonly rolls: readonly RollRecord[]
  readonly visibility: LogVisibility
  /** The full working (modifiers with their rules, each round), for entries that resolve something. */
  readonly detail?: readonly ExplanationSection[]
}

export type ContentItemId = `content:${string}`

/** An item the GM added or edited for this campaign, layered over the ruleset's shipped content. */
export interface ContentItemRecord {
  readonly typeName: 'content'
  readonly id: ContentItemId
  /** The ruleset's section (e.g. 'ranged-weapons') and the entry's own id within it. */
  readonly section: string
  readonly itemId: string
  readonly name: string
  readonly entry: JsonValue
}

/** Records every window may be sent (after projection). */
export type DomainRecord = CampaignRecord | CombatantRecord | EncounterRecord | LogEntryRecord | ContentItemRecord

export type DomainRecordId = DomainRecord['id']
