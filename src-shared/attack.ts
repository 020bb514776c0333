import type { AreaMarkId, CombatantId } from './records'

/**
 * Ruleset-agnostic attack envelope: the UI names the attacker, target, weapon and mode, and
 * sets the ruleset's own toggles by key. It never names a rule; the ruleset describes them.
 */
export interface AttackRequest {
  readonly attackerId: CombatantId
  readonly targetId: CombatantId
  /** Index into the attacker's weapon list, as the ruleset's card lists them. */
  readonly weapon: number
  readonly mode: string
  /** The ruleset's situational toggles and numbers (cover, stance, aim, distance…), by key. */
  readonly options: Readonly<Record<string, string | number | boolean>>
}

/** Anything else a combatant does that the rules resolve (reload, stabilise, change stance…). */
export interface ActionRequest {
  readonly actorId: CombatantId
  /** A key from the ruleset's action list for this actor. */
  readonly action: string
  readonly targetId: CombatantId | null
  /**
   * An area template on the scene in play that the action is aimed at (a grenade's blast): the
   * core hands the ruleset everyone whose token is under it. Only for an action whose target is 'area'.
   */
  readonly areaId?: AreaMarkId
  readonly options: Readonly<Record<string, string | number | boolean>>
}

/** An action the ruleset offers this actor, with its own options. */
export interface ActionDefinition {
  readonly key: string
  readonly label: string
  /**
   * 'any' needs a target picked; 'none' acts on the actor; 'area' needs an area template on the
   * scene in play picked (and may name a target too, e.g. the one it is thrown at).
   */
  readonly target: 'none' | 'any' | 'area'
  readonly options: readonly FormField[]
  /** What it costs, in words ("1 action", "ends the turn"). */
  readonly cost: string
  /** Why it cannot be taken right now (e.g. no spare magazines), or null. */
  readonly unavailable: string | null
  /**
   * Whom the act is for, so the panel's "On" starts there: 'friend' for a buff (the actor itself
   * or its side), 'foe' for a harmful act (the other side). Absent: the GM picks.
   */
  readonly aimsAt?: 'friend' | 'foe'
}

/** One outcome of an act's dice and how likely it is. */
export interface OddsBand {
  readonly label: string
  readonly probability: number
}

/** Exact odds of an action (not an attack) as the GM sees them before rolling. */
export interface ActionOdds {
  /** Mutually exclusive outcomes of the act's dice, summing to 1; empty when it rolls none. */
  readonly outcomes: readonly OddsBand[]
  /** Each one the act reaches (a suppression zone's targets), with that one's own outcomes. */
  readonly each: readonly { readonly name: string; readonly outcomes: readonly OddsBand[] }[]
  /** A word on the odds ("No dice: it simply happens", "rolled only when someone moves in the lane"). */
  readonly note: string | null
  /** The act cannot be made as set up, and why. */
  readonly blocked: string | null
  readonly explanation: readonly ExplanationSection[]
}

/**
 * One field of a form the ruleset describes and the UI draws without knowing the rule: an
 * attack's or action's option, a sheet field, a ruleset setting. With its current value.
 */
export type FormField =
  | { readonly key: string; readonly label: string; readonly kind: 'toggle'; readonly value: boolean; readonly hint?: string }
  | {
      readonly key: string
      readonly label: string
      readonly kind: 'number'
      readonly value: number
      readonly unit?: string
      readonly min?: number
      readonly max?: number
    }
  | {
      readonly key: string
      readonly label: string
      readonly kind: 'choice'
      readonly value: string
      readonly choices: readonly { readonly value: string; readonly label: string }[]
    }

/** A line of an explanation: what, how much, and the rule it came from. */
export interface ExplanationLine {
  readonly label: string
  readonly value: string
  readonly source?: string
  readonly enabled?: boolean
  /**
   * The number on this line can be edited in place: `key` is a field key of the ruleset's sheet
   * form, so the UI submits `combatant/setSheet { values: { [key]: n } }` over the current sheet.
   */
  readonly edit?: { readonly key: string; readonly kind: 'number'; readonly value: number; readonly min?: number; readonly max?: number }
}

export interface ExplanationSection {
  readonly title: string
  readonly lines: readonly ExplanationLine[]
  readonly total?: string
}

/** Exact odds of an attack as the GM sees them before rolling. */
export interface AttackPreview {
  readonly weapons: readonly { readonly index: number; readonly name: string; readonly modes: readonly string[] }[]
  readonly options: readonly FormField[]
  /** Mutually exclusive outcomes of the (first) roll: miss, hit, critical… with probabilities. */
  readonly outcomes: readonly { readonly label: string; readonly probability: number }[]
  /** Side probabilities that overlap the outcomes (jam…). */
  readonly risks: readonly { readonly label: string; readonly probability: number }[]
  readonly expectedDamage: number
  readonly downChance: number
  /** Health damage distribution after shields and armour. */
  readonly damage: readonly { readonly amount: number; readonly probability: number }[]
  readonly explanation: readonly ExplanationSection[]
  /** Set when the attack cannot succeed or cannot be made, and why. */
  readonly blocked: string | null
  /** How many dice the resolution may ask for, and which, for typing physical dice. */
  readonly diceHint: string
  /** What it costs, in words ("1 action"). */
  readonly cost: string
  /** One line the map shows on hover: the range band and the chance that matters ("22 m · bracket 2 of 3 · misses on 1–4"). */
  readonly headline?: string
  /**
   * The cover the odds used and where it came from (issue 34), for the panel to show in view: "Low
   * cover at C4 hides 45% of Raider: partial cover, +2 miss". Absent when no cover counts.
   */
  readonly cover?: string
}
