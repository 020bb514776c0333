import type { ExplanationSection } from '../../src-shared/attack'
import type { ConditionDurationInput } from '../../src-shared/commands'
import type { RollRecord } from '../../src-shared/dice'
import type { JsonValue } from '../../src-shared/json'
import type { CombatantId, ConditionInstance, PromptRecord } from '../../src-shared/records'
import type { StoryOutcome } from '../../src-shared/table-story'

/*
 * What a ruleset hands back to the core when it resolves something: the new data, the costs,
 * the conditions and prompts it sets off, and the story for the log. The core turns these into
 * ordinary events; see ruleset.ts for the questions that produce them.
 */

/** A change to someone's initiative total that a resolution makes at once; the order re-sorts around it. */
export interface InitiativeShift {
  readonly combatantId: CombatantId
  readonly delta: number
  /** For the log ("reacted", "recoil"). */
  readonly why: string
}

/** Some of a pool spent by an action or attack (1 action, 1 reaction…). */
export interface PoolCost {
  readonly pool: string
  readonly amount: number
}

/** A condition a resolution puts on someone; the core anchors its duration. */
export interface ConditionGrant {
  readonly conditionId: string
  readonly stacks: number
  readonly duration: ConditionDurationInput
  readonly sourceId: CombatantId | null
  readonly data: JsonValue | null
  /** A zone of this radius (metres) on the map, drawn while it lasts (a suppression area)… */
  readonly areaRadius?: number
  /** …centred where this combatant stands (the aimed-at target), or else on the bearer… */
  readonly areaAround?: CombatantId
  /**
   * …and, when set, stretched into a lane from that centre to where this combatant stands: every
   * point within `areaRadius` of the segment (a fire lane held by suppressing fire).
   */
  readonly areaTo?: CombatantId
}

/** Conditions a resolution adds to or takes from one combatant (by condition id). */
export interface ConditionChange {
  readonly combatantId: CombatantId
  readonly add?: readonly ConditionGrant[]
  /** Every instance of these condition ids ends, whoever put it there. */
  readonly remove?: readonly string[]
  /** Only the instance one source put there ends (a per-source condition: the others stay). */
  readonly removeFromSource?: readonly SourcedCondition[]
}

/** One source's instance of a condition (SR-CORE-1). */
export interface SourcedCondition {
  readonly conditionId: string
  readonly sourceId: CombatantId | null
}

/** A reaction the resolution makes possible, for the GM to resolve or dismiss. */
export type PromptDraft = Omit<PromptRecord, 'typeName' | 'id'>

/** What an action or attack costs and sets off, beyond the two combatants' data. */
export interface Consequences {
  /** Spent from the actor's pools when it is the actor's turn. */
  readonly cost?: readonly PoolCost[]
  /** The rest of the turn is forgone (suppressing fire). */
  readonly endsTurn?: boolean
  /** May cost more than is left: it spends what is left and runs on (a long reload). */
  readonly overrun?: boolean
  /** Out of turn it costs a reaction, unless the rules make it free (a suppressor's automatic shot). */
  readonly outOfTurn?: 'reaction' | 'free'
  readonly conditions?: readonly ConditionChange[]
  readonly prompts?: readonly PromptDraft[]
  /** Initiative changes made at once (a reaction paid for in initiative); the order re-sorts live. */
  readonly initiative?: readonly InitiativeShift[]
  /**
   * Pools other combatants spend through it (the defender's reaction inside an attack), charged
   * while a round runs; refused when the pool has too little left, like the actor's own cost.
   */
  readonly othersSpend?: readonly OtherSpend[]
  /**
   * New rules data for combatants other than the actor and the target, set off by what happened
   * to them (an aimer whose target fell stops aiming). Never the actor's or the target's: those
   * change through their own fields.
   */
  readonly othersRules?: readonly RulesChange[]
}

/** Another combatant's rules data, as a resolution leaves it. */
export interface RulesChange {
  readonly combatantId: CombatantId
  readonly rules: JsonValue
}

/** Some of another combatant's pool spent by a resolution. */
export interface OtherSpend extends PoolCost {
  readonly combatantId: CombatantId
}

/** What a turn or encounter edge did to one combatant. */
export interface EdgeEffects {
  readonly rules: JsonValue | null
  readonly hp: number
  /** One line each for the log, in the order they happened. */
  readonly lines: readonly string[]
  readonly rolls: readonly RollRecord[]
  /** The combatant's conditions after the edge (ticks wear stacks down…), or absent for unchanged. */
  readonly conditions?: readonly ConditionInstance[]
  /** Spent before the turn begins (an action lost to hitting the dirt). */
  readonly spend?: readonly PoolCost[]
  /** Added to its initiative total, re-sorting the order (a penalty carried into the new round). */
  readonly initiativeDelta?: number
  /** Others' rules data it changed (read for hand-typed damage only): see `Consequences.othersRules`. */
  readonly othersRules?: readonly RulesChange[]
}

/** What an area action did to one combatant under the template (null: unchanged). */
export interface AreaEffect {
  readonly combatantId: CombatantId
  readonly rules: JsonValue | null
  readonly hp: number | null
}

/** What an action did: new data for the actor (and target), and the story for the log. */
export interface ActionResolution extends Consequences {
  readonly actorRules: JsonValue | null
  readonly actorHp: number
  readonly targetRules: JsonValue | null
  readonly targetHp: number | null
  /**
   * For an action aimed at an area: the changes to those under it other than the actor and the
   * target (whose changes go in the fields above). The core refuses one naming anybody else.
   */
  readonly areaEffects?: readonly AreaEffect[]
  /**
   * For an action aimed at an area whose burst comes down elsewhere (a thrown grenade that
   * scatters): where, in metres on the scene. The core moves the template there in the same step
   * (undo puts it back) and holds `areaEffects` to those under it there; the table is told where it
   * landed and who it hit, or that it hit no one.
   */
  readonly landed?: { readonly x: number; readonly y: number }
  readonly summary: string
  readonly detail: readonly ExplanationSection[]
  readonly rolls: readonly RollRecord[]
  /** What came of it in the table's words ("acts first"), for the table's story; absent, the table reads the act itself. */
  readonly outcome?: StoryOutcome
}

/** What an attack did: the new data for both sides, and the story for the log. */
export interface AttackResolution extends Consequences {
  /** Rounds that hit of those fired, where the ruleset counts them (a burst); the table shows "2 of 3 hit". */
  readonly hits?: { readonly landed: number; readonly of: number }
  readonly attackerRules: JsonValue | null
  /** The attacker's health after what the attack did to it (a blow that hurts the striker too); absent: unchanged. */
  readonly attackerHp?: number
  readonly targetRules: JsonValue | null
  readonly targetHp: number
  /**
   * The shot reached someone other than the target (a stray into a melee, drawn by the ruleset
   * among those `AimAt` gave it): `targetRules` and `targetHp` are this one's, and the story names
   * it as the one hit. Never the attacker. Absent: the target was the one reached.
   */
  readonly struck?: CombatantId
  readonly summary: string
  readonly detail: readonly ExplanationSection[]
  readonly rolls: readonly RollRecord[]
}
