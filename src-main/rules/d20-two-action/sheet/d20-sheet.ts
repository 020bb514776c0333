import { z } from 'zod'
import { statBlock } from '../../kit/stat-block'

/**
 * The d20 two-action sheet. The document names Strength, Dexterity and Magic for attacks, and
 * Awareness (feints), Vitality (shaking off a stun) and Willpower (aether criticals) for tests;
 * they are the six attributes here. Hit points are the GM's number (the chapter sets none).
 */
const attributeBlock = statBlock(
  { str: 'Strength', dex: 'Dexterity', mag: 'Magic', per: 'Awareness', vit: 'Vitality', wil: 'Willpower' },
  z.number().int().min(-5).max(30),
)
export const ATTRIBUTES = attributeBlock.keys
export type Attribute = (typeof ATTRIBUTES)[number]
export const ATTRIBUTE_LABELS = attributeBlock.labels

/** `003 Damage Types`, plus fire (what Burned deals). */
export const DAMAGE_TYPES = ['slashing', 'piercing', 'concussive', 'rending', 'aether', 'fire'] as const
export type DamageType = (typeof DAMAGE_TYPES)[number]

/** `003 Attack Modifiers` Size, largest first. */
export const SIZES = ['giant', 'huge', 'large', 'medium', 'small', 'tiny', 'flea'] as const
export type Size = (typeof SIZES)[number]

/** W4: the reactions that answer an attack; an attack of opportunity is a reaction too (`003 Reactions`). */
export const DEFENCES = ['dodge', 'parry', 'riposte', 'counterspell', 'rebound'] as const
export type Defence = (typeof DEFENCES)[number]
export type ReactionKind = Defence | 'opportunity'

/** W5: the statuses a weapon or spell may bring on a hit. */
export const STATUSES = ['bleeding', 'burned', 'shocked', 'frozen', 'stunned'] as const
export type StatusId = (typeof STATUSES)[number]

const name = z.string().trim().min(1).max(60)

const common = {
  name,
  dice: z.strictObject({ count: z.number().int().min(1).max(10), sides: z.number().int().min(2).max(20) }),
  /** The lowest natural roll that crits (20: only a 20; 19: 19–20). */
  critFrom: z.number().int().min(2).max(20).default(20),
  damageType: z.enum(DAMAGE_TYPES),
  /** `003 Proficiency`: untrained, a basic weapon is −2 and an advanced one −4. */
  category: z.enum(['basic', 'advanced']).default('basic'),
  proficient: z.boolean().default(true),
  /** W5: a status this brings on a hit: X d4 a turn, X a number or an attribute of the attacker. */
  inflicts: z
    .strictObject({ status: z.enum(STATUSES), dice: z.union([z.number().int().min(1).max(20), z.enum(ATTRIBUTES)]) })
    .nullable()
    .default(null),
}

/**
 * A gun's ammunition (`003 Combat Actions` Burst, Full Auto, Reload). `burst` is the rounds a
 * Burst fires (0: the gun cannot burst); `auto` whether it can fire Full Auto; `loaded` what is
 * in the magazine now and `spares` the full magazines carried. The document's weapon chart is
 * in a chapter we do not have, so these are the GM's numbers (SR-D20-30).
 */
export const magazineSchema = z
  .strictObject({
    capacity: z.number().int().min(1).max(200),
    loaded: z.number().int().min(0).max(200),
    spares: z.number().int().min(0).max(20).default(0),
    burst: z.number().int().min(0).max(20).default(0),
    auto: z.boolean().default(false),
  })
  .refine((m) => m.loaded <= m.capacity, { message: 'A magazine cannot hold more rounds than its capacity.' })
export type Magazine = z.output<typeof magazineSchema>

/** What a weapon or spell is, by how it attacks (W3: the attribute follows the attack). */
export const weaponSchema = z.discriminatedUnion('attack', [
  z.strictObject({ attack: z.literal('melee'), ...common }),
  z.strictObject({ attack: z.literal('finesse'), ...common }),
  z.strictObject({
    attack: z.literal('ranged'),
    ...common,
    /** `003 Attack Modifiers` Distance: within 5 feet a handgun is +2, a two-handed gun −4. */
    handling: z.enum(['handgun', 'two-handed', 'other']).default('other'),
    /** Metres; beyond it the target is out of range. */
    range: z.number().min(0).max(2000).nullable().default(null),
    /** Null: ammunition not tracked (bows, and sheets stored before it was): no burst, no auto, never empty. */
    magazine: magazineSchema.nullable().default(null),
  }),
  z.strictObject({
    attack: z.literal('spell'),
    ...common,
    /** A magical ability costs One or Two Actions (`003 Your Turn`). */
    actions: z.union([z.literal(1), z.literal(2)]).default(1),
    range: z.number().min(0).max(2000).nullable().default(null),
  }),
])

/** The fight's running numbers; reset at the turn and round edges that the rulings name. */
export const liveSchema = z.strictObject({
  /** W2: attacks and magical abilities made in its own turn (reset as its turn starts). */
  attacksThisTurn: z.number().int().min(0).max(20).default(0),
  /**
   * W2: the reactions made this round, by kind (no kind twice). `pool` marks those the core
   * counted from the reaction pool (an act out of turn); the others were made inside someone
   * else's attack and are counted here.
   */
  reactions: z
    .array(z.strictObject({ kind: z.enum([...DEFENCES, 'opportunity']), pool: z.boolean() }))
    .max(4)
    .default([]),
  /** `003 Damage Types` Concussive: armour rating lost to critical hits until repaired. */
  armourDamage: z.number().int().min(0).max(40).default(0),
  /**
   * `003 Combat Actions` Draw/Sheath weapon: the weapon slots in hand. Null until the first draw
   * or sheathe: then the first weapon that is not a spell counts as drawn (SR-D20-11), so sheets
   * stored before this was tracked fight as they did.
   */
  drawn: z.array(z.number().int().min(0).max(5)).max(6).nullable().default(null),
  /**
   * `003 Engaged`: the foes it is in melee with (SR-D20-32), each with the slot that foe strikes
   * it with (bare hands: one past its weapons). Moving away from one draws that foe's attack of
   * opportunity; kept here because a move only shows the ruleset the mover.
   */
  engagedWith: z
    .array(
      z.strictObject({
        id: z.string().startsWith('combatant:').max(120),
        name: z.string().max(200),
        weapon: z.number().int().min(0).max(6),
      }),
    )
    .max(12)
    .default([]),
})

export const d20SheetSchema = z.strictObject({
  attributes: attributeBlock.schema,
  size: z.enum(SIZES).default('medium'),
  /** The hit test must reach this (W3); with worn armour, concussive criticals wear it down. */
  armourRating: z.number().int().min(0).max(40),
  /** The armour worn, by name, or null for none (then concussive criticals do nothing to it). */
  armour: name.nullable().default(null),
  /** W5: resistant halves, weak doubles; one or the other per damage type. */
  affinities: z.partialRecord(z.enum(DAMAGE_TYPES), z.enum(['resistant', 'weak'])).default({}),
  feats: z
    .strictObject({ combatProwess: z.boolean().default(false), graceAndFinesse: z.boolean().default(false) })
    .default({ combatProwess: false, graceAndFinesse: false }),
  /** W4: the reaction skills it has. */
  defences: z.array(z.enum(DEFENCES)).max(DEFENCES.length).default([]),
  weapons: z.array(weaponSchema).max(6).default([]),
  live: liveSchema.default({ attacksThisTurn: 0, reactions: [], armourDamage: 0, drawn: null, engagedWith: [] }),
})

export type D20SheetInput = z.input<typeof d20SheetSchema>
export type D20Sheet = z.output<typeof d20SheetSchema>
export type Weapon = z.output<typeof weaponSchema>
export type WeaponInput = z.input<typeof weaponSchema>
export type Live = D20Sheet['live']
export type AttackKind = Weapon['attack']
