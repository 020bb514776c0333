import { z } from 'zod'
import type { CombatantRecord, PlanRecord, TemplateRecord } from '../../../src-shared/records'
import { schemaFor } from './schema-link'
import { COMBATANT_KINDS, SIDES } from '../../../src-shared/records'
import { BALANCE, MAP, NUMBERS, TYPED, TYPED_NUMBERS, WRITTEN } from '../../../src-shared/limits'
import { MAX_SCENE_IMAGE_SIDE } from '../../../src-shared/scene-assets'
import { amountWithin, chars, idOf, listOf, mapOf, numberIn, opaqueJson, wholeIn } from './schema-bounds'

/** How a campaign document's combatants, roster entries and saved encounters must look. */

export const rollSchema = z.object({
  expression: chars(WRITTEN.word),
  sides: wholeIn(2, NUMBERS.dieSides),
  faces: listOf(wholeIn(1, NUMBERS.dieSides), WRITTEN.perFight),
  modifier: amountWithin(NUMBERS.roll),
  total: amountWithin(NUMBERS.roll),
  source: z.enum(['seeded', 'typed', 'mixed']),
  // The GM's dice/roll purposes are TYPED.rollPurpose; the rules' own name whole groups.
  purpose: chars(WRITTEN.text),
})

// Damage goes on below zero, and rulesets derive max HP from sheets: the engine's bound, not the GM's.
export const hpSchema = wholeIn(-NUMBERS.hp, NUMBERS.hp)
const maxHpSchema = wholeIn(1, NUMBERS.hp)
// Only commands write it (the roster's ready-made NPCs within the same): exactly what they take.
const initiativeModifierSchema = wholeIn(-TYPED_NUMBERS.initiativeModifier, TYPED_NUMBERS.initiativeModifier)
/** A place in the turn order (fractions: a drag lands halfway between two), and the encounter's anchor to a removed one's. */
export const orderKeySchema = amountWithin(NUMBERS.orderKey)

export const combatantIdString = idOf('combatant:')
export const sceneIdString = idOf('scene:')

const durationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('indefinite') }),
  z.object({
    kind: z.literal('rounds'),
    rounds: wholeIn(1, NUMBERS.round),
    endsRound: wholeIn(0, NUMBERS.conditionEnds),
    at: combatantIdString.nullable(),
  }),
  z.object({ kind: z.literal('turnStart'), of: combatantIdString }),
  z.object({ kind: z.literal('turnEnd'), of: combatantIdString }),
])

const conditionSchema = z.object({
  key: chars(WRITTEN.id).min(1),
  conditionId: chars(WRITTEN.id).min(1),
  label: chars(WRITTEN.word),
  stacks: wholeIn(1, NUMBERS.count),
  duration: durationSchema,
  sourceId: combatantIdString.nullable(),
  data: opaqueJson(WRITTEN.rulesJson).nullable(),
  note: chars(TYPED.conditionNote),
  area: z
    .object({
      sceneId: sceneIdString,
      // Where a token stood, and how far the ruleset's zone reaches from it (never past the field).
      x: amountWithin(MAP.metres),
      y: amountWithin(MAP.metres),
      radius: numberIn({ min: 0, max: MAP.span, aboveMin: true }),
      to: z.object({ x: amountWithin(MAP.metres), y: amountWithin(MAP.metres) }).optional(),
    })
    .optional(),
})

/** A stored picture: a scene's background or a combatant's portrait. */
export const imageSchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  ext: z.enum(['png', 'jpg', 'webp']),
  width: wholeIn(1, MAX_SCENE_IMAGE_SIDE),
  height: wholeIn(1, MAX_SCENE_IMAGE_SIDE),
  fileName: chars(TYPED.imageFileName),
})

/** A sheet: the ruleset's, stored as the ruleset made it from what a command sent. */
export const rulesData = opaqueJson(WRITTEN.rulesJson).nullable()

export const combatantSchema = schemaFor<CombatantRecord>()(
  z.object({
    typeName: z.literal('combatant'),
    id: combatantIdString,
    name: chars(TYPED.name).min(1),
    side: z.enum(SIDES),
    kind: z.enum(COMBATANT_KINDS),
    hp: hpSchema,
    maxHp: maxHpSchema,
    initiativeModifier: initiativeModifierSchema,
    hidden: z.boolean(),
    initiative: z
      .object({
        roll: rollSchema,
        total: amountWithin(NUMBERS.roll),
        tieBreak: listOf(wholeIn(-NUMBERS.roll, NUMBERS.roll), WRITTEN.perFight),
      })
      .nullable(),
    orderKey: orderKeySchema.nullable(),
    rules: rulesData,
    conditions: listOf(conditionSchema, WRITTEN.perFight),
    spent: mapOf(chars(WRITTEN.word), wholeIn(-NUMBERS.count, NUMBERS.count), WRITTEN.smallMap),
    delayed: z.boolean(),
    held: z.object({ trigger: chars(TYPED.heldTrigger), amount: wholeIn(0, TYPED_NUMBERS.heldActions), released: z.boolean() }).nullable(),
    templateId: idOf('template:').nullable(),
    // Optional: combatants from before portraits have none (no schema version bump needed).
    portrait: imageSchema.optional(),
  }),
)

export const templateSchema = schemaFor<TemplateRecord>()(
  z.object({
    typeName: z.literal('template'),
    id: idOf('template:'),
    name: chars(TYPED.name).min(1),
    side: z.enum(SIDES),
    kind: z.enum(COMBATANT_KINDS),
    maxHp: maxHpSchema,
    initiativeModifier: initiativeModifierSchema,
    rules: rulesData,
    faction: chars(TYPED.faction),
    tags: listOf(chars(TYPED.tag), TYPED.tagsPerEntry),
  }),
)

export const planSchema = schemaFor<PlanRecord>()(
  z.object({
    typeName: z.literal('plan'),
    id: idOf('plan:'),
    name: chars(TYPED.name).min(1),
    // A count of one entry's copies in a fight: never more than the records a document holds.
    entries: listOf(z.object({ templateId: idOf('template:'), count: wholeIn(1, WRITTEN.records), hidden: z.boolean() }), WRITTEN.perFight),
    groupInitiative: z.boolean(),
    // Issue 35: absent on encounters saved before the badge existed.
    badge: z
      .object({
        win: z.number().min(0).max(1),
        winInterval: z.number().min(0).max(1),
        down: z.number().min(0).max(1),
        downInterval: z.number().min(0).max(1),
        fights: wholeIn(1, BALANCE.fights.max),
        at: chars(40),
        party: z.string().regex(/^[0-9a-f]{16}$/),
      })
      .nullable()
      .optional(),
  }),
)
