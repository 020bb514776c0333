import type { ActionRequest, AttackRequest } from './attack'
import type { CombatantId, SceneId, Side } from './records'

/*
 * Issue 17: the rules engine plays the fight ahead of the table. What a window sees of it: the
 * autopilot's suggestion for a combatant's turn, and a forecast's progress as it refines.
 */

/** What the autopilot may do: an ordinary command of the desk, nothing of its own. */
export type AutopilotCommand =
  | { readonly type: 'attack/resolve'; readonly payload: { readonly request: AttackRequest } }
  | { readonly type: 'action/perform'; readonly payload: { readonly request: ActionRequest } }
  | { readonly type: 'encounter/nextTurn'; readonly payload: Record<string, never> }
  /** A move on the map (issue 31): towards an opponent no attack reaches yet, paid for as any drag on its own turn is. */
  | {
      readonly type: 'token/place'
      readonly payload: { readonly sceneId: SceneId; readonly combatantId: CombatantId; readonly x: number; readonly y: number }
    }

/** The exact odds of the act a suggestion names, from the ruleset's own preview. */
export interface SuggestionOdds {
  /** The chance of at least one hit, where the ruleset names outcomes; null when it does not. */
  readonly hit: number | null
  readonly expectedDamage: number
  readonly downChance: number
  /** The chance of something going wrong for the actor (a jam…), from the preview's risks. */
  readonly risk: number
}

export interface Suggestion {
  readonly actorId: CombatantId
  readonly actorName: string
  /** One line: "Burst with the Anvil Arms C25 at Vex". */
  readonly label: string
  readonly command: AutopilotCommand
  readonly odds: SuggestionOdds | null
  /** Why, in words: the policy's reasons, best first. */
  readonly reasons: readonly string[]
  /** The runners-up, best first, for a "what if" between two of them. */
  readonly alternatives: readonly { readonly label: string; readonly command: AutopilotCommand; readonly odds: SuggestionOdds | null }[]
}

/** Why "Run NPC turns" stopped. */
export type AutopilotStop = 'player' | 'prompt' | 'over' | 'limit' | 'refused' | 'noTurn'

export interface AutopilotRun {
  /** Commands issued (each journaled and undone on its own). */
  readonly acts: number
  readonly stopped: AutopilotStop
  /** What stopped it, in words ("Vex's turn: a player acts."). */
  readonly message: string
}

/** The two sides a forecast counts: the party with its allies, and the enemies. Neutrals stand by. */
export type ForecastTeam = 'party' | 'enemy'

export const teamOf = (side: Side): ForecastTeam | null =>
  side === 'party' || side === 'ally' ? 'party' : side === 'enemy' ? 'enemy' : null

/** How often something happened in the fights played so far, with its 95% interval's half-width. */
export interface ForecastShare {
  readonly count: number
  readonly share: number
  readonly interval: number
}

/** One line of play forecast: from the state on screen, or with the acting combatant's first act fixed. */
export interface ForecastVariant {
  readonly label: string
  readonly fights: number
  readonly partyWins: ForecastShare
  readonly enemyWins: ForecastShare
  /** Fights still going at the round cap. */
  readonly undecided: ForecastShare
  /** Fights where at least one party member was down (or worse) at the end: "someone in the party goes down". */
  readonly partyDown: ForecastShare
  /** Fights that ended after N rounds, at index N (index 0 unused); the last slot holds the cap. */
  readonly rounds: readonly number[]
  /** The shortest span of rounds holding most fights ("3–5 rounds"), or null before any ended. */
  readonly likelyRounds: { readonly from: number; readonly to: number; readonly share: number } | null
  readonly combatants: readonly {
    readonly id: CombatantId
    readonly name: string
    readonly team: ForecastTeam
    /** Down (or worse) at the end of a fight. */
    readonly down: ForecastShare
    readonly dead: ForecastShare
  }[]
}

export type ForecastState = 'running' | 'done' | 'cancelled' | 'failed'

/** Pushed to the window that asked, each time more fights finish. */
export interface ForecastProgress {
  readonly jobId: string
  readonly state: ForecastState
  /** Fights played, over every variant, out of `total`. */
  readonly done: number
  readonly total: number
  readonly variants: readonly ForecastVariant[]
  /** Things the GM should know about the fight as set up ("Vex has no usable weapon"). */
  readonly notes: readonly string[]
  /** Why it failed, when it did. */
  readonly problem: string | null
  /** Milliseconds since it started, for the panel's "2,000 fights in 1.9 s". */
  readonly elapsedMs: number
}

/** The bounds the outside world gets: fights per forecast, fixed first acts to compare, rounds per fight. */
export const FORECAST_LIMITS = { maxFights: 20_000, defaultFights: 2_000, maxWhatIf: 2, roundCap: 30, maxRunActs: 200 } as const
