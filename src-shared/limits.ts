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
