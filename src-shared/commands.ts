import { z } from 'zod'
import { combatantCommands } from './combatant-commands'
import { commandMetaSchema } from './command-fields'
import { TYPED } from './limits'
import { tableCommands } from './table-commands'
import { wallCommands } from './wall-commands'

/**
 * Commands are intent: `{ type: 'domain/verb', payload, meta }`. They never carry rolled
 * values except the faces the GM typed in from physical dice (`meta.typedDice`).
 * Every object schema is strict so unknown keys (including `__proto__`) are refused. The
 * fields are in command-fields.ts, the payloads by family in combatant-commands.ts and
 * table-commands.ts and wall-commands.ts; this module gathers them and is what the rest of the app imports.
 */

export {
  actionRequestSchema,
  areaMarkIdSchema,
  attackRequestSchema,
  combatantIdSchema,
  commandIdSchema,
  commandMetaSchema,
  type ConditionDurationInput,
  conditionDurationInputSchema,
  fogRectSchema,
  formValuesSchema,
  jsonWithin,
  planIdSchema,
  promptIdSchema,
  sceneGridSchema,
  sceneIdSchema,
  sceneImageSchema,
  templateIdSchema,
  tokenIdSchema,
  wallIdSchema,
} from './command-fields'

/** One schema per command type: the single source for validation, types and the fuzzers. */
export const commandPayloadSchemas = { ...combatantCommands, ...tableCommands, ...wallCommands } as const

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
 * mirror sent, and undoing past them must not yank the projector about. A saved encounter's
 * difficulty badge (issue 35) arrives from a background forecast: Ctrl+Z after a save must undo
 * the save, not the badge that came in after it.
 */
export function isUndoable(type: CommandType): boolean {
  return !isHistoryCommand(type) && type !== 'projector/set' && type !== 'plan/badge'
}
