import { z } from 'zod'
import { sheetReader } from '../../kit/stored-sheet'
import type { StatName } from '../content/pack-schema'

const stat = z.number().int().min(1).max(20)
const itemId = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be an item id')

export const statBlockSchema = z.strictObject({
  str: stat,
  per: stat,
  fort: stat,
  cha: stat,
  int: stat,
  dex: stat,
  luck: stat,
} satisfies Record<StatName, typeof stat>)

/** A carried weapon: which item, what is fitted, and what is loaded. */
export const carriedWeaponSchema = z.strictObject({
  kind: z.enum(['ranged', 'melee']),
  itemId,
  attachmentIds: z.array(itemId).max(8).default([]),
  /** Rounds in the magazine (ranged only). */
  ammo: z.number().int().min(0).max(10_000).default(0),
  spareMagazines: z.number().int().min(0).max(100).default(0),
  jammed: z.boolean().default(false),
})

/**
 * Grenades carried, by item (`thrown-weapons` of kind 'grenade') and how many (SR-CX-20). Kept
 * apart from `weapons` so every weapon slot, drawn or fired, stays a gun or a blade; sheets
 * stored before it read as carrying none.
 */
export const carriedGrenadeSchema = z.strictObject({
  itemId,
  count: z.number().int().min(0).max(20),
})

const dyingSchema = z.strictObject({
  // A plain union: two 'unconscious' variants differ by cause, which a discriminated union cannot key on.
  condition: z.union([
    z.strictObject({ kind: z.literal('up') }),
    z.strictObject({ kind: z.literal('unconscious'), cause: z.literal('shock'), wakeRollsLeft: z.number().int().min(0).max(20) }),
    z.strictObject({ kind: z.literal('unconscious'), cause: z.literal('revival-limit') }),
    z.strictObject({ kind: z.literal('downed'), failures: z.number().int().min(0).max(3), successes: z.number().int().min(0).max(1000) }),
    z.strictObject({ kind: z.literal('dead') }),
  ]),
  capacity: z.number().int().min(1).max(3),
  failedThisEncounter: z.boolean(),
  revivalsThisEncounter: z.number().int().min(0).max(100),
})

/** What changes during a fight; the sheet part changes between fights. */
export const cxLiveSchema = z.strictObject({
  armourPoints: z.number().int().min(0).max(10_000),
  shieldStrength: z.number().int().min(0).max(10_000),
  /** Turns left before a broken shield restarts (CX14); null while up. */
  shieldDownTurns: z.number().int().min(0).max(100).nullable(),
  nanites: z.number().int().min(0).max(10_000),
  plasmaBurn: z.number().int().min(0).max(100),
  /** Turns the burn keeps ticking; a new stack renews it to 2 (01_05 Plasma Burn). */
  plasmaBurnTurns: z.number().int().min(0).max(10).default(0),
  stance: z.enum(['standing', 'crouching', 'prone', 'hunkering']),
  cover: z.enum(['none', 'partial', 'full']),
  suppressed: z.boolean(),
  /**
   * Stored before the sprint track below (SR-CX-30); nothing ever set it, so it is read and
   * ignored: an old sheet still parses, and the track starts clean.
   */
  sprinted: z.boolean().optional(),
  /**
   * `000` Movement and Sprinting, counted on the combatant's own actions (SR-CX-30, SR-CX-31):
   * the consecutive sprint actions so far (at most FORT), and how many of its next actions are
   * still under the +1 miss chance of a sprint (CX6). Set by the Move action, aged by every
   * action the combatant spends (`cx-costs.ts`).
   */
  sprint: z
    .strictObject({ streak: z.number().int().min(0).max(40), window: z.number().int().min(0).max(2) })
    .default({ streak: 0, window: 0 }),
  /** CX21: it hit the dirt, so the first action of its next turn is already spent. */
  loseFirstAction: z.boolean().default(false),
  /**
   * CX26: the keys of the 'suppressed' conditions whose suppressor has already reacted to this
   * combatant breaking cover. A suppression lasts one suppressor turn, so its key stands for
   * "this target, this suppressor turn"; a fresh suppression brings a fresh key.
   */
  suppressionReactions: z.array(z.string().min(1).max(80)).max(20).default([]),
  /**
   * `000` Aiming: the one target this combatant holds aim on. It lasts across shots and turns
   * until the combatant stops, aims elsewhere or hunkers (the other endings are the GM's call).
   */
  aim: z
    .strictObject({ targetId: z.string().startsWith('combatant:').max(120), name: z.string().max(200) })
    .nullable()
    .default(null),
  /**
   * `000` Actions ("Unholstering Pistol or Grabbing a Weapon/Item: 1 Action"): the slot of the
   * carried weapon in hand, or null for empty hands. Sheets stored before it read as the first
   * carried weapon drawn, which is what the rules assumed until then.
   */
  drawn: z.number().int().min(0).max(7).nullable().default(0),
  /**
   * `000` Grappling: the actions spent this turn while grappled or pinned, against the limit of
   * one (SR-CX-14); back to 0 at the combatant's turn start.
   */
  grappleActionsUsed: z.number().int().min(0).max(20).default(0),
  /**
   * `001` Cloaking (turns/cloak.ts): the cloak while on (its module, the turns it has left, and
   * whether the wearer spent actions this turn, which makes the upkeep due), the actions still to
   * wait before cloaking again, and whether it has cloaked this encounter (levels 1–4 once).
   * Absent on sheets that never cloaked.
   */
  cloak: z
    .strictObject({
      on: z.strictObject({ moduleId: itemId, turnsLeft: z.number().int().min(0).max(100).nullable(), acted: z.boolean() }).nullable(),
      chargeActions: z.number().int().min(0).max(100),
      cloakedThisEncounter: z.boolean(),
    })
    .optional(),
  /**
   * `000` EVA Suits: the hits that damaged health while an EVA suit was worn (SR-CX-103); past the
   * suit's integrity it loses air pressure. Sheets stored before it read as none.
   */
  suitHits: z.number().int().min(0).max(1000).default(0),
  /**
   * CX30 Black Cat (SR-CX-86, SR-CX-87): 3–4 blocks criticals until the encounter ends; 5–6's
   * lost actions and 7–8's failed nerve land at the combatant's first turn start.
   */
  blackCat: z
    .strictObject({ noCriticals: z.boolean(), actionsLost: z.number().int().min(0).max(4), fear: z.boolean() })
    .default({ noCriticals: false, actionsLost: 0, fear: false }),
  /** 03_Feats Will to Survive: uses this encounter, and whether one was used since its own turn began (SR-CX-83). */
  willToSurvive: z
    .strictObject({ used: z.number().int().min(0).max(2), sinceTurnStart: z.boolean() })
    .default({ used: 0, sinceTurnStart: false }),
  /** 03_Feats Lucky: uses since the last long rest (SR-CX-84). */
  luckyUsed: z.number().int().min(0).max(4).default(0),
  /**
   * `000` Reloading, SR-CX-74: a reload longer than the actions left in the turn runs into the
   * next; the slot being reloaded and the actions still owed, paid first at the start of the
   * combatant's next turn, when the magazine goes in. Null when no reload is under way.
   */
  reloading: z
    .strictObject({ slot: z.number().int().min(0).max(7), actionsLeft: z.number().int().min(1).max(40) })
    .nullable()
    .default(null),
  /**
   * `000` Aiming, optional rule (SR-CX-73): the target whose fall just ended this combatant's aim,
   * and where it fell, so that it may shift aim to another within 5 m as a free action. Cleared
   * when it shifts, aims, stops aiming, or at its next turn start.
   */
  aimShift: z
    .strictObject({
      targetId: z.string().startsWith('combatant:').max(120),
      name: z.string().max(200),
      at: z.strictObject({ x: z.number(), y: z.number() }).nullable(),
    })
    .nullable()
    .default(null),
  /** Downed, knocked out, dead, and the death-save capacity carried across fights (CX27–CX29). */
  dying: dyingSchema.default({ condition: { kind: 'up' }, capacity: 3, failedThisEncounter: false, revivalsThisEncounter: 0 }),
})

/** A Compound X combatant's rules data, validated whenever it is set. */
export const cxCombatantSchema = z.strictObject({
  stats: statBlockSchema,
  classId: itemId.nullable(),
  speciesId: itemId.nullable(),
  /**
   * `001` Leveling Up: the character's level, 0 to 20 as the table runs. Level-scaled rules read
   * it (feats by level, cloaking tables); sheets stored before it read as level 1.
   */
  level: z.number().int().min(0).max(20).default(1),
  skills: z.record(z.string().min(1).max(60), z.number().int().min(0).max(50)).default({}),
  weapons: z.array(carriedWeaponSchema).max(8).default([]),
  grenades: z.array(carriedGrenadeSchema).max(8).default([]),
  /**
   * SR-CX-50: single-target thrown weapons carried (`thrown-weapons` of kind 'thrown': knives,
   * axes), by item and count, like grenades; a throw spends one. Sheets stored before it carry none.
   */
  thrown: z.array(carriedGrenadeSchema).max(8).default([]),
  armour: z.strictObject({ rigIds: z.array(itemId).max(6), materialId: itemId.nullable() }).default({ rigIds: [], materialId: null }),
  shieldId: itemId.nullable().default(null),
  /** The primary cloaking module worn (`001` Cloaking Modules), if any. */
  cloakId: itemId.nullable().default(null),
  /**
   * The character's feats by name (`001` Your Character). Only those the rules read have an
   * effect (SR-CX-13: Fight Fiercely First in initiative, CX19; SR-CX-55: the Unarmed Combat feats
   * on thrown weapons; Upgrade, SR-CX-82; Positional Mastermind chosen at CHA 9, SR-CX-81); the
   * rest are kept for the GM. The level bounds how many (SR-CX-80, checked when the sheet is set).
   */
  feats: z.array(z.string().trim().min(1).max(60)).max(30).default([]),
  /** Filled from the sheet when absent (full armour points, full shield). */
  live: cxLiveSchema.optional(),
})

/**
 * What the core stores for a Compound X combatant: the sheet with its live state filled in
 * (`parse` fills it), and every field the rules write back during a fight. Strict like the
 * sheet, so a key written here that the schema does not name would make the stored sheet
 * unreadable rather than be dropped silently; the type below is inferred from it, so the
 * compiler refuses such a write first.
 */
export const cxStoredSchema = cxCombatantSchema.extend({ live: cxLiveSchema })

export type CxCombatantInput = z.input<typeof cxCombatantSchema>
export type CxCombatantParsed = z.output<typeof cxCombatantSchema>
export type CxLive = z.output<typeof cxLiveSchema>
export type CxCombatant = z.output<typeof cxStoredSchema>
export type CarriedWeapon = z.output<typeof carriedWeaponSchema>
export type CarriedGrenade = z.output<typeof carriedGrenadeSchema>

/** The one reader of stored Compound X sheets: parsed once per stored value, written by construction. */
export const cxSheets = sheetReader(cxStoredSchema, 'Compound X character sheet')
