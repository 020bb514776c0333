import { z } from 'zod'
import { cost, DAMAGE_TYPES, id, level, name, note, STAT_NAMES } from './pack-fields'

/** The weapon sections of a pack (ranged, melee, thrown) and the attachments fitted to guns. */

/**
 * A weapon's damage: `base + Σ perStatBonus[stat] × that stat's bonus ((stat − 5) × 4)`,
 * at least `minimum`, of one type, with ongoing effects (e.g. 1× plasma burn).
 */
export const damageSchema = z.strictObject({
  base: z.number().int().min(0),
  type: z.enum(DAMAGE_TYPES),
  perStatBonus: z.partialRecord(z.enum(STAT_NAMES), z.number()).optional(),
  minimum: z.number().int().min(0).optional(),
  effects: z
    .array(z.strictObject({ kind: z.enum(['plasma-burn', 'burn', 'bleed', 'stun', 'other']), stacks: z.number().int().min(1) }))
    .optional(),
})
export type Damage = z.infer<typeof damageSchema>

/**
 * A miss-chance modifier that shrinks as a stat grows, as the item lists write it:
 * - `{ every: 6 }`: −1 for every 6 points of the stat ("−1 for every 6 Strength");
 * - `{ every: 4, startingAt: 4 }`: −1 at 4, −2 at 8, … ("−1 per 4 STR (starting at 4)");
 * - `{ at: 8 }`: −1 once the stat reaches 8 ("gain a −1 @ 8 Strength").
 */
export const statScalingSchema = z.union([
  z.strictObject({ stat: z.enum(STAT_NAMES), every: z.number().int().min(1), startingAt: z.number().int().min(1).optional() }),
  z.strictObject({ stat: z.enum(STAT_NAMES), at: z.number().int().min(1), reduction: z.number().int().min(1).default(1) }),
])
export type StatScaling = z.infer<typeof statScalingSchema>

export const fireModeSchema = z.strictObject({
  /** Rounds per firing action (3 for burst, 6 for auto unless the weapon says otherwise; CX8). */
  rounds: z.number().int().min(1),
  /** Added to the bracket miss chance in this mode (CX6: at least +1 after all modifiers). */
  missChance: z.number(),
  scaling: statScalingSchema.optional(),
})

export const RANGED_CATEGORIES = [
  'pistol',
  'revolver',
  'smg',
  'shotgun',
  'carbine',
  'assault-rifle',
  'battle-rifle',
  'dmr',
  'long-rifle',
  'machine-gun',
  'heavy-weapon',
  'launcher',
] as const

export const rangedWeaponSchema = z.strictObject({
  id,
  name,
  category: z.enum(RANGED_CATEGORIES),
  level,
  cost,
  damage: damageSchema,
  /** Armour-piercing level; null where the list says n/a (e.g. lasers). */
  apl: z.number().int().min(0).nullable(),
  magazine: z.strictObject({ size: z.number().int().min(1), ammo: z.string().max(60).nullable(), costPerMagazine: cost }),
  /** Reload check DC in percent (Weapons skill check). */
  reloadDc: z.number().int().min(0).max(100).nullable(),
  /** Actions a normal reload takes (2 for box magazines). */
  reloadActions: z.number().int().min(1).max(8),
  /** Actions per semi-auto shot (2 for pump and bolt actions); absent if the weapon has no semi mode. */
  semi: z.strictObject({ actionsPerShot: z.number().int().min(1).max(4) }).optional(),
  burst: fireModeSchema.optional(),
  auto: fireModeSchema.optional(),
  /** Range brackets in order: hit only within `maxRange` metres of the last one (CX7). */
  brackets: z
    .array(z.strictObject({ maxRange: z.number().positive(), missChance: z.number() }))
    .min(1)
    .max(6)
    .refine((b) => b.every((x, i) => i === 0 || x.maxRange > b[i - 1]!.maxRange), 'brackets must be in increasing range'),
  /** Closer than this (metres), the shooter is forced to hip fire (high-powered scopes). */
  minimumRange: z.number().min(0).optional(),
  suppression: z.enum(['none', 'light', 'medium', 'heavy']),
  reflexModifier: z.number().nullable(),
  requirements: z.partialRecord(z.enum(STAT_NAMES), z.number().int().min(1)).optional(),
  movementPenalty: z.number().min(0).optional(),
  /** Close-quarters weapon: fires in melee without provoking, guards at +1 (000 Guard table). */
  cqb: z.boolean(),
  /** Magnification of built-in sights (unlocks > 100 m / > 150 m shots, CX7). */
  magnification: z.number().min(1).optional(),
  /** Its own jam range on the second d10 (CX9), e.g. [1, 3]. */
  jamRange: z.tuple([z.number().int().min(1), z.number().int().max(10)]).optional(),
  note,
})
export type RangedWeapon = z.infer<typeof rangedWeaponSchema>

export const MELEE_SIZES = ['light', 'one-handed', 'two-handed', 'exotic'] as const

export const meleeWeaponSchema = z.strictObject({
  id,
  name,
  level,
  cost,
  size: z.enum(MELEE_SIZES),
  /** One-handed weapons that may be swung two-handed for 1.5× STR (000 "Hybrid"). */
  hybrid: z.boolean(),
  damage: damageSchema,
  accuracyModifier: z.number(),
  /** Guard modifier when the list overrides the weapon-type rule (otherwise = accuracy modifier). */
  guardModifier: z.number().optional(),
  reach: z.number().positive(),
  apl: z.number().int().min(0).optional(),
  ignoresArmour: z.boolean().optional(),
  requirements: z.partialRecord(z.enum(STAT_NAMES), z.number().int().min(1)).optional(),
  note,
})
export type MeleeWeapon = z.infer<typeof meleeWeaponSchema>

export const thrownWeaponSchema = z.strictObject({
  id,
  name,
  kind: z.enum(['grenade', 'thrown']),
  /** `000` Thrown Weapons: "the same size categories as Melee weapons for determining proficiency". */
  size: z.enum(MELEE_SIZES).optional(),
  level,
  cost,
  damage: damageSchema,
  /** Blast radius in metres, for area effects. */
  radius: z.number().min(0).optional(),
  accuracyModifier: z.number().optional(),
  apl: z.number().int().min(0).optional(),
  reflexModifier: z.number().nullable(),
  requirements: z.partialRecord(z.enum(STAT_NAMES), z.number().int().min(1)).optional(),
  note,
})
export type ThrownWeapon = z.infer<typeof thrownWeaponSchema>

export const ATTACHMENT_TARGETS = [
  'bracket-miss',
  'burst-miss',
  'auto-miss',
  'blind-fire-miss',
  'hip-fire-miss',
  'last-bracket-range',
  'all-bracket-range',
  'reload-dc',
  'reflex',
  'minimum-range',
  'suppression-level',
  'magazine-size',
  'damage',
  'apl',
] as const

export const attachmentSchema = z.strictObject({
  id,
  name,
  slot: z.enum(['optic', 'muzzle', 'underbarrel', 'barrel', 'magazine', 'stock', 'laser', 'other']),
  level,
  cost,
  magnification: z.number().min(1).optional(),
  /** Modifiers, each optionally limited to some weapon categories (e.g. −1 for pistols, −0.5 otherwise). */
  modifiers: z.array(
    z.strictObject({
      target: z.enum(ATTACHMENT_TARGETS),
      value: z.number(),
      categories: z.array(z.enum([...RANGED_CATEGORIES, 'other'])).optional(),
    }),
  ),
  note,
})
export type Attachment = z.infer<typeof attachmentSchema>
