import type { StoryEntry, StoryFightChange } from './table-story'
import type { JsonValue } from './json'
import type {
  AreaMarkRecord,
  WallRecord,
  CombatantId,
  CombatantKind,
  CombatantRecord,
  ContentItemRecord,
  EncounterId,
  EncounterRecord,
  EncounterSurprise,
  InitiativeResult,
  LogEntryRecord,
  PlanRecord,
  PromptRecord,
  ProjectorRecord,
  SceneImage,
  SceneRecord,
  Side,
  TemplateRecord,
  TokenRecord,
} from './records'

/** The seeded generator's complete state (seedrandom's alea), persisted with the campaign. */
export interface RngState {
  readonly c: number
  readonly s0: number
  readonly s1: number
  readonly s2: number
}

export interface CombatantChanges {
  readonly name?: string
  readonly side?: Side
  readonly kind?: CombatantKind
  readonly maxHp?: number
  readonly initiativeModifier?: number
}

/** The turn-state fields a single event may replace on a combatant. */
export type TurnStatePatch = Partial<Pick<CombatantRecord, 'conditions' | 'spent' | 'delayed' | 'held' | 'orderKey' | 'initiative'>>

/**
 * Events are facts in the past tense. They carry every die rolled and every generated id,
 * so applying them needs no randomness and a journal replays to the same state.
 */
export type DomainEvent =
  | { readonly type: 'combatant/added'; readonly record: CombatantRecord }
  | { readonly type: 'combatant/edited'; readonly combatantId: CombatantId; readonly changes: CombatantChanges }
  | { readonly type: 'combatant/removed'; readonly combatantId: CombatantId }
  | { readonly type: 'combatant/hpChanged'; readonly combatantId: CombatantId; readonly hp: number }
  | { readonly type: 'combatant/visibilityChanged'; readonly combatantId: CombatantId; readonly hidden: boolean }
  | {
      readonly type: 'combatant/rulesChanged'
      readonly combatantId: CombatantId
      readonly rules: JsonValue | null
      readonly maxHp: number | null
    }
  | { readonly type: 'combatant/portraitChanged'; readonly combatantId: CombatantId; readonly portrait: SceneImage | null }
  | { readonly type: 'combatant/turnStateChanged'; readonly combatantId: CombatantId; readonly patch: TurnStatePatch }
  | { readonly type: 'campaign/renamed'; readonly name: string }
  | { readonly type: 'campaign/rulesetSettingChanged'; readonly key: string; readonly value: string | number | boolean }
  | { readonly type: 'template/put'; readonly record: TemplateRecord }
  | { readonly type: 'template/removed'; readonly id: TemplateRecord['id'] }
  | { readonly type: 'plan/put'; readonly record: PlanRecord }
  | { readonly type: 'plan/removed'; readonly id: PlanRecord['id'] }
  | { readonly type: 'prompt/put'; readonly record: PromptRecord }
  | { readonly type: 'scene/put'; readonly record: SceneRecord }
  | { readonly type: 'scene/removed'; readonly id: SceneRecord['id'] }
  | { readonly type: 'token/put'; readonly record: TokenRecord }
  | { readonly type: 'token/removed'; readonly id: TokenRecord['id'] }
  | { readonly type: 'areaMark/put'; readonly record: AreaMarkRecord }
  | { readonly type: 'areaMark/removed'; readonly id: AreaMarkRecord['id'] }
  | { readonly type: 'wall/put'; readonly record: WallRecord }
  | { readonly type: 'wall/removed'; readonly id: WallRecord['id'] }
  | { readonly type: 'projector/put'; readonly record: ProjectorRecord }
  /** What a command told the table (issue 16): only what is new; the record's sums are worked out as it applies. */
  | { readonly type: 'story/told'; readonly fight: readonly StoryFightChange[]; readonly entries: readonly StoryEntry[] }
  | { readonly type: 'prompt/removed'; readonly id: PromptRecord['id'] }
  | { readonly type: 'content/put'; readonly record: ContentItemRecord }
  | { readonly type: 'content/removed'; readonly id: ContentItemRecord['id'] }
  | { readonly type: 'encounter/started'; readonly record: EncounterRecord }
  | {
      readonly type: 'initiative/rolled'
      readonly encounterId: EncounterId
      readonly results: readonly {
        readonly combatantId: CombatantId
        readonly initiative: InitiativeResult
        readonly orderKey: number
      }[]
    }
  | {
      readonly type: 'turn/changed'
      readonly encounterId: EncounterId
      readonly round: number
      readonly combatantId: CombatantId | null
    }
  | { readonly type: 'encounter/ended'; readonly encounterId: EncounterId }
  /** The fight opens with a surprise round (issue 14 E5). */
  | { readonly type: 'encounter/surpriseSet'; readonly encounterId: EncounterId; readonly surprise: EncounterSurprise }
  | { readonly type: 'log/written'; readonly entry: LogEntryRecord }
  | { readonly type: 'rng/advanced'; readonly state: RngState }
  | { readonly type: 'history/undone'; readonly commandId: string }
  | { readonly type: 'history/redone'; readonly commandId: string }

export type DomainEventType = DomainEvent['type']
