/**
 * How long things may be, in one place. What the GM types is checked twice — by the commands
 * and requests that take it, and by the document check that reads a stored or imported
 * campaign — and both use these numbers, so a campaign file can never hold what the app itself
 * would have refused, and a limit cannot be raised in one place and forgotten in the other (a
 * document that no longer opens). No runtime dependencies: the preload bundles this module.
 */
export const TYPED = {
  /** A command id, and a record id after its type prefix. */
  id: 64,
  commandType: 64,
  /** Combatants, roster entries, scenes, saved encounters, encounters. */
  name: 60,
  campaignName: 80,
  faction: 60,
  tag: 30,
  tagsPerEntry: 12,
  conditionNote: 200,
  heldTrigger: 120,
  /** A damage type's key (the ruleset's list) and the GM's note on hand-typed damage. */
  damageType: 40,
  damageNote: 200,
  areaLabel: 40,
  /** A picture's original file name (importSceneImage cuts it to this, scene/setImage refuses longer). */
  imageFileName: 200,
  diceExpression: 40,
  /** A dice/roll's purpose; the rolls the rules make write longer ones (WRITTEN.text). */
  rollPurpose: 60,
  settingKey: 60,
  settingValue: 200,
  /** The dice seed createCampaign takes. */
  seed: 120,
  /** createCampaign's ruleset id. */
  rulesetId: 40,
  contentFile: 2_000_000,
  /** content/remove's id: `content:<section>:<item>`. */
  contentSection: 40,
  contentItemId: 80,
  /** A campaign item's name (the Compound X item schema's). */
  contentItemName: 80,
} as const

/** One squad/add (issue 16): lines, and combatants in all (as many as one template/spawn may make). */
export const SQUAD = { entries: 20, size: 50 } as const

/** Ruleset data a command may carry (sheets, item entries): characters of its JSON, and nesting. */
export const RULES_JSON = { chars: 200_000, depth: 12 } as const

/**
 * What the engine writes. Nothing the GM does brings these near their bounds: each is several
 * times the largest the app makes in a fight far past real play, because a bound that is too
 * tight makes the app write a document it then refuses to open.
 */
export const WRITTEN = {
  /** Record ids (but a campaign item's), condition keys and ids: a type prefix (≤ 10 characters) and an id part of at most 64. */
  id: 200,
  /** Log lines and their detail, prompts and their odds, roll purposes: one line naming every member of a group of 2,000 spawned copies (60-character names) measured 121,283 characters. */
  text: 1_000_000,
  /** Undo labels, condition labels, roll expressions, pool keys, times: a few words and at most two names, a file name (≤ 120) or a setting and its value (≤ 260). */
  word: 1_000,
  /** Lists that grow with a fight (a log entry's rolls and subjects, detail sections and lines, a roll's faces, roll-offs, a plan's entries, a combatant's conditions): one per combatant of a 3,000-combatant fight, with room for several each. */
  perFight: 20_000,
  /** Small maps (a combatant's spent pools, the campaign's ruleset settings): a ruleset has a handful of each. */
  smallMap: 1_000,
  /** Undo and redo marks: the history keeps 100 (HISTORY_LIMIT); ten times that leaves room to raise it. */
  marks: 1_000,
  /** Records in a document, and changes in one undo mark (a command can at most change every record): the app's 50 MB benchmark campaign has about 200,000. */
  records: 1_000_000,
  /** Ruleset data as stored: twice what a command may send, since the ruleset fills in defaults and derived fields around what it was sent. */
  rulesJson: { chars: 2 * RULES_JSON.chars, depth: RULES_JSON.depth },
} as const

/**
 * The numbers the GM types, as the commands take them. A document holds the same where only a
 * command writes the field (a file can hold exactly what a command could have written); where the
 * engine writes the field too, the document's bound is the engine's, in NUMBERS.
 */
export const TYPED_NUMBERS = {
  /** HP the GM types: a combatant's HP and max HP, an HP change, hand-typed damage. */
  hp: 100_000,
  /** A combatant's or roster entry's initiative modifier. */
  initiativeModifier: 100,
  /** Actions held against a trigger (hold/declare); using them only counts down. */
  heldActions: 10,
  /** A number among a ruleset's settings (campaign/setRulesetSetting): the rulesets' are toggles and choices of a few values. */
  settingNumber: 1_000_000_000,
} as const

/** The battle map in metres, as the GM places and frames things on it: a field 4 km square. */
export const MAP = {
  /** A position's x or y: a token, an area template, a fog rectangle's or the projector's corner. */
  metres: 4_000,
  /** A fog rectangle's or the projector's width and height: twice the field, so any corner can reach across it. */
  span: 8_000,
  /** An area template's radius: from a hand grenade's 10 cm fragment to an artillery strike. */
  areaRadius: { min: 0.1, max: 500 },
  /** The smallest fog rectangle (a real area) and projector frame (something to see). */
  fogSide: 0.1,
  projectorSide: 0.5,
  /** A square grid's cell on the picture, the metres it stands for, and how far it is shifted. */
  cellPx: { min: 4, max: 1_000 },
  metresPerCell: { min: 0.1, max: 100 },
  gridOffsetPx: 1_000,
  /** A picture without a grid: pixels per metre. */
  pxPerMetre: { min: 0.1, max: 1_000 },
  /**
   * Walls (issue 34). A drawn or imported dungeon has a few hundred wall lines of a few dozen
   * corners; these are ten times that, and bound what the line-of-fire index is built from.
   */
  wallsPerScene: 5_000,
  wallPoints: 2_000,
  /** Every wall segment of one scene together. */
  wallSegmentsPerScene: 50_000,
} as const

/**
 * A Universal VTT map file (.uvtt, .dd2vtt, .df2vtt: issue 34), bounded before its JSON is
 * parsed, since parsing builds every point. A dungeon of a few hundred rooms has a few thousand
 * wall points; these leave room for that many times over while keeping a hostile file from
 * building millions of objects.
 */
export const UVTT = {
  /** Characters of the whole file: a scene image's base64 (a 25 MiB image is 35 million) and its walls. */
  chars: 48_000_000,
  /** The nesting of any value: the format's deepest is four (a portal's bounds' corner). */
  depth: 8,
  /** Wall lines (line_of_sight and objects_line_of_sight together) as the file gives them. */
  lines: 10_000,
  /** Corners in one line: as many as a scene's segments, since a long line is split into walls. */
  pointsPerLine: MAP.wallSegmentsPerScene + 1,
  /** Corners in all lines together. */
  points: MAP.wallSegmentsPerScene + 10_000,
  portals: MAP.wallsPerScene,
  /** Values under any other top-level field (lights, environment…), which the import does not read. */
  otherValues: 100_000,
  /** A map's side in grid cells, as the file's resolution states it. */
  cells: 2_000,
} as const

/**
 * How far apart a number's bound and 2^53 stay: every bound below, times this, is still a safe
 * integer, so sums of them (damage over a fight, seq + 1, a midpoint of two order keys) are
 * exact and can never be refused after a restart for having become a number JSON cannot hold.
 */
export const SAFE_HEADROOM = 1_000

const JOURNAL_ENTRIES = 1_000_000_000
/** A log entry's seq is its command's journal seq times this, plus its place among the command's lines. */
export const LOG_SEQ_STRIDE = 1_000

/**
 * The numbers the engine writes: counters it adds to, sums, rolls and positions in the order.
 * The app refuses a command that would pass one (a document past it would not open again), so
 * each is many times what a fight far past real play reaches; and each is far below
 * 2^53 / SAFE_HEADROOM.
 */
export const NUMBERS = {
  /** Commands a campaign's journal takes: one a second, day and night, for 31 years. */
  journal: JOURNAL_ENTRIES,
  /** A log entry's seq: its command's journal seq × LOG_SEQ_STRIDE plus its place, and a command writes at most a line per record. */
  logSeq: JOURNAL_ENTRIES * LOG_SEQ_STRIDE + WRITTEN.records,
  /** A fight's round: real ones last tens. (The log's round filter takes the same.) */
  round: 1_000_000,
  /** The round a condition ends: the round it was put on plus a duration of up to as many rounds again. */
  conditionEnds: 2_000_000,
  /** HP, max HP and a wound's before and after: ten thousand times the most the GM may type (damage goes on below zero). */
  hp: 1_000_000_000,
  /** A die's sides: a thousand times the largest an expression names (d1,000), for the dice a ruleset names itself. */
  dieSides: 1_000_000,
  /** A roll's modifier and total, an initiative total and roll-off: 20,000 dice of a million sides and a modifier add up below this. */
  roll: 1_000_000_000_000,
  /** A combatant's place in the turn order: keys start 1,000 apart and a drag to either end moves one by 1,000, so a billion drags. */
  orderKey: 1_000_000_000_000,
  /** A condition's stacks, a pool's spent count: a ruleset's are a handful. */
  count: 1_000_000,
  /** The table's story: facts told, hits, damage dealt and taken over a fight. A command tells a few facts, each at most 2 × hp. */
  tally: 1_000_000_000_000,
  /** alea's carry (seedrandom): it stays below the generator's multiplier, 2,091,639, so every draw is a fraction in [0, 1). */
  rngCarry: 2_091_639,
} as const

/**
 * The autopilot's path round walls and tokens (issue 34, `src-shared/wall-paths.ts`): a
 * visibility graph over points just off wall corners and round the tokens in the way, searched
 * with A*. A dungeon's maze has a few hundred corners near any one walk; a hostile scene's
 * thousands of walls are cut to the corners nearest the walk, and the straight-line tests (each
 * one index query) are counted, so one search costs at most these whatever the scene holds.
 */
export const PATHS = {
  /** Points the graph is built on: four round each wall corner kept, eight round each token in the way. */
  nodes: 800,
  /** Straight lines tested for walls and tokens in one search; past this the search gives up (no walk). */
  lineTests: 20_000,
} as const

/**
 * Fog by sight (issue 34, `src-shared/sight-fog.ts`): how many party tokens cast sight on one
 * scene. Each is a polygon of up to 72 + 3 × the wall corners near it rays, and every point the
 * table is sent is tested against each; a party is a handful. Past this the tokens nearest the
 * party's middle see and the rest do not, so the table sees less, never more.
 */
export const SIGHT = {
  partyTokens: 16,
} as const

/**
 * Issue 35's Balance: a search over the enemy side's counts for a target. Lines as a squad's
 * (at most `lines`, each with at most `swaps` other ready-made NPCs to try in its place);
 * candidates forecast per search, and fights per candidate (a candidate's forecast stops sooner
 * once its interval rules it in or out). `winBand` is how far from the target win chance a
 * candidate's whole interval may reach and still count as on target.
 */
export const BALANCE = {
  lines: 6,
  swaps: 4,
  candidates: 24,
  fights: { min: 40, default: 240, max: 2_000 },
  /** Fights a candidate plays before its interval may rule it out early. */
  earliestVerdict: 40,
  /** Fights after which a candidate whose shares themselves are off target stops: it would all but never end on it. */
  probablyOffAfter: 120,
  winBand: 0.1,
  /** Candidates in a row that come no closer before a search calls the best it found the closest there is. */
  staleAfter: 8,
} as const

/** A saved encounter's difficulty badge (issue 35): a forecast of a few hundred fights, in the background. */
export const PLAN_BADGE = {
  fights: 300,
} as const
