import { z } from 'zod'
import { MAP, RULES_JSON, TYPED, TYPED_NUMBERS } from './limits'
import { MAX_SCENE_IMAGE_SIDE } from './scene-assets'
import { COMBATANT_KINDS, SIDES } from './records'

/**
 * The fields commands are built of: ids, names the GM types, numbers with their ranges, map
 * geometry, ruleset data and requests. Every object schema is strict so unknown keys
 * (including `__proto__`) are refused.
 */

export const MAX_TYPED_DICE = 200

/** A command id, and a record id after its type prefix. */
const idOf = (prefix: string) => new RegExp(`^${prefix}[A-Za-z0-9_-]{1,${TYPED.id}}$`)

export const commandIdSchema = z.string().regex(idOf(''), `must be 1–${TYPED.id} letters, digits, _ or -`)
export const combatantIdSchema = z.string().regex(idOf('combatant:'), 'must be a combatant id') as z.ZodType<`combatant:${string}`>

/** A name the GM types: trimmed, not empty, no control characters. */
const typedName = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'cannot be empty')
    .max(max, `must be at most ${max} characters`)
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    .refine((s) => !/[\u0000-\u001f]/.test(s), 'cannot contain control characters')
export const name = typedName(TYPED.name)
/** The same limit as a new campaign's name (createCampaign), so any campaign can be renamed. */
export const campaignName = typedName(TYPED.campaignName)
export const hpValue = z.number().int('must be a whole number').min(-TYPED_NUMBERS.hp).max(TYPED_NUMBERS.hp)
export const maxHp = z.number().int('must be a whole number').min(1, 'must be at least 1').max(TYPED_NUMBERS.hp)
export const initiativeModifier = z
  .number()
  .int('must be a whole number')
  .min(-TYPED_NUMBERS.initiativeModifier)
  .max(TYPED_NUMBERS.initiativeModifier)

export const commandMetaSchema = z.strictObject({
  commandId: commandIdSchema,
  /** The campaign the sender was looking at; a command for another campaign is refused. */
  campaignId: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/, 'must be a campaign id')
    .optional(),
  /** Faces the GM rolled at the table, consumed in order by the rolls this command asks for. */
  typedDice: z.array(z.number().int().min(1).max(1000)).max(MAX_TYPED_DICE).optional(),
  /** The engine rolls (seeded) whatever dice the typed faces leave out, instead of refusing. */
  rollMissing: z.literal(true).optional(),
  /** Issue 17: the autopilot chose this act; its log lines say so. */
  autopilot: z.literal(true).optional(),
})

export const empty = z.strictObject({})

export const templateIdSchema = z.string().regex(idOf('template:'), 'must be a roster entry id') as z.ZodType<`template:${string}`>
export const planIdSchema = z.string().regex(idOf('plan:'), 'must be a saved encounter id') as z.ZodType<`plan:${string}`>
export const sceneIdSchema = z.string().regex(idOf('scene:'), 'must be a scene id') as z.ZodType<`scene:${string}`>
export const tokenIdSchema = z.string().regex(idOf('token:'), 'must be a token id') as z.ZodType<`token:${string}`>
export const areaMarkIdSchema = z.string().regex(idOf('areaMark:'), 'must be an area template id') as z.ZodType<`areaMark:${string}`>
export const wallIdSchema = z.string().regex(idOf('wall:'), 'must be a wall id') as z.ZodType<`wall:${string}`>
/** Metres on a map: finite and within a sane field. The document takes the same (MAP). */
export const metres = z.number().finite().min(-MAP.metres).max(MAP.metres)
export const areaRadius = z
  .number()
  .finite()
  .min(MAP.areaRadius.min, `must be at least ${MAP.areaRadius.min} m`)
  .max(MAP.areaRadius.max, `must be at most ${MAP.areaRadius.max} m`)
const span = (min: number, what: string) => z.number().finite().min(min, `must be at least ${min} m ${what}`).max(MAP.span)
/** A fog rectangle: a real area inside the same field. */
export const fogRectSchema = z.strictObject({ x: metres, y: metres, w: span(MAP.fogSide, 'wide'), h: span(MAP.fogSide, 'high') })
/** What the projector frames: a centre and a size in metres. */
export const projectorViewSchema = z.strictObject({
  x: metres,
  y: metres,
  w: span(MAP.projectorSide, 'wide'),
  h: span(MAP.projectorSide, 'high'),
})
const gridOffset = z.number().finite().min(-MAP.gridOffsetPx).max(MAP.gridOffsetPx).default(0)
export const sceneGridSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('square'),
    cellPx: z.number().finite().min(MAP.cellPx.min, `a cell must be at least ${MAP.cellPx.min} px`).max(MAP.cellPx.max),
    metresPerCell: z.number().finite().min(MAP.metresPerCell.min).max(MAP.metresPerCell.max),
    offsetX: gridOffset,
    offsetY: gridOffset,
  }),
  z.strictObject({ kind: z.literal('none'), pxPerMetre: z.number().finite().min(MAP.pxPerMetre.min).max(MAP.pxPerMetre.max) }),
])
export const sceneImageSchema = z.strictObject({
  hash: z.string().regex(/^[0-9a-f]{64}$/, 'must be a sha256 hash'),
  ext: z.enum(['png', 'jpg', 'webp']),
  width: z.number().int().min(1).max(MAX_SCENE_IMAGE_SIDE),
  height: z.number().int().min(1).max(MAX_SCENE_IMAGE_SIDE),
  fileName: z.string().max(TYPED.imageFileName),
})
export const promptIdSchema = z.string().regex(idOf('prompt:'), 'must be a prompt id') as z.ZodType<`prompt:${string}`>
export const shortText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    .refine((s) => !/[\u0000-\u001f]/.test(s), 'cannot contain control characters')

/** How long a condition the GM puts on lasts, as the GM says it; the core anchors round counts. */
export const conditionDurationInputSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('indefinite') }),
  z.strictObject({ kind: z.literal('rounds'), rounds: z.number().int().min(1, 'must be at least 1 round').max(100) }),
  z.strictObject({ kind: z.literal('turnStart'), of: combatantIdSchema }),
  z.strictObject({ kind: z.literal('turnEnd'), of: combatantIdSchema }),
])
export type ConditionDurationInput = z.infer<typeof conditionDurationInputSchema>

export const templateFields = {
  name,
  side: z.enum(SIDES),
  kind: z.enum(COMBATANT_KINDS),
  maxHp,
  initiativeModifier: initiativeModifier.default(0),
  faction: shortText(TYPED.faction).default(''),
  tags: z
    .array(shortText(TYPED.tag).pipe(z.string().min(1)))
    .max(TYPED.tagsPerEntry)
    .default([]),
}

/** Ruleset data: any JSON up to a size and depth the core accepts before the ruleset looks at it. */
export const rulesPayload = z.unknown().refine((v) => jsonWithin(v, RULES_JSON), 'must be JSON of reasonable size')

/**
 * Whether a value is JSON within a length and a depth. The depth is measured first and stops
 * one level past the bound, so a value nested past any stack is refused, never recursed into.
 */
export function jsonWithin(v: unknown, bounds: { readonly chars: number; readonly depth: number }): boolean {
  return v !== undefined && jsonDepth(v, bounds.depth) <= bounds.depth && JSON.stringify(v).length <= bounds.chars
}

function jsonDepth(v: unknown, max: number, depth = 0): number {
  if (depth > max || typeof v !== 'object' || v === null) return depth
  return Math.max(depth, ...Object.values(v).map((x) => jsonDepth(x, max, depth + 1)))
}

export const formValuesSchema = z
  .record(z.string().max(40), z.union([z.string().max(80), z.number(), z.boolean()]))
  .refine((o) => Object.keys(o).length <= 60, 'has too many fields')

const optionValues = z
  .record(z.string().max(40), z.union([z.string().max(40), z.number(), z.boolean()]))
  .refine((o) => Object.keys(o).length <= 40, 'has too many options')

export const actionRequestSchema = z.strictObject({
  actorId: combatantIdSchema,
  action: z.string().min(1).max(40),
  targetId: combatantIdSchema.nullable(),
  areaId: areaMarkIdSchema.optional(),
  options: optionValues,
})

export const attackRequestSchema = z.strictObject({
  attackerId: combatantIdSchema,
  targetId: combatantIdSchema,
  weapon: z.number().int().min(0).max(16),
  mode: z.string().max(20),
  options: z
    .record(z.string().max(40), z.union([z.string().max(40), z.number(), z.boolean()]))
    .refine((o) => Object.keys(o).length <= 40, 'has too many options'),
})

/**
 * How a check is rolled: plain, the better or worse of two, or the average of two (rounded
 * down). A ruleset says which of these it offers (`checks.modes`); the command carries any.
 */
export const CHECK_MODES = ['normal', 'advantage', 'disadvantage', 'average'] as const
export type CheckMode = (typeof CHECK_MODES)[number]
export const checkModeSchema = z.enum(CHECK_MODES)
