import type { WallIndex } from '../../src-shared/wall-geometry'
import type { GearProblem } from '../../src-shared/gear'
import type {
  ActionDefinition,
  ActionOdds,
  ActionRequest,
  FormField,
  AttackPreview,
  AttackRequest,
  ExplanationSection,
} from '../../src-shared/attack'
import type { CheckMode } from '../../src-shared/command-fields'
import type { JsonValue } from '../../src-shared/json'
import type { CombatantId, ConditionInstance, InitiativeResult, Side } from '../../src-shared/records'
import type { Footprint } from '../../src-shared/geometry'
import type { MapCover } from '../../src-shared/wall-geometry'
import type { Result } from '../../src-shared/result'
import type { Dice } from './dice'
import type { ActionResolution, AttackResolution, EdgeEffects } from './resolution'
import type { SurpriseRules } from './surprise-rules'
import type { MapArea, MapPath, MovementCost, TargetArea } from './map-rules'
import type { CheckCost, CheckOutcome, CheckRequest, RollSecrecy } from './check-rules'
import type { Tactics } from './tactics'

export type {
  InitiativeShift,
  PoolCost,
  ConditionGrant,
  ConditionChange,
  SourcedCondition,
  PromptDraft,
  Consequences,
  OtherSpend,
  EdgeEffects,
  ActionResolution,
  AreaEffect,
  AttackResolution,
  RulesChange,
} from './resolution'
export type { SurpriseOutcome, SurpriseRules } from './surprise-rules'
export type { MapArea, MapPath, MovementCost, TargetArea } from './map-rules'
export type { CheckCost, CheckOutcome, CheckRequest } from './check-rules'
export type { ParsedRules, QuickNpc } from './sheet-rules'
export type { TacticHint, Tactics } from './tactics'
import type { ParsedRules, QuickNpc } from './sheet-rules'

export interface InitiativeEntrant {
  readonly id: CombatantId
  readonly name: string
  readonly initiativeModifier: number
  /** The combatant's ruleset data (class bonuses and feats live there). */
  readonly rules?: JsonValue | null
}

/** One combatant's place in the order; the list a ruleset returns is first-to-act first. */
export interface InitiativePlacement {
  readonly combatantId: CombatantId
  readonly initiative: InitiativeResult
}

/** A combatant as a ruleset sees it when resolving something. */
/**
 * Every combatant, built only when asked (a fall looks for who aimed at the fallen, a shot from a
 * melee for who is still within reach); built per attack, it grew with the fight. Those with a
 * token on the scene in play carry its `position`.
 */
export type Everyone = () => readonly RulesCombatant[]

/**
 * The attacker's act turned on someone other than its target, placed as an act at that one would
 * be (issue 34): its position, the map's cover of it, or the refusal — no line of fire, or not
 * on the map where the attacker stands. For a shot that strays to another (`000` Firing into Melee).
 */
export type AimAt = (id: CombatantId) => Result<RulesCombatant>

export interface RulesCombatant {
  readonly id: CombatantId
  readonly name: string
  readonly hp: number
  readonly maxHp: number
  readonly rules: JsonValue | null
  readonly conditions: readonly ConditionInstance[]
  /** Its side at the table (party, ally, neutral, enemy): who counts as whose opponent. */
  readonly side?: Side
  /**
   * Where its token stands on the scene in play, in metres, and the radius of its base (absent
   * off the map). Measure with src-shared/geometry.ts: `gapBetween` for reach, `centreDistance`
   * for range, `touchesArea` for who an area reaches.
   */
  readonly position?: Footprint
  /**
   * How much of it the one acting on it cannot see, as the map has it (issue 34, SR-CORE-31): set
   * on an act's target when both stand on a scene whose walls, low cover or other combatants have a
   * say. Absent, the map says nothing and the ruleset keeps to its sheet. Each ruleset turns the
   * share into its own cover.
   */
  readonly mapCover?: TargetCover
  /** How much of each economy pool it has spent (absent: nothing spent), so a ruleset can pick which pool an act draws on. */
  readonly spent?: Readonly<Record<string, number>>
  /** It is this combatant's turn: an act now is in turn; otherwise it is a reaction. Absent: unknown (outside turns). */
  readonly acting?: boolean
  /** Actions it set aside for a trigger, if any (a ruleset may give a bonus for holding them). */
  readonly held?: { readonly amount: number; readonly released: boolean } | null
}

/** The map's cover of a target, with where it is in the GM's words ("C4", "12.5, 8 m"). */
export interface TargetCover extends MapCover {
  readonly atLabel: string | null
}

/** Where a combatant stands in the fight, as its ruleset judges it (the ribbon marks it; turns may skip it). */
export interface Standing {
  readonly state: 'up' | 'down' | 'out' | 'dead'
  /** Short words for the ribbon and card ("downed, 1/3 failed saves"). */
  readonly label: string
  /** Its turn is passed over entirely (the dead); a downed one still gets its turn for its saves. */
  readonly skipsTurn: boolean
}

/**
 * A spendable pool of the action economy: Compound X has 4 actions a turn and 3 reactions a
 * round; the d10 system 1 action, 1 reaction and 1 free action; the d20 system 2 actions and a
 * reaction; the 2d6 system a significant and a minor action.
 */
export interface EconomyPool {
  readonly key: string
  readonly label: string
  readonly count: number
  readonly per: 'turn' | 'round'
  /** The pool an out-of-turn act (a reaction) draws on. */
  readonly reaction?: boolean
}

/** A condition the GM can put on a combatant, as the ruleset defines it. */
export interface ConditionDefinition {
  readonly id: string
  readonly label: string
  /** What it does, in our words, with its numbers. */
  readonly summary: string
  /** Where the rule comes from (document section or RULINGS id). */
  readonly source: string
  readonly stacks: boolean
  /**
   * One instance per source (SR-CORE-1): the same condition from a second source is a second
   * instance beside the first, not a restart of it (two suppressors each keep their own).
   */
  readonly perSource?: boolean
}

/** A kind of damage a ruleset tells apart (ballistic, fire, fall…), for the GM's damage picker. */
export interface DamageTypeDefinition {
  readonly key: string
  readonly label: string
}

/**
 * What the core asks of a ruleset. The core and the UI never name a specific ruleset's rules;
 * they pass opaque ruleset data through and show the sections a ruleset renders.
 */
export interface Ruleset {
  readonly id: string
  readonly name: string
  /** Rolls for every entrant and returns them in acting order, ties already broken. */
  rollInitiative(entrants: readonly InitiativeEntrant[], dice: Dice): InitiativePlacement[]
  /** Initiative is rolled again for everyone at the start of every round after the first (the new order is the new roll). */
  readonly initiativeEachRound?: boolean
  /**
   * The options the rulings name, as per-campaign settings with their defaults (e.g. initiative
   * rerolled each round or fixed for the encounter). The core stores the campaign's choices.
   */
  readonly settings?: {
    readonly defaults: readonly FormField[]
    /** This ruleset under the campaign's values (already checked against `defaults`; missing keys keep the default). */
    apply(values: Readonly<Record<string, string | number | boolean>>): Ruleset
  }
  /** Ready-made NPCs for the roster's "quick NPC" list (a thug, a sentry…), in this ruleset's terms. */
  readonly quickNpcs?: readonly QuickNpc[]
  /** Per-combatant data, if the ruleset has any (sheets, equipment, live state). */
  readonly combatantRules?: {
    /**
     * Max health comes from the sheet (`parse` always returns a `maxHp`): the add and roster forms
     * then ask for a sheet instead of a number (issue 16). Absent, the GM's number stands.
     */
    readonly derivesMaxHp?: boolean
    /** Validates untrusted input; errors name the field. Fills derived live values. */
    parse(input: unknown): Result<ParsedRules>
    /** What a GM card shows, already explained. */
    card(rules: JsonValue): readonly ExplanationSection[]
    /** What it carries but cannot use (or uses worse), each at its item's form field. Absent: nothing to say. */
    gear?(rules: JsonValue): readonly GearProblem[]
    /**
     * What anyone at the table can see of the combatant besides its conditions — its stance, that
     * it is in cover — as short labels ("Prone"), for the table's ribbon. Absent: nothing.
     */
    marks?(rules: JsonValue): readonly string[]
    /** The sheet as a form of generic fields the UI can render without knowing the rules. */
    form(rules: JsonValue | null): readonly FormField[]
    /** Turns submitted form values (over the current data) into ruleset input for `parse`. */
    fromForm(values: Readonly<Record<string, string | number | boolean>>, current: JsonValue | null): unknown
  }
  /**
   * A round ends for each combatant at the start of its own turn (d20 `003 Round Ends`): the
   * per-round pools (reactions) refill as its turn starts, not for everyone as a round begins.
   */
  readonly roundEndsAtOwnTurn?: boolean
  /**
   * A delayed combatant that acts takes the initiative count on which it acts as its total (the
   * 2d6 system's Delay), so later shifts re-sort from there; absent, a delay moves its place only.
   */
  readonly delaySetsInitiative?: boolean
  /** At most this many actions of the turn's pool may be held against a trigger; absent, all that are left. */
  readonly holdAtMost?: number
  /**
   * The pool a hold sets aside, when it is not the turn's actions (the per-turn pool that is not
   * a reaction): the d10 system's declared reaction (SR-D10-1). Declaring spends that pool only;
   * the trigger, when it comes, lets the holder take one act on it, paid by the hold.
   */
  readonly holdPool?: string
  /**
   * The fight may open with a surprise round (issue 14 E5); absent, the core refuses one (the
   * document is silent on surprise, or handles it otherwise: 2d6 ambushers count 12 on the roll).
   */
  readonly surprise?: SurpriseRules
  /** The pools a combatant spends each turn or round. */
  economy(rules: JsonValue | null): readonly EconomyPool[]
  /** The conditions this ruleset knows. */
  readonly conditions: readonly ConditionDefinition[]
  /**
   * A token moved on the scene in play: what that sets off (reactions, conditions ending), as
   * an action resolution with no cost; null when nothing. Asked before the move is committed
   * (to show the GM the prompts and their odds) and again when it is.
   */
  onMapMove?(
    mover: RulesCombatant,
    path: MapPath,
    areas: readonly MapArea[],
    /** Everyone with a token on the scene in play (the mover too), with positions: whom the path passes. */
    onScene?: readonly RulesCombatant[],
  ): Result<ActionResolution> | null
  /**
   * What moving so many metres costs this combatant now (CX: metres per 2 actions; d10: speed
   * points; 2d6: minor actions): the map's path readout shows it, and a token dragged on its own
   * turn pays it.
   */
  movementCost?(c: RulesCombatant, metres: number): MovementCost
  /**
   * Whether another standing combatant's base stops a move on the mover's own turn (a walk may not
   * pass through it nor end on it), with the document's section that says so; absent, tokens pass
   * one another and may share a place (SR-CORE-34).
   */
  readonly occupiedSpaces?: { readonly source: string }
  readonly secrecy?: RollSecrecy // absent: every roll is public unless the GM says otherwise
  /** Up, downed, out or dead; absent, the core goes by health (below 1 is down). */
  standing?(c: RulesCombatant): Standing
  readonly checks?: {
    /**
     * The ways it rolls a check, as the desk offers them; absent: normal, advantage and
     * disadvantage. A mode not listed is refused before the ruleset is asked.
     */
    readonly modes?: readonly CheckMode[]
    /** The checks this combatant can make (skills, stats, saves), as keys and labels. */
    list(c: RulesCombatant): readonly { readonly key: string; readonly label: string }[]
    roll(request: CheckRequest, c: RulesCombatant, dice: Dice): Result<CheckOutcome>
    /** Exact chance of success. */
    chance(request: CheckRequest, c: RulesCombatant): Result<number>
    /**
     * What rolling this check costs on the roller's own turn (a CX skill check is an action, a
     * 2d6 one a significant action); absent, checks cost nothing. Out of turn a check is the GM
     * calling for it (a save, a contest) and costs nothing.
     */
    cost?(request: CheckRequest, c: RulesCombatant): CheckCost
    /** One line for the check dialog saying what checks cost ("skill check: 1 action; saves: free"). */
    readonly costNote?: string
  }
  /** Effects at turn and encounter edges (regeneration, death saves, refills…). */
  readonly edges?: {
    startOfTurn(c: RulesCombatant, dice: Dice): EdgeEffects | null
    /**
     * Its own turn passes (ended by the GM, or by the act that ends it), before the next turn
     * starts: a test the document makes "at the end of its turn" (d20 Stunned). Not for a
     * turn passed over (dead, delayed): that turn never ran.
     */
    endOfTurn?(c: RulesCombatant, dice: Dice): EdgeEffects | null
    /** Each combatant as a new round begins (before its first turn; after any re-roll). */
    startOfRound?(c: RulesCombatant, dice: Dice): EdgeEffects | null
    startOfEncounter(c: RulesCombatant, dice: Dice): EdgeEffects | null
    endOfEncounter(c: RulesCombatant): EdgeEffects | null
  }
  /**
   * Damage the GM types by hand (a grenade resolved at the table, a fall), of a type this
   * ruleset names: it goes through the same rules as an attack's damage (protection, downing,
   * shock, conditions that end on damage). Absent, the core just lowers health. Setting health
   * directly (`combatant/setHp`) stays the GM's correction and asks no rules.
   */
  readonly damage?: {
    /** The types the GM picks from, in the order shown; the first is the default. */
    readonly types: readonly DamageTypeDefinition[]
    /**
     * `type` is one of `types` (the core refuses any other); `amount` is a positive whole number.
     * The core applies health, data, conditions, lines and rolls; `spend` and `initiativeDelta` are not read here.
     */
    apply(c: RulesCombatant, amount: number, type: string, dice: Dice, everyone?: Everyone): Result<EdgeEffects>
  }
  /** Content the GM can add or edit per campaign (items, classes…), checked like the shipped packs. */
  readonly content?: {
    /** Parses a content file; a problem names the file, the entry and the field. */
    parseFile(
      fileName: string,
      text: string,
    ): Result<readonly { readonly section: string; readonly itemId: string; readonly name: string; readonly entry: JsonValue }[]>
    /** This ruleset with the campaign's own items layered over its shipped content. */
    withCustom(items: readonly { readonly section: string; readonly entry: JsonValue }[]): Ruleset
  }
  readonly actions?: {
    list(actor: RulesCombatant): readonly ActionDefinition[]
    /**
     * Optional: `list(actor).find((d) => d.key === key)` without building the rest (issue 35: an
     * act is looked up by its key several times per command). Keys are unique within a list.
     */
    offer?(actor: RulesCombatant, key: string): ActionDefinition | undefined
    /**
     * `onScene`: everyone with a token on the scene in play, with positions (an area effect reaches them); empty off the map.
     * `area`: for an action whose target is 'area', the template picked and who is under it; the
     * core has checked it (it exists, on the scene in play) and refuses an area for any other action.
     * What the action does to those under it goes back in `ActionResolution.areaEffects`.
     * `everyone`: every combatant of the campaign, as for an attack (an aimer whose target falls).
     * `walls`: the scene in play's walls, when it has any (issue 34): whom an act reaches through
     * them is asked of wall-geometry.ts with this index (SR-CORE-30, SR-CORE-32).
     */
    perform(
      request: ActionRequest,
      actor: RulesCombatant,
      target: RulesCombatant | null,
      dice: Dice,
      onScene?: readonly RulesCombatant[],
      area?: TargetArea,
      everyone?: Everyone,
      walls?: WallIndex,
    ): Result<ActionResolution>
    /**
     * The exact odds of an act before it is rolled, taken as `perform` would take it (same
     * placement, same area). Null: none this ruleset prices, and the core says whether it rolls
     * dice at all. A refusal is shown as why the act cannot be made.
     */
    odds?(
      request: ActionRequest,
      actor: RulesCombatant,
      target: RulesCombatant | null,
      onScene?: readonly RulesCombatant[],
      area?: TargetArea,
      /** The scene in play's walls, when it has any (issue 34), as `perform` gets them. */
      walls?: WallIndex,
    ): Result<ActionOdds> | null
  }
  /** Hints for the autopilot (issue 17): actions worth taking beside the attacks it previews; absent, it attacks or ends the turn. */
  readonly tactics?: Tactics
  readonly attacks?: {
    /** `aimAt`: how the attacker stands toward anyone else (whom a stray could reach); absent, nobody is judged. */
    preview(request: AttackRequest, attacker: RulesCombatant, target: RulesCombatant, aimAt?: AimAt): Result<AttackPreview>
    /**
     * `everyone`: every combatant of the campaign, for what the attack sets off in others (an aimer
     * whose target falls). `aimAt`: the attacker turned on someone else, for a shot that strays.
     */
    resolve(
      request: AttackRequest,
      attacker: RulesCombatant,
      target: RulesCombatant,
      dice: Dice,
      everyone?: Everyone,
      aimAt?: AimAt,
    ): Result<AttackResolution>
    /**
     * Issue 35: true only when every attack the attacker could ask for now (any weapon, mode and
     * target, no options set) is refused before a die is rolled — its turn's pools spent. A
     * simulation need not try them; absent, it tries them all.
     */
    spentOut?(attacker: RulesCombatant): boolean
  }
}
