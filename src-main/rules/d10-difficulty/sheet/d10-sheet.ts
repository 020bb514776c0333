import { z } from 'zod'
import { keysOf, statBlock } from '../../kit/stat-block'
import { STOPPAGES } from '../ranged/malfunction'

const int = (min: number, max: number) => z.number().int('must be a whole number').min(min).max(max)

/**
 * The attributes the `002` combat chapter reads. It only ever adds their modifiers ("adds the
 * dexterity modifier"), and defines no attribute scores or score-to-modifier table, so the sheet
 * holds the modifiers themselves.
 */
const attributeBlock = statBlock({ str: 'Strength', dex: 'Dexterity', con: 'Constitution', per: 'Perception' }, int(-5, 10))
export const ATTRIBUTES = attributeBlock.keys
export type Attribute = (typeof ATTRIBUTES)[number]
export const ATTRIBUTE_LABELS = attributeBlock.labels

/** The skills the chapter's checks name (its firearms skill is unnamed: "the appropriate skill"). */
export const SKILL_LABELS = {
  firearms: 'Firearms',
  throwing: 'Throwing',
  melee: 'Melee Combat',
  dodge: 'Dodge',
  notice: 'Notice',
  stealth: 'Stealth',
} as const
export const SKILLS = keysOf(SKILL_LABELS)
export type Skill = (typeof SKILLS)[number]

/** `002` Zones: the body parts armour covers (the vital organs sit inside the torso and the head). */
export const ARMOUR_ZONES = ['head', 'torso', 'arms', 'legs'] as const
export type ArmourZone = (typeof ARMOUR_ZONES)[number]

/** `002` Stance: the four firing stances. */
export const STANCES = ['standing', 'kneeling', 'prone-firing', 'prone'] as const
export type Stance = (typeof STANCES)[number]

/** `002` Movement: how fast something moves, for both target and shooter. */
export const MOVEMENTS = ['still', 'subtle', 'slow', 'fast'] as const
export type Movement = (typeof MOVEMENTS)[number]

export const DAMAGE_TYPES = ['piercing', 'bludgeoning', 'slashing'] as const
export type DamageType = (typeof DAMAGE_TYPES)[number]

const ranks = int(0, 20)

/**
 * `002 Drawing`: where a weapon is kept when not in hand. A holster (open or concealed) or a slot
 * of body armour: one action to draw; anywhere else (a boot, a pocket, a rucksack, shouldered):
 * two actions.
 */
export const CARRY_PLACES = ['holster', 'armour', 'other'] as const
export type CarryPlace = (typeof CARRY_PLACES)[number]
export const CARRY_LABELS: Readonly<Record<CarryPlace, string>> = {
  holster: 'holster',
  armour: 'armour slot',
  other: 'elsewhere: boot, pocket, pack or shouldered',
}

export const damageDiceSchema = z.strictObject({ count: int(1, 10), sides: int(2, 20), bonus: int(-10, 50) })
export type DamageDice = z.infer<typeof damageDiceSchema>

/**
 * A carried weapon with its numbers on the sheet, so the GM can write any gun the table invents.
 * `magazine` 0 means it uses no ammunition (a blade); a thrown weapon's "magazine" is how many are carried.
 */
export const weaponSchema = z
  .strictObject({
    name: z.string().trim().min(1, 'must not be empty').max(80),
    kind: z.enum(['firearm', 'thrown', 'melee']),
    /** `002` Range: E, in metres; the range bands are fractions of it (D4). */
    effectiveRange: z.number().min(1).max(10_000),
    damage: damageDiceSchema,
    damageType: z.enum(DAMAGE_TYPES),
    /** Rounds in one burst (1: single shots only) and what each further round adds (D5). */
    burst: int(1, 20).default(1),
    recoil: int(0, 20).default(0),
    magazine: int(0, 1000).default(0),
    ammo: int(0, 1000).default(0),
    spareMagazines: int(0, 50).default(0),
    /** `002 Drawing`: where it is kept when stowed (SR-D10-10: a holster unless the GM says otherwise). */
    carry: z.enum(CARRY_PLACES).default('holster'),
    /** In hand, ready to attack. SR-D10-10: a weapon on the sheet is in hand until it is stowed. */
    drawn: z.boolean().default(true),
    /** `002 Malfunctions`: the stoppage it has (SR-D10-30); none on a sheet stored before they were tracked. */
    stoppage: z.enum(STOPPAGES).nullable().default(null),
    /** A two-action clear (a squib) begun: the next clear action finishes it (SR-D10-32). */
    clearing: z.boolean().default(false),
    /** `002 Grenades`: a grenade's effective and casualty radii in metres (SR-D10-35); null for anything else. */
    blast: z
      .strictObject({ effective: z.number().min(0).max(1000), casualty: z.number().min(0).max(1000) })
      .refine((b) => b.casualty >= b.effective, { message: 'the casualty radius cannot be inside the effective one' })
      .nullable()
      .default(null),
  })
  .refine((w) => w.magazine === 0 || w.ammo <= w.magazine, { message: 'cannot hold more rounds than the magazine', path: ['ammo'] })
export type Weapon = z.output<typeof weaponSchema>

/** What changes during a fight. */
export const liveSchema = z.strictObject({
  stance: z.enum(STANCES).default('standing'),
  /** How it moved this round (a walk is slow, a run fast); it reads as the target's and the shooter's movement (D4). */
  movement: z.enum(MOVEMENTS).default('subtle'),
  /** `002` Taking Aim: aim actions taken this round at one target; lost at the round's end or when it fires. */
  aim: z
    .strictObject({ targetId: z.string().startsWith('combatant:').max(120), name: z.string().max(200), count: int(1, 10) })
    .nullable()
    .default(null),
  /** Speed points handed back by an action this round (D3): the speed pool grows by what was spent before it. */
  speedRegained: int(0, 1000).default(0),
  /** Actions spent on dodges this round (D6); they come off the action pool. */
  defending: int(0, 10).default(0),
  /** Effort points on hand. */
  effort: int(0, 100).default(0),
  /** `002 Drawing`: a two-action draw begun (the slot) that the next draw action of that slot finishes. */
  drawing: int(0, 7).nullable().default(null),
  /** Effort points declared for the next initiative roll (D2); spent once it is rolled. */
  initiativeEffort: int(0, 100).default(0),
})
export type Live = z.output<typeof liveSchema>

/** What a sheet holds besides its live state. */
const sheetShape = {
  attributes: attributeBlock.schema,
  skills: z
    .strictObject({ firearms: ranks, throwing: ranks, melee: ranks, dodge: ranks, notice: ranks, stealth: ranks })
    .partial()
    .default({})
    .transform((s) => ({ firearms: 0, throwing: 0, melee: 0, dodge: 0, notice: 0, stealth: 0, ...s })),
  /** `002` Movement: speed points, one metre each. */
  speed: int(0, 50).default(8),
  /** The effort pool's size (the chapter spends effort but sizes it elsewhere). */
  effortMax: int(0, 100).default(0),
  /** Per-zone damage reduction (`002` Zones). */
  dr: z
    .strictObject({ head: int(0, 50), torso: int(0, 50), arms: int(0, 50), legs: int(0, 50) })
    .default({ head: 0, torso: 0, arms: 0, legs: 0 }),
  /** Which starter armour the reductions came from, if any (a label; the numbers are what count). */
  armourId: z.string().max(60).nullable().default(null),
  weapons: z.array(weaponSchema).max(8).default([]),
}

/** What the GM hands in: the live state may be left out (a fresh one is filled in). */
export const d10SheetSchema = z.strictObject({ ...sheetShape, live: liveSchema.optional() })

/** What the core stores: every sheet carries its live state. */
export const storedD10SheetSchema = z.strictObject({ ...sheetShape, live: liveSchema })

export type D10SheetInput = z.input<typeof d10SheetSchema>
export type D10Sheet = z.output<typeof storedD10SheetSchema>

/** A sheet fresh for the fight: effort full, standing, nothing declared. */
export const freshLive = (effortMax: number): Live => ({
  stance: 'standing',
  movement: 'subtle',
  aim: null,
  speedRegained: 0,
  defending: 0,
  effort: effortMax,
  initiativeEffort: 0,
  drawing: null,
})
