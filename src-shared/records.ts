import type { ExplanationSection } from './attack'
import type { CombatantRecord, PlanRecord, PromptRecord, TemplateRecord } from './combatant-records'
import type { RollRecord } from './dice'
import type { JsonValue } from './json'
import type { AreaMarkRecord, ProjectorRecord, SceneRecord, TokenRecord, WallRecord } from './scene-records'
import type { TableStoryRecord } from './table-story'

// The record families live in their own modules; this one is where everyone imports them from.
export * from './combatant-records'
export * from './scene-records'

/**
 * Campaign state is a flat map of records keyed by id, each tagged by `typeName`
 * (tldraw store style). Ids carry their type as a prefix so a mix-up is visible in logs.
 */
export type CampaignRecordId = 'campaign'
export type CombatantId = `combatant:${string}`
export type EncounterId = `encounter:${string}`
export type LogEntryId = `log:${string}`
export type TemplateId = `template:${string}`
export type PlanId = `plan:${string}`
export type PromptId = `prompt:${string}`
export type SceneId = `scene:${string}`
export type TokenId = `token:${string}`
export type AreaMarkId = `areaMark:${string}`
export type WallId = `wall:${string}`

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
  /** The campaign's choices for the ruleset's settings (absent keys keep the ruleset's defaults). */
  readonly rulesetSettings?: Readonly<Record<string, string | number | boolean>>
  readonly createdAt: string
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
  /**
   * Set when the fight opened with a surprise round (issue 14 E5): round 1 is that round, in which
   * only `actorIds` take turns; the first normal round is round 2 (SR-CORE-20). Absent in
   * documents written before it, and for a fight without surprise.
   */
  readonly surprise?: EncounterSurprise
}

/** Who acts in the surprise round, and who was caught unaware (the log and the ribbon name them). */
export interface EncounterSurprise {
  readonly actorIds: readonly CombatantId[]
  readonly surprisedIds: readonly CombatantId[]
}

/** The round a surprise takes (SR-CORE-20). */
export const SURPRISE_ROUND = 1

/** Whether `round` of this encounter is its surprise round. */
export const isSurpriseRound = (e: Pick<EncounterRecord, 'surprise'>, round: number): boolean =>
  e.surprise !== undefined && round === SURPRISE_ROUND

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
  /** The combatants it is about, for the log's filter. */
  readonly subjects?: readonly CombatantId[]
  /** Issue 17: the autopilot chose the act (the GM pressed Do it or Run NPC turns). */
  readonly autopilot?: true
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
export type DomainRecord =
  | CampaignRecord
  | CombatantRecord
  | EncounterRecord
  | LogEntryRecord
  | ContentItemRecord
  | TemplateRecord
  | PlanRecord
  | PromptRecord
  | SceneRecord
  | TokenRecord
  | AreaMarkRecord
  | WallRecord
  | ProjectorRecord
  | TableStoryRecord

export type DomainRecordId = DomainRecord['id']
