import { z } from 'zod'
import type { CombatantRecord, PlanRecord, TemplateRecord } from '../../../src-shared/records'
import { schemaFor } from './schema-link'
import { COMBATANT_KINDS, SIDES } from '../../../src-shared/records'
import { TYPED, WRITTEN } from '../../../src-shared/limits'
import { chars, idOf, listOf, mapOf, opaqueJson } from './schema-bounds'

/** How a campaign document's combatants, roster entries and saved encounters must look. */

export const rollSchema = z.object({
  expression: chars(WRITTEN.word),
  sides: z.number().int().min(2),
  faces: listOf(z.number().int(), WRITTEN.perFight),
  modifier: z.number(),
  total: z.number(),
  source: z.enum(['seeded', 'typed']),
  // The GM's dice/roll purposes are TYPED.rollPurpose; the rules' own name whole groups.
  purpose: chars(WRITTEN.text),
})

export const combatantIdString = idOf('combatant:')
export const sceneIdString = idOf('scene:')

const durationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('indefinite') }),
  z.object({
    kind: z.literal('rounds'),
    rounds: z.number().int().min(1),
    endsRound: z.number().int().min(0),
    at: combatantIdString.nullable(),
  }),
  z.object({ kind: z.literal('turnStart'), of: combatantIdString }),
  z.object({ kind: z.literal('turnEnd'), of: combatantIdString }),
])

const conditionSchema = z.object({
  key: chars(WRITTEN.id).min(1),
  conditionId: chars(WRITTEN.id).min(1),
  label: chars(WRITTEN.word),
  stacks: z.number().int().min(1),
  duration: durationSchema,
  sourceId: combatantIdString.nullable(),
  data: opaqueJson(WRITTEN.rulesJson).nullable(),
  note: chars(TYPED.conditionNote),
  area: z
    .object({
      sceneId: sceneIdString,
      x: z.number(),
      y: z.number(),
      radius: z.number().positive(),
      to: z.object({ x: z.number(), y: z.number() }).optional(),
    })
    .optional(),
})

/** A stored picture: a scene's background or a combatant's portrait. */
export const imageSchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  ext: z.enum(['png', 'jpg', 'webp']),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
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
    hp: z.number().int(),
    maxHp: z.number().int().min(1),
    initiativeModifier: z.number().int(),
    hidden: z.boolean(),
    initiative: z.object({ roll: rollSchema, total: z.number(), tieBreak: listOf(z.number().int(), WRITTEN.perFight) }).nullable(),
    orderKey: z.number().nullable(),
    rules: rulesData,
    conditions: listOf(conditionSchema, WRITTEN.perFight),
    spent: mapOf(chars(WRITTEN.word), z.number().int(), WRITTEN.smallMap),
    delayed: z.boolean(),
    held: z.object({ trigger: chars(TYPED.heldTrigger), amount: z.number().int().min(0), released: z.boolean() }).nullable(),
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
    maxHp: z.number().int().min(1),
    initiativeModifier: z.number().int(),
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
    entries: listOf(z.object({ templateId: idOf('template:'), count: z.number().int().min(1), hidden: z.boolean() }), WRITTEN.perFight),
    groupInitiative: z.boolean(),
  }),
)
