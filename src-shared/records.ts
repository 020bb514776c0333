import type { ActionRequest, AttackRequest, ExplanationSection } from './attack'
import type { RollRecord } from './dice'
import type { SceneFog } from './fog'
import type { JsonValue } from './json'

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

export interface InitiativeResult {
  readonly roll: RollRecord
  readonly total: number
  /** Roll-off faces used only to break ties, in order (empty when there was no tie). */
  readonly tieBreak: readonly number[]
}

/**
 * How long a condition lasts. Round counts are anchored to whose turn it was when it was put
 * on (the usual "same initiative count, N rounds later"); the turn-edge kinds name the
 * combatant whose turn start or end ends it ("until the start of the suppressor's next turn").
 */
export type ConditionDuration =
  | { readonly kind: 'indefinite' }
  | { readonly kind: 'rounds'; readonly rounds: number; readonly endsRound: number; readonly at: CombatantId | null }
  | { readonly kind: 'turnStart'; readonly of: CombatantId }
  | { readonly kind: 'turnEnd'; readonly of: CombatantId }

/** One condition on one combatant: which (a ruleset condition id), how strong, until when. */
export interface ConditionInstance {
  /** Unique on this combatant; removal and the UI use it. */
  readonly key: string
  readonly conditionId: string
  readonly label: string
  readonly stacks: number
  readonly duration: ConditionDuration
  /** Who caused it (the suppressor, the burning grenade's thrower…), if anyone. */
  readonly sourceId: CombatantId | null
  /** The ruleset's own numbers for it (a suppression level…); opaque to the core. */
  readonly data: JsonValue | null
  /** The GM's note; never shown to the players. */
  readonly note: string
  /**
   * A zone on the map that goes with it (a suppression area): centred where the bearer's token
   * stood on the scene in play when it went on; it ends with the condition.
   */
  readonly area?: ConditionArea
}

export interface ConditionArea {
  readonly sceneId: SceneId
  readonly x: number
  readonly y: number
  /** Metres. */
  readonly radius: number
  /** A lane rather than a circle: every point within `radius` of the segment from (x, y) to here. */
  readonly to?: { readonly x: number; readonly y: number }
}

/** Actions set aside until a declared trigger (held actions). */
export interface HeldAction {
  readonly trigger: string
  /** How many of the turn's actions wait for it. */
  readonly amount: number
  /** The trigger came: these actions may be used now, out of turn. */
  readonly released: boolean
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
  readonly conditions: readonly ConditionInstance[]
  /** How much of each of the ruleset's economy pools is spent (reset at turn and round edges). */
  readonly spent: Readonly<Record<string, number>>
  /** Gave up its place this round; acts when the GM says, then keeps the new place. */
  readonly delayed: boolean
  readonly held: HeldAction | null
  /** The roster entry it was spawned from, if any ("Raider 3" of the Raider template). */
  readonly templateId: TemplateId | null
}

/** The turn-state fields every combatant starts with. */
export const FRESH_TURN_STATE = { conditions: [], spent: {}, delayed: false, held: null, templateId: null } as const satisfies Pick<
  CombatantRecord,
  'conditions' | 'spent' | 'delayed' | 'held' | 'templateId'
>

/** A reusable character or NPC in the campaign's roster: copied into encounters, never fought itself. */
export interface TemplateRecord {
  readonly typeName: 'template'
  readonly id: TemplateId
  readonly name: string
  readonly side: Side
  readonly kind: CombatantKind
  readonly maxHp: number
  readonly initiativeModifier: number
  readonly rules: JsonValue | null
  /** Who they fight for ("Red Hand raiders"); the roster filters on it. */
  readonly faction: string
  readonly tags: readonly string[]
}

/** A saved line-up of roster entries, started again as a new encounter. */
export interface PlanRecord {
  readonly typeName: 'plan'
  readonly id: PlanId
  readonly name: string
  readonly entries: readonly { readonly templateId: TemplateId; readonly count: number; readonly hidden: boolean }[]
  readonly groupInitiative: boolean
}

/**
 * A reaction the rules allow, waiting for the GM: the trigger fired (a suppressed target broke
 * cover, a held action's moment came) and the GM resolves or dismisses it.
 */
export interface PromptRecord {
  readonly typeName: 'prompt'
  readonly id: PromptId
  readonly reactorId: CombatantId
  readonly targetId: CombatantId | null
  readonly text: string
  /** What resolving it does: an attack or an action through the ruleset, prepared. */
  readonly resolve:
    | { readonly kind: 'attack'; readonly request: AttackRequest }
    | { readonly kind: 'action'; readonly request: ActionRequest }
    | { readonly kind: 'note' }
  /** The exact odds of the reaction, worked out when it was prompted. */
  readonly odds: string
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
  /** The combatants it is about, for the log's filter. */
  readonly subjects?: readonly CombatantId[]
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

/** A background image stored inside the campaign folder (content-addressed), never a path on the GM's disk. */
export interface SceneImage {
  /** sha256 of the bytes, hex; the file is `assets/<hash>.<ext>` in the campaign folder. */
  readonly hash: string
  readonly ext: 'png' | 'jpg' | 'webp'
  readonly width: number
  readonly height: number
  /** The name the GM's file had, for the scene list. */
  readonly fileName: string
}

/** How image pixels map to metres: a square grid of so many pixels per cell, or no grid at all. */
export type SceneGrid =
  | { readonly kind: 'square'; readonly cellPx: number; readonly metresPerCell: number; readonly offsetX: number; readonly offsetY: number }
  | { readonly kind: 'none'; readonly pxPerMetre: number }

/** A battle map: an image, its scale, and which one the table is looking at. */
export interface SceneRecord {
  readonly typeName: 'scene'
  readonly id: SceneId
  readonly name: string
  readonly image: SceneImage | null
  readonly grid: SceneGrid
  /** The scene on the table (the players see only this one). */
  readonly active: boolean
  /** What the table may see of it; absent on scenes made before fog existed (all revealed, see `fogOf`). */
  readonly fog?: SceneFog
}

/**
 * One combatant's place on one scene, in metres from the image's top-left corner. A record of
 * its own so a move sends a few bytes, not the scene.
 */
export interface TokenRecord {
  readonly typeName: 'token'
  readonly id: TokenId
  readonly sceneId: SceneId
  readonly combatantId: CombatantId
  readonly x: number
  readonly y: number
}

export const PROJECTOR_MODES = ['fit', 'follow', 'mirror', 'fixed'] as const
export type ProjectorMode = (typeof PROJECTOR_MODES)[number]

/** A part of the scene to show: its centre and how much of it, in metres. */
export interface ProjectorView {
  readonly x: number
  readonly y: number
  readonly w: number
  readonly h: number
}

/**
 * What the projector shows of the scene in play: the whole map, the acting combatant, the GM's
 * own view, or a view the GM fixed — or nothing at all (blank). One per campaign.
 */
export interface ProjectorRecord {
  readonly typeName: 'projector'
  readonly id: 'projector'
  readonly mode: ProjectorMode
  /** The view for 'mirror' and 'fixed' (and the size 'follow' frames); null until the GM sets one. */
  readonly view: ProjectorView | null
  readonly blank: boolean
}

export const DEFAULT_PROJECTOR: ProjectorRecord = { typeName: 'projector', id: 'projector', mode: 'fit', view: null, blank: false }

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
  | ProjectorRecord

export type DomainRecordId = DomainRecord['id']
