import type { ActionRequest, AttackRequest } from './attack'
import type { RollRecord } from './dice'
import type { JsonValue } from './json'
import type { CombatantId, CombatantKind, PlanId, PromptId, SceneId, Side, TemplateId } from './records'
import type { SceneImage } from './scene-records'

/** Combatants and what goes on them (initiative, conditions, held actions), the roster's entries, saved line-ups and reaction prompts. */

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
  /** A picture for its token, stored in the campaign folder like scene images; absent: initials. */
  readonly portrait?: SceneImage
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
  /** Issue 35's difficulty badge, from a forecast run after the save; absent on encounters saved before it. */
  readonly badge?: PlanBadge | null
}

/** A saved encounter's difficulty: the party's win chance and down risk, and which party it was forecast for. */
export interface PlanBadge {
  /** Shares 0–1 with their 95% intervals' half-widths. */
  readonly win: number
  readonly winInterval: number
  /** Fights where someone in the party went down. */
  readonly down: number
  readonly downInterval: number
  readonly fights: number
  /** When the forecast ended (ISO 8601). */
  readonly at: string
  /** `partyFingerprint` of the party it was forecast for: another one means the badge is stale. */
  readonly party: string
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
