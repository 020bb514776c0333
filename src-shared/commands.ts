import { z } from 'zod'
import { COMBATANT_KINDS, SIDES } from './records'

/**
 * Commands are intent: `{ type: 'domain/verb', payload, meta }`. They never carry rolled
 * values except the faces the GM typed in from physical dice (`meta.typedDice`).
 * Every object schema is strict so unknown keys (including `__proto__`) are refused.
 */

const MAX_TYPED_DICE = 200

export const commandIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1–64 letters, digits, _ or -')
export const combatantIdSchema = z
  .string()
  .regex(/^combatant:[A-Za-z0-9_-]{1,64}$/, 'must be a combatant id') as z.ZodType<`combatant:${string}`>

const name = z
  .string()
  .trim()
  .min(1, 'cannot be empty')
  .max(60, 'must be at most 60 characters')
  .refine((s) => !/[\u0000-\u001f]/.test(s), 'cannot contain control characters')
const hpValue = z.number().int('must be a whole number').min(-100_000).max(100_000)
const maxHp = z.number().int('must be a whole number').min(1, 'must be at least 1').max(100_000)
const initiativeModifier = z.number().int('must be a whole number').min(-100).max(100)

export const commandMetaSchema = z.strictObject({
  commandId: commandIdSchema,
  /** The campaign the sender was looking at; a command for another campaign is refused. */
  campaignId: z.string().regex(/^[a-z0-9-]{1,80}$/, 'must be a campaign id').optional(),
  /** Faces the GM rolled at the table, consumed in order by the rolls this command asks for. */
  typedDice: z.array(z.number().int().min(1).max(1000)).max(MAX_TYPED_DICE).optional(),
})

const empty = z.strictObject({})

/** Ruleset data: any JSON up to a size and depth the core accepts before the ruleset looks at it. */
const rulesPayload = z.unknown().refine((v) => v !== undefined && jsonDepth(v) <= 12 && JSON.stringify(v).length <= 200_000, 'must be JSON of reasonable size')

function jsonDepth(v: unknown, depth = 0): number {
  if (depth > 12 || typeof v !== 'object' || v === null) return depth
  return Math.max(depth, ...Object.values(v).map((x) => jsonDepth(x, depth + 1)))
}

export const formValuesSchema = z
  .record(z.string().max(40), z.union([z.string().max(80), z.number(), z.boolean()]))
  .refine((o) => Object.keys(o).length <= 60, 'has too many fields')

const optionValues = z.record(z.string().max(40), z.union([z.string().max(40), z.number(), z.boolean()])).refine((o) => Object.keys(o).length <= 40, 'has too many options')

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
  options: z.record(z.string().max(40), z.union([z.string().max(40), z.number(), z.boolean()])).refine((o) => Object.keys(o).length <= 40, 'has too many options'),
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
  'content/import': z.strictObject({ fileName: z.string().min(1).max(120), text: z.string().max(2_000_000) }),
  'content/remove': z.strictObject({ id: z.string().regex(/^content:[a-z0-9-]{1,40}:[a-z0-9-]{1,80}$/) }),
  /** Sheet edits from the ruleset's generic form (the ruleset turns the values into its data). */
  'combatant/setSheet': z.strictObject({ combatantId: combatantIdSchema, values: formValuesSchema }),
  'encounter/start': z.strictObject({ name: name.default('Encounter') }),
  'encounter/rollInitiative': empty,
  'encounter/nextTurn': empty,
  'encounter/previousTurn': empty,
  'encounter/end': empty,
  'dice/roll': z.strictObject({
    expression: z.string().max(40),
    purpose: z.string().trim().max(60).default('GM roll'),
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
  type: z.string().max(64),
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
    return { ok: false, message: `unknown command type "${type.slice(0, 64)}"` }
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
