import { z } from 'zod'
import { cost, id, level, name, note, STAT_NAMES } from './pack-fields'
import { MELEE_SIZES, attachmentSchema, meleeWeaponSchema, rangedWeaponSchema, thrownWeaponSchema } from './weapon-schemas'

/**
 * The project's own format for Compound X content (weapons, attachments, armour, shields,
 * classes, species). Numbers come from the reference data; names are the items' names;
 * descriptions, where present, are short and in our own words.
 *
 * Every file of a pack is `{ "kind": <section>, "entries": [...] }`; a pack may split a
 * section over several files. Ids are kebab-case and unique within their section.
 */

// The format's one entry point: the shared vocabulary and the weapon sections live in their own files.
export { DAMAGE_TYPES, STAT_NAMES, type DamageType, type StatName } from './pack-fields'
export * from './weapon-schemas'

export const ARMOUR_FAMILIES = ['recon', 'light', 'medium', 'medium-heavy', 'heavy', 'concealed', 'eva'] as const

export const armourRigSchema = z.strictObject({
  id,
  name,
  family: z.enum(ARMOUR_FAMILIES),
  piece: z.enum(['chest', 'arm', 'leg', 'helmet', 'suit', 'other']),
  advanced: z.boolean(),
  level,
  cost,
  /** Coverage this piece adds with a material installed; null where it holds no armour. */
  coverage: z.number().int().min(0).max(100).nullable(),
  magazineSpace: z.number().int().min(0),
  hardPoints: z.number().int().min(0),
  /** Metres of movement lost (positive number). */
  movementPenalty: z.number().min(0),
  /** `000` EVA Suits: an EVA suit's "Suit Integrity", the health-damaging hits it holds air through; null for anything else. */
  suitIntegrity: z.number().int().min(1).max(1000).nullable().default(null),
  note,
})
export type ArmourRig = z.infer<typeof armourRigSchema>

export const armourMaterialSchema = z.strictObject({
  id,
  name,
  level,
  costChest: cost,
  costLimb: cost,
  apl: z.number().int().min(0),
  /** Armour strength: the armour points (AS/AP) that drain before health (CX12). */
  armourStrength: z.number().int().min(0),
  note,
})
export type ArmourMaterial = z.infer<typeof armourMaterialSchema>

export const shieldSchema = z.strictObject({
  id,
  name,
  level,
  cost,
  hardPoints: z.number().int().min(0),
  strength: z.number().int().min(1),
  /** Turns down after reaching 0 (CX14); 0 = restarts at the start of every turn. */
  restartTurns: z.number().int().min(0),
  rechargePerTurn: z.number().int().min(0),
  /** Nanites to fast-recharge at turn start; null = cannot fast recharge. */
  fastRechargeNanites: z.number().int().min(0).nullable(),
  /** Blocks every damage type, not only laser/plasma. */
  blocksAllDamage: z.boolean(),
  secondary: z
    .strictObject({
      cost,
      hardPoints: z.number().int().min(0),
      /** Choices offered per secondary module (one is decided on purchase). */
      options: z
        .array(
          z.strictObject({
            strength: z.number().int().min(0),
            rechargePerTurn: z.number().int().min(0),
            fastRechargeNanites: z.number().int().min(0),
          }),
        )
        .min(1),
    })
    .nullable(),
  note,
})
export type Shield = z.infer<typeof shieldSchema>

/**
 * A primary cloaking module (Armors, Cloaking Equipment; `001` Cloaking Modules). Secondary
 * modules are not modelled (SR-CX-90): the primary's own numbers are the ones the rules read.
 */
export const cloakModuleSchema = z.strictObject({
  id,
  name,
  level,
  cost,
  stealthRequired: z.number().int().min(0),
  hardPoints: z.number().int().min(0),
  detectDc: z.number().int().min(0),
  movingDetectDc: z.number().int().min(0),
  /** Added to the level's Cloak Turns; null for no limit (the Passive Camouflage Module's "+Infinite"). */
  cloakTurnBonus: z.number().int().min(0).nullable(),
  /** Actions to wait after the cloak ends before cloaking again. */
  chargeDelayActions: z.number().int().min(0),
  activationNanites: z.number().int().min(0),
  upkeepNanites: z.number().int().min(0),
  /** A combat action ends the cloak; false for the Passive Camouflage Module, which "does not fail when you attack". */
  endsOnAttack: z.boolean(),
  note,
})
export type CloakModule = z.infer<typeof cloakModuleSchema>

export const classSchema = z.strictObject({
  id,
  name,
  primaryAttribute: z.enum(STAT_NAMES),
  /** Added to initiative rolls (Soldier +15; CX19). */
  initiativeBonus: z.number().int(),
  weaponProficiencies: z.array(z.string().min(1).max(60)),
  meleeProficiencies: z.array(z.enum(MELEE_SIZES)),
  armourProficiencies: z.array(z.string().min(1).max(60)),
  skillProficiencies: z.array(z.string().min(1).max(80)),
  note,
})
export type CharacterClass = z.infer<typeof classSchema>

export const speciesSchema = z.strictObject({
  id,
  name,
  type: z.enum(['organic', 'mechanical', 'other']),
  size: z.enum(['small', 'medium', 'large']),
  startingStatPoints: z.number().int().min(0),
  /** Fixed stat changes; free points to spend go in `freeStatPoints`. */
  statModifiers: z.partialRecord(z.enum(STAT_NAMES), z.number().int()),
  freeStatPoints: z.number().int().min(0),
  note,
})
export type Species = z.infer<typeof speciesSchema>

export const PACK_SECTIONS = {
  'ranged-weapons': rangedWeaponSchema,
  'melee-weapons': meleeWeaponSchema,
  'thrown-weapons': thrownWeaponSchema,
  attachments: attachmentSchema,
  'armour-rigs': armourRigSchema,
  'armour-materials': armourMaterialSchema,
  shields: shieldSchema,
  'cloaking-modules': cloakModuleSchema,
  classes: classSchema,
  species: speciesSchema,
} as const
export type PackSection = keyof typeof PACK_SECTIONS

export const manifestSchema = z.strictObject({
  id,
  name,
  version: z.string().regex(/^\d+\.\d+\.\d+$/),
  ruleset: z.literal('compound-x'),
  /** Required by the source's licence: who made the numbers, and under which terms. */
  credits: z.string().min(1),
  licenceFile: z.string().min(1),
  files: z.array(z.string().regex(/^[a-z0-9-]+\.json$/)).min(1),
})
export type PackManifest = z.infer<typeof manifestSchema>
