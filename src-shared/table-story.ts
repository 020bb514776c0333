import type { CombatantId, CombatantKind } from './records'
import type { HealthBand } from './views'

/**
 * "What just happened" on the table (issue 16): the core records each resolution as a structured
 * fact, not text, so the player projection can redact it per viewer (an NPC's numbers become a
 * band, a line naming a hidden combatant is dropped) and the recap can add facts up.
 */

/** How many resolved lines the table strip shows, and so how many the core keeps. */
export const STORY_LINES = 5

/** A combatant as a fact names it, frozen at the time: whether it was hidden then, and its name then. */
export interface StoryName {
  readonly id: CombatantId
  readonly name: string
  readonly kind: CombatantKind
  readonly hidden: boolean
}

/** Damage as a window may see it: a PC's (or, for the GM, anyone's) numbers, else the band it left. */
export type HarmShown =
  | { readonly kind: 'exact'; readonly from: number; readonly to: number; readonly max: number }
  | { readonly kind: 'band'; readonly band: HealthBand }

/** What went down: 'down', 'out' or 'dead' (the ruleset's standing); players see an NPC's as 'down'. */
export type DownState = 'down' | 'out' | 'dead'

export type StoryFact =
  | {
      readonly kind: 'attack'
      readonly actor: StoryName
      readonly target: StoryName
      /** Rounds that hit of those fired, where the ruleset counts them (a burst); null when it does not. */
      readonly hits: { readonly landed: number; readonly of: number } | null
      readonly harm: HarmShown | null
      readonly down: DownState | null
    }
  | {
      readonly kind: 'harm'
      readonly by: StoryName | null
      readonly who: StoryName
      readonly harm: HarmShown
      readonly down: DownState | null
    }
  | { readonly kind: 'down'; readonly who: StoryName; readonly state: DownState }
  | {
      readonly kind: 'condition'
      readonly who: StoryName
      readonly label: string
      /** Who put it on (the command's actor), when not the bearer; absent in facts told before issue 30. */
      readonly by?: StoryName | null
    }
  | { readonly kind: 'check'; readonly who: StoryName; readonly label: string; readonly success: boolean }
  | { readonly kind: 'roll'; readonly purpose: string; readonly total: number }
  | {
      readonly kind: 'action'
      readonly actor: StoryName
      readonly label: string
      readonly target: StoryName | null
      /**
       * Aimed at an area (issue 31): its label ("Grenade 3 m"), how many metres it scattered (null:
       * it came down where aimed) and whom it hurt there — null when the table may not be told
       * (someone it cannot see was among them and nobody it can).
       */
      readonly area?: { readonly label: string; readonly scattered: number | null; readonly hit: readonly StoryName[] | null }
      /** What came of it, when the ruleset says (absent before these words): "Heavy gunner 1 acts first". */
      readonly outcome?: StoryOutcome
    }

/**
 * What came of an act, in the table's words: whose it is (the actor or the target) and what they
 * did — "acts first", or with `possessive` "Tactics succeeds" ("Jonas's Tactics succeeds").
 */
export interface StoryOutcome {
  readonly who: 'actor' | 'target'
  readonly words: string
  readonly possessive?: boolean
}

/**
 * One fact as the core keeps it. `n` is its number on the table, null for one the table never saw.
 * `secret`: it came from a secret roll, so the table sees only what it did to visible combatants
 * (their health and standing, which the ribbon shows anyway), never who did it or how.
 */
export interface StoryEntry {
  readonly n: number | null
  readonly round: number
  readonly fact: StoryFact
  readonly secret?: true
}

/** One combatant's totals over a fight, as the recap adds them up. */
export interface TallyRow {
  readonly who: StoryName
  readonly hits: number
  readonly dealt: number
  readonly taken: number
  /** The band its last wound left (for an NPC at the table); null while unhurt. */
  readonly band: HealthBand | null
  readonly downed: number
  readonly wentDown: number
}

export interface StoryDown {
  readonly who: StoryName
  readonly by: StoryName | null
  readonly round: number
}

export interface StoryHit {
  readonly by: StoryName | null
  readonly target: StoryName
  readonly amount: number
  readonly round: number
}

/** The sums a recap is made of, as one viewer saw the fight (the table's leaves out what it never saw). */
export interface StoryTally {
  readonly rows: readonly TallyRow[]
  /** The first STORY_DOWNS downs. */
  readonly downs: readonly StoryDown[]
  readonly biggest: StoryHit | null
}

/**
 * A fight's running totals. Sums, not the facts themselves: the record goes into every undo mark,
 * and a list of every fact would make each mark (and the document) grow with the fight.
 */
export interface StoryFight {
  readonly name: string
  readonly gm: StoryTally
  readonly table: StoryTally
}

/** The ended fight a recap is built from. */
export interface StoryEnded extends StoryFight {
  readonly rounds: number
}

export const EMPTY_TALLY: StoryTally = { rows: [], downs: [], biggest: null }
/** Downs a recap lists; past this it still counts them per combatant. */
export const STORY_DOWNS = 200

/**
 * The table's story, one record per campaign. Only the GM's facts are here; what a window gets
 * is `TableStoryView`, built per viewer at projection time.
 */
export interface TableStoryRecord {
  readonly typeName: 'story'
  readonly id: 'story'
  /** How many lines the table has been shown: its own counter, so no GM-only sequence shows through. */
  readonly told: number
  /** The newest STORY_LINES the table saw, oldest first. */
  readonly lines: readonly StoryEntry[]
  readonly fight: StoryFight | null
  /** The last fight that ended, until the next starts or the GM dismisses it. */
  readonly ended: StoryEnded | null
}

/** A fight starting or ending as a command tells it; 'dismiss' takes the recap off the table. */
export type StoryFightChange =
  | { readonly kind: 'start'; readonly name: string }
  | {
      readonly kind: 'end'
      readonly name: string
      readonly rounds: number
      /** Everyone in the order when it ended, so the recap has a row for each (absent before issue 30). */
      readonly fighters?: readonly StoryName[]
    }
  | { readonly kind: 'gone' }
  | { readonly kind: 'dismiss' }

export const EMPTY_STORY: TableStoryRecord = { typeName: 'story', id: 'story', told: 0, lines: [], fight: null, ended: null }

/** A line as a window gets it. */
export interface StoryLineView {
  readonly n: number
  readonly round: number
  readonly fact: StoryFact
}

/** Damage taken, as the recap shows it: a number, or for an NPC at the table its band at the end. */
export type TakenShown = { readonly kind: 'exact'; readonly amount: number } | { readonly kind: 'band'; readonly band: HealthBand }

export interface RecapRow {
  readonly who: StoryName
  /** Hits it landed (rounds, where the ruleset counts them). */
  readonly hits: number
  /** Damage it dealt; null at the table, where most of it would be NPC numbers. */
  readonly dealt: number | null
  readonly taken: TakenShown
  /** How many it put down, and how often it went down. */
  readonly downed: number
  readonly wentDown: number
}

export interface RecapView {
  readonly name: string
  readonly rounds: number
  readonly rows: readonly RecapRow[]
  readonly downs: readonly StoryDown[]
  /** The most damage one fact did (at the table: to a PC, the only numbers it sees). */
  readonly biggest: StoryHit | null
}

export interface TableStoryView {
  readonly typeName: 'story'
  readonly id: 'story'
  readonly lines: readonly StoryLineView[]
  readonly recap: RecapView | null
  /** The GM's only: what the table is shown (the projector preview draws it). */
  readonly table?: { readonly lines: readonly StoryLineView[]; readonly recap: RecapView | null }
}

// The words (story-words.ts) and what the table may see (story-redaction.ts), split out of here.
export { storyText } from './story-words'
export { namesIn, NOBODY_HIDDEN_NOW, tableFact } from './story-redaction'
