import { z } from 'zod'
import { RULES_JSON, TYPED } from './limits'
import { COMBATANT_KINDS, PROJECTOR_MODES, SIDES } from './records'

/**
 * Commands are intent: `{ type: 'domain/verb', payload, meta }`. They never carry rolled
 * values except the faces the GM typed in from physical dice (`meta.typedDice`).
 * Every object schema is strict so unknown keys (including `__proto__`) are refused.
 */

const MAX_TYPED_DICE = 200

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
const name = typedName(TYPED.name)
/** The same limit as a new campaign's name (createCampaign), so any campaign can be renamed. */
const campaignName = typedName(TYPED.campaignName)
const hpValue = z.number().int('must be a whole number').min(-100_000).max(100_000)
const maxHp = z.number().int('must be a whole number').min(1, 'must be at least 1').max(100_000)
const initiativeModifier = z.number().int('must be a whole number').min(-100).max(100)

export const commandMetaSchema = z.strictObject({
  commandId: commandIdSchema,
  /** The campaign the sender was looking at; a command for another campaign is refused. */
  campaignId: z
    .string()
    .regex(/^[a-z0-9-]{1,80}$/, 'must be a campaign id')
    .optional(),
  /** Faces the GM rolled at the table, consumed in order by the rolls this command asks for. */
  typedDice: z.array(z.number().int().min(1).max(1000)).max(MAX_TYPED_DICE).optional(),
})

const empty = z.strictObject({})

export const templateIdSchema = z.string().regex(idOf('template:'), 'must be a roster entry id') as z.ZodType<`template:${string}`>
export const planIdSchema = z.string().regex(idOf('plan:'), 'must be a saved encounter id') as z.ZodType<`plan:${string}`>
export const sceneIdSchema = z.string().regex(idOf('scene:'), 'must be a scene id') as z.ZodType<`scene:${string}`>
export const tokenIdSchema = z.string().regex(idOf('token:'), 'must be a token id') as z.ZodType<`token:${string}`>
export const areaMarkIdSchema = z.string().regex(idOf('areaMark:'), 'must be an area template id') as z.ZodType<`areaMark:${string}`>
/** Metres on a map: finite and within a sane field (a 4 km square). */
const metres = z.number().finite().min(-4000).max(4000)
/** An area template's radius: from a hand grenade's 10 cm fragment to an artillery strike. */
const areaRadius = z.number().finite().min(0.1, 'must be at least 0.1 m').max(500, 'must be at most 500 m')
/** A fog rectangle: a real area (at least 10 cm a side) inside the same field. */
export const fogRectSchema = z.strictObject({
  x: metres,
  y: metres,
  w: z.number().finite().min(0.1, 'must be at least 0.1 m wide').max(8000),
  h: z.number().finite().min(0.1, 'must be at least 0.1 m high').max(8000),
})
/** What the projector frames: a centre and a size in metres. */
const projectorViewSchema = z.strictObject({
  x: metres,
  y: metres,
  w: z.number().finite().min(0.5, 'must be at least 0.5 m wide').max(8000),
  h: z.number().finite().min(0.5, 'must be at least 0.5 m high').max(8000),
})
export const sceneGridSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('square'),
    cellPx: z.number().finite().min(4, 'a cell must be at least 4 px').max(1000),
    metresPerCell: z.number().finite().min(0.1).max(100),
    offsetX: z.number().finite().min(-1000).max(1000).default(0),
    offsetY: z.number().finite().min(-1000).max(1000).default(0),
  }),
  z.strictObject({ kind: z.literal('none'), pxPerMetre: z.number().finite().min(0.1).max(1000) }),
])
export const sceneImageSchema = z.strictObject({
  hash: z.string().regex(/^[0-9a-f]{64}$/, 'must be a sha256 hash'),
  ext: z.enum(['png', 'jpg', 'webp']),
  width: z.number().int().min(1).max(16384),
  height: z.number().int().min(1).max(16384),
  fileName: z.string().max(TYPED.imageFileName),
})
export const promptIdSchema = z.string().regex(idOf('prompt:'), 'must be a prompt id') as z.ZodType<`prompt:${string}`>
const shortText = (max: number) =>
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

const templateFields = {
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
const rulesPayload = z.unknown().refine((v) => jsonWithin(v, RULES_JSON), 'must be JSON of reasonable size')

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

/** One schema per command type: the single source for validation, types and the fuzzers. */
export const commandPayloadSchemas = {
  'combatant/add': z.strictObject({
    name,
    side: z.enum(SIDES),
    kind: z.enum(COMBATANT_KINDS),
    maxHp,
    hp: hpValue.optional(),
    initiativeModifier: initiativeModifier.default(0),
    hidden: z.boolean().default(false),
    rules: rulesPayload.optional(),
  }),
  'combatant/edit': z
    .strictObject({
      combatantId: combatantIdSchema,
      name: name.optional(),
      side: z.enum(SIDES).optional(),
      kind: z.enum(COMBATANT_KINDS).optional(),
      maxHp: maxHp.optional(),
      initiativeModifier: initiativeModifier.optional(),
    })
    .refine((p) => Object.keys(p).length > 1, 'names no field to change'),
  'combatant/remove': z.strictObject({ combatantId: combatantIdSchema }),
  'combatant/setHp': z.strictObject({ combatantId: combatantIdSchema, hp: hpValue }),
  'combatant/adjustHp': z.strictObject({
    combatantId: combatantIdSchema,
    delta: hpValue.refine((d) => d !== 0, 'cannot be zero'),
  }),
  'combatant/setHidden': z.strictObject({ combatantId: combatantIdSchema, hidden: z.boolean() }),
  /** The picture was stored in the campaign folder first (the importPortrait request); null goes back to initials. */
  'combatant/setPortrait': z.strictObject({ combatantId: combatantIdSchema, image: sceneImageSchema.nullable() }),
  /** The ruleset validates `rules` itself (its own schema), and names the field it refuses. */
  'combatant/setRules': z.strictObject({ combatantId: combatantIdSchema, rules: rulesPayload }),
  'attack/resolve': z.strictObject({ request: attackRequestSchema }),
  /** A check the GM calls for; the ruleset knows which checks exist and how they roll. */
  'check/roll': z.strictObject({
    combatantId: combatantIdSchema,
    check: z.string().min(1).max(80),
    dc: z.number().int().min(-1000).max(1000),
    mode: z.enum(['normal', 'advantage', 'disadvantage']).default('normal'),
    bonus: z.number().int().min(-1000).max(1000).default(0),
  }),
  'action/perform': z.strictObject({ request: actionRequestSchema }),
  /** A content file the GM imports: the ruleset checks every entry and names the bad one. */
  'content/import': z.strictObject({ fileName: z.string().min(1).max(120), text: z.string().max(TYPED.contentFile) }),
  'content/remove': z.strictObject({
    id: z.string().regex(new RegExp(`^content:[a-z0-9-]{1,${TYPED.contentSection}}:[a-z0-9-]{1,${TYPED.contentItemId}}$`)),
  }),
  /** Sheet edits from the ruleset's generic form (the ruleset turns the values into its data). */
  'combatant/setSheet': z.strictObject({ combatantId: combatantIdSchema, values: formValuesSchema }),
  /** A condition from the ruleset's list, with how long it lasts. */
  'condition/add': z.strictObject({
    combatantId: combatantIdSchema,
    condition: z.string().min(1).max(40),
    duration: conditionDurationInputSchema,
    stacks: z.number().int().min(1).max(20).default(1),
    sourceId: combatantIdSchema.nullable().default(null),
    note: shortText(TYPED.conditionNote).default(''),
  }),
  'condition/remove': z.strictObject({ combatantId: combatantIdSchema, key: z.string().min(1).max(80) }),
  /** The GM's correction of the action economy (a click on a pip): how much of a pool is spent. */
  'economy/set': z.strictObject({
    combatantId: combatantIdSchema,
    pool: z.string().min(1).max(20),
    spent: z.number().int().min(0).max(20),
  }),
  /** Drag on the ribbon: put the combatant just before another (null: at the end). */
  'initiative/move': z.strictObject({ combatantId: combatantIdSchema, beforeId: combatantIdSchema.nullable() }),
  /** The acting combatant waits; the turn passes on and it comes back with `initiative/resume`. */
  'initiative/delay': z.strictObject({ combatantId: combatantIdSchema }),
  /** A delayed combatant acts now: it takes the place after the acting one and the turn passes to it. */
  'initiative/resume': z.strictObject({ combatantId: combatantIdSchema }),
  /** Hold actions against a declared trigger (this ends the turn). */
  'hold/declare': z.strictObject({
    combatantId: combatantIdSchema,
    trigger: shortText(TYPED.heldTrigger).pipe(z.string().min(1, 'cannot be empty')),
    amount: z.number().int().min(1).max(10),
  }),
  /** The trigger came: the held actions become usable now. */
  'hold/release': z.strictObject({ combatantId: combatantIdSchema }),
  'prompt/resolve': z.strictObject({ promptId: promptIdSchema }),
  'prompt/dismiss': z.strictObject({ promptId: promptIdSchema }),
  'campaign/rename': z.strictObject({ name: campaignName }),
  /** One of the ruleset's settings for this campaign (the rulings' options, e.g. initiative each round or fixed). */
  'campaign/setRulesetSetting': z.strictObject({
    key: shortText(TYPED.settingKey).pipe(z.string().min(1, 'cannot be empty')),
    value: z.union([z.string().max(TYPED.settingValue), z.number().finite(), z.boolean()]),
  }),
  /**
   * Saves a roster entry: a new one, or (with `templateId`) over an existing one. Leaving out
   * `rules` keeps the entry's sheet (the roster's edit form has no sheet fields); null clears it.
   */
  'template/save': z.strictObject({
    templateId: templateIdSchema.optional(),
    ...templateFields,
    rules: rulesPayload.nullable().optional(),
  }),
  /** Copies a combatant (sheet and all) into the roster. */
  'template/fromCombatant': z.strictObject({ combatantId: combatantIdSchema, faction: shortText(TYPED.faction).default('') }),
  'template/duplicate': z.strictObject({ templateId: templateIdSchema }),
  'template/remove': z.strictObject({ templateId: templateIdSchema }),
  /** N numbered copies of a roster entry into the encounter ("Raider 1…6"). */
  'template/spawn': z.strictObject({
    templateId: templateIdSchema,
    count: z.number().int().min(1, 'must be at least 1').max(50, 'at most 50 at a time'),
    hidden: z.boolean().default(false),
    /** One initiative roll for the whole group (they act together), when turns are running. */
    groupInitiative: z.boolean().default(false),
  }),
  /** Saves the encounter's roster-spawned line-up to start again later. */
  'plan/save': z.strictObject({ name, groupInitiative: z.boolean().default(false) }),
  'plan/remove': z.strictObject({ planId: planIdSchema }),
  /** Starts a new encounter with a saved line-up spawned into it. */
  'plan/start': z.strictObject({ planId: planIdSchema }),
  /** A new battle map (it becomes the one in play if none is). */
  'scene/create': z.strictObject({
    name: name.default('Scene'),
    grid: sceneGridSchema.default({ kind: 'square', cellPx: 50, metresPerCell: 1, offsetX: 0, offsetY: 0 }),
  }),
  'scene/update': z
    .strictObject({ sceneId: sceneIdSchema, name: name.optional(), grid: sceneGridSchema.optional() })
    .refine((p) => Object.keys(p).length > 1, 'names no field to change'),
  /** The image was stored in the campaign folder first (the importSceneImage request); this points the scene at it. */
  'scene/setImage': z.strictObject({ sceneId: sceneIdSchema, image: sceneImageSchema.nullable() }),
  /** Puts a scene on the table (the players see it); the one before goes back to the GM's shelf. */
  'scene/activate': z.strictObject({ sceneId: sceneIdSchema }),
  'scene/remove': z.strictObject({ sceneId: sceneIdSchema }),
  /** Places a combatant's token on a scene, or moves it there: metres from the image's top-left corner. */
  'token/place': z.strictObject({ sceneId: sceneIdSchema, combatantId: combatantIdSchema, x: metres, y: metres }),
  'token/remove': z.strictObject({ tokenId: tokenIdSchema }),
  /** An area template (a grenade's blast…) on a scene: the table sees it unless `hidden`. */
  'area/place': z.strictObject({
    sceneId: sceneIdSchema,
    x: metres,
    y: metres,
    radius: areaRadius,
    label: shortText(TYPED.areaLabel).default(''),
    hidden: z.boolean().default(false),
  }),
  'area/move': z.strictObject({ areaId: areaMarkIdSchema, x: metres, y: metres }),
  'area/edit': z
    .strictObject({
      areaId: areaMarkIdSchema,
      radius: areaRadius.optional(),
      label: shortText(TYPED.areaLabel).optional(),
      hidden: z.boolean().optional(),
    })
    .refine((p) => Object.keys(p).length > 1, 'names no field to change'),
  'area/remove': z.strictObject({ areaId: areaMarkIdSchema }),
  /** Reveal all ('all') or hide all ('areas'): either starts the scene's fog over. */
  'fog/set': z.strictObject({ sceneId: sceneIdSchema, mode: z.enum(['all', 'areas']) }),
  'fog/reveal': z.strictObject({ sceneId: sceneIdSchema, rect: fogRectSchema }),
  'fog/hide': z.strictObject({ sceneId: sceneIdSchema, rect: fogRectSchema }),
  /** What the projector shows; only the fields given change. Not undoable (see isUndoable). */
  'projector/set': z
    .strictObject({ mode: z.enum(PROJECTOR_MODES).optional(), view: projectorViewSchema.optional(), blank: z.boolean().optional() })
    .refine((p) => Object.keys(p).length > 0, 'names no field to change'),
  'encounter/start': z.strictObject({ name: name.default('Encounter') }),
  /** With `groupByTemplate`, copies of one roster entry share one roll and act one after another. */
  'encounter/rollInitiative': z.strictObject({ groupByTemplate: z.boolean().default(false) }),
  'encounter/nextTurn': empty,
  'encounter/previousTurn': empty,
  'encounter/end': empty,
  'dice/roll': z.strictObject({
    expression: z.string().max(TYPED.diceExpression),
    purpose: z.string().trim().max(TYPED.rollPurpose).default('GM roll'),
    secret: z.boolean().default(false),
  }),
  'history/undo': empty,
  'history/redo': empty,
} as const

export type CommandType = keyof typeof commandPayloadSchemas
export const COMMAND_TYPES = Object.keys(commandPayloadSchemas) as CommandType[]

export type CommandMeta = z.infer<typeof commandMetaSchema>
/** Payload after validation (defaults filled in). */
export type CommandPayload<T extends CommandType> = z.output<(typeof commandPayloadSchemas)[T]>
/** Payload as a sender may write it (defaults optional). */
export type CommandInput<T extends CommandType> = z.input<(typeof commandPayloadSchemas)[T]>

export type Command = { [T in CommandType]: { type: T; payload: CommandPayload<T>; meta: CommandMeta } }[CommandType]
export type CommandDraft = { [T in CommandType]: { type: T; payload: CommandInput<T>; meta: CommandMeta } }[CommandType]

export type ValidationResult = { ok: true; command: Command } | { ok: false; message: string }

const envelopeSchema = z.strictObject({
  type: z.string().max(TYPED.commandType),
  payload: z.unknown(),
  meta: commandMetaSchema,
})

function describeIssues(error: z.ZodError, prefix: string): string {
  const first = error.issues[0]
  if (!first) return `${prefix} is invalid`
  const path = first.path.length ? `${prefix}.${first.path.map(String).join('.')}` : prefix
  return `${path} ${first.message}`
}

/** Validates any untrusted value as a command; never throws. */
export function validateCommand(input: unknown): ValidationResult {
  const envelope = envelopeSchema.safeParse(input)
  if (!envelope.success) return { ok: false, message: describeIssues(envelope.error, 'command') }
  const { type, payload, meta } = envelope.data
  if (!Object.hasOwn(commandPayloadSchemas, type)) {
    return { ok: false, message: `unknown command type "${type.slice(0, TYPED.commandType)}"` }
  }
  const schema = commandPayloadSchemas[type as CommandType]
  const parsed = schema.safeParse(payload)
  if (!parsed.success) return { ok: false, message: describeIssues(parsed.error, 'payload') }
  return { ok: true, command: { type, payload: parsed.data, meta } as Command }
}

/** Commands that change nothing on the undo stack themselves. */
export function isHistoryCommand(type: CommandType): boolean {
  return type === 'history/undo' || type === 'history/redo'
}

/**
 * Whether a command leaves an undo mark. The projector's framing and blanking are how the GM
 * drives the screen, not changes to the fight: Ctrl+Z must undo the last move, not a pan the
 * mirror sent, and undoing past them must not yank the projector about.
 */
export function isUndoable(type: CommandType): boolean {
  return !isHistoryCommand(type) && type !== 'projector/set'
}
