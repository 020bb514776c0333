import { z } from 'zod'
import { characteristicsSchema } from '../characteristics'

const name = z.string().trim().min(1).max(60)
const itemId = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be an item id')
  .nullable()
  .default(null)
const combatantId = z.string().startsWith('combatant:').max(120)

/**
 * `004 Drawing and Reloading`: "Most weapons can be drawn/reloaded in a minor action. There are
 * some weapons that are exceptionally heavy which may require more time to reload." A reload
 * takes this many minor actions (1–3, a round holds at most three), or the significant action.
 */
export const reloadTimeSchema = z.union([z.number().int().min(1).max(3), z.literal('significant')])
export type ReloadTime = z.output<typeof reloadTimeSchema>

/**
 * A carried weapon, whole on the sheet (copied from a starter item or typed by the GM), so a
 * GM can tune one without touching the item list. `rating` is the heft of a melee weapon or
 * the recoil of a gun (T6); `auto` is its burst/auto score (0: single shots only).
 */
export const weaponSchema = z
  .strictObject({
    name,
    itemId,
    kind: z.enum(['melee', 'ranged', 'thrown']),
    skill: name,
    damageDice: z.number().int().min(0).max(12),
    damageBonus: z.number().int().min(-10).max(30).default(0),
    rating: z.number().int().min(-4).max(10).default(0),
    auto: z.number().int().min(0).max(10).default(0),
    /** Rounds a full magazine holds; 0 for weapons that keep no count (blades, thrown). */
    magazine: z.number().int().min(0).max(300).default(0),
    ammo: z.number().int().min(0).max(300).default(0),
    spareMagazines: z.number().int().min(0).max(50).default(0),
    /** `004 Drawing and Reloading`: what a reload costs (one minor action unless the weapon is heavy). */
    reload: reloadTimeSchema.default(1),
  })
  .refine((w) => w.ammo <= w.magazine, { message: 'cannot hold more rounds than its magazine', path: ['ammo'] })
  .refine((w) => w.kind !== 'melee' || w.auto === 0, { message: 'a melee weapon has no auto score', path: ['auto'] })

/** The task a combatant works at over several rounds (T7). */
const extendedSchema = z.strictObject({
  skill: name,
  roundsNeeded: z.number().int().min(2).max(12),
  roundsDone: z.number().int().min(0).max(12),
  /** This round's work: not yet done, done and counted, or lost to damage (T7). */
  thisRound: z.enum(['none', 'counted', 'lost']),
})

/** What changes during a fight. */
export const liveSchema = z.strictObject({
  /** T5: the target it aims at and the DM built up (+1 per minor action, at most +6). */
  aim: z
    .strictObject({ targetId: combatantId, name: z.string().max(200), dm: z.number().int().min(1).max(6) })
    .nullable()
    .default(null),
  /** T6: heft and recoil owed, taken off its initiative when the next round begins. */
  pendingInitiative: z.number().int().min(0).max(60).default(0),
  reactionsThisRound: z.number().int().min(0).max(99).default(0),
  /** T2: its Tactics roll for this fight is spent. */
  tacticsUsed: z.boolean().default(false),
  stance: z.enum(['standing', 'crouching', 'prone']).default('standing'),
  /** In cover or behind something to duck behind: a dodge is worth −2 instead of −1 (T4). */
  cover: z.boolean().default(false),
  extended: extendedSchema.nullable().default(null),
  /**
   * `004 Drawing and Reloading`: the weapon slots in hand. Null until something is drawn or put
   * away: then the first weapon counts as in hand (SR-2D6-10), so older sheets fight as before.
   */
  drawn: z.array(z.number().int().min(0).max(5)).max(6).nullable().default(null),
})

const LIVE_DEFAULTS = liveSchema.parse({})

/** A 2d6 significant/minor combatant's rules data, validated whenever it is set. */
export const sheetSchema = z.strictObject({
  characteristics: characteristicsSchema,
  skills: z.record(name, z.number().int().min(0).max(6)).default({}),
  weapons: z.array(weaponSchema).max(6).default([]),
  armour: z
    .strictObject({ name, itemId, rating: z.number().int().min(0).max(30) })
    .nullable()
    .default(null),
  /** T2: part of a surprise attack this fight, so its initiative counts the dice as 12. */
  ambusher: z.boolean().default(false),
  live: liveSchema.default(LIVE_DEFAULTS),
})

export type SheetInput = z.input<typeof sheetSchema>
export type Sheet = z.output<typeof sheetSchema>
export type Live = Sheet['live']
export type Weapon = Sheet['weapons'][number]
export type Extended = NonNullable<Live['extended']>
