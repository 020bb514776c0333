import { z } from 'zod'
import { NUMBERS, TYPED, WRITTEN } from '../../../src-shared/limits'
import type { StoredRecord } from '../state/stored-records'
import { CONTENT_ID_CHARS, campaignSchema, contentSchema, encounterSchema, logSchema, promptSchema, rngSchema } from './campaign-schemas'
import { combatantSchema, planSchema, templateSchema } from './combatant-schemas'
import { inOrderOf } from './document-key-order'
import { numberCheck } from './number-walk'
import { areaMarkSchema, projectorSchema, sceneSchema, tokenSchema, wallSchema } from './scene-schemas'
import { storySchema } from './story-schemas'
import { chars, counted, keyCount, listOf, mapOf, tooMany, wholeIn } from './schema-bounds'

/**
 * What a campaign file must look like to be opened. A hand-edited or damaged file is
 * checked record by record so the error can name the record and field. Every string, list
 * and map has a bound (src-shared/limits.ts): what the GM types exactly the commands' own,
 * what the engine writes well past anything it makes. Objects keep only the fields named
 * here; anything else in a file is dropped when it is read (readDocument).
 */

/** What an undo mark may restore: any record but the history itself. */
const undoableRecordSchema = z.discriminatedUnion('typeName', [
  combatantSchema,
  templateSchema,
  planSchema,
  promptSchema,
  sceneSchema,
  tokenSchema,
  areaMarkSchema,
  wallSchema,
  contentSchema,
  encounterSchema,
  logSchema,
  campaignSchema,
  rngSchema,
  storySchema,
])

// Marks are checked as strictly as live records: undo would put them back into play.
const markSchema = z.object({
  commandId: chars(TYPED.id),
  commandType: chars(TYPED.commandType),
  label: chars(WRITTEN.word),
  changes: listOf(
    z.object({ id: chars(CONTENT_ID_CHARS), from: undoableRecordSchema.nullable(), to: undoableRecordSchema.nullable() }),
    WRITTEN.records,
  ),
})

const historySchema = z.object({
  typeName: z.literal('history'),
  id: z.literal('history'),
  undo: listOf(markSchema, WRITTEN.marks),
  redo: listOf(markSchema, WRITTEN.marks),
})

const recordSchema = z.discriminatedUnion('typeName', [
  combatantSchema,
  templateSchema,
  planSchema,
  promptSchema,
  sceneSchema,
  tokenSchema,
  areaMarkSchema,
  wallSchema,
  contentSchema,
  encounterSchema,
  logSchema,
  campaignSchema,
  rngSchema,
  historySchema,
  projectorSchema,
  storySchema,
])

export const CURRENT_SCHEMA_VERSION = 2

export interface CampaignDocument {
  schemaVersion: number
  /** Journal entries up to this seq are folded into `records`. */
  journalSeq: number
  records: Record<string, StoredRecord>
}

/** The key a record is stored under, which must be its id (checked after parsing). */
const recordKey = chars(CONTENT_ID_CHARS)

export const documentSchema = z.object({
  schemaVersion: z.literal(CURRENT_SCHEMA_VERSION),
  journalSeq: wholeIn(0, NUMBERS.journal),
  records: mapOf(recordKey, recordSchema, WRITTEN.records),
})

export type DocumentRead = { readonly ok: true; readonly document: CampaignDocument } | { readonly ok: false; readonly problem: string }

/**
 * Checks a document as it came from a file and gives back what goes on: the parsed document,
 * holding only the fields this schema names (anything else, at any depth, is dropped), in the
 * file's key order so a campaign exports as it was imported. Or the first problem in words
 * ("records › combatant:n3 › hp: expected number").
 */
export function readDocument(value: unknown): DocumentRead {
  // Counted before parsing: a file of a million-odd tiny records is refused without checking each.
  const given = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)['records'] : undefined
  const count = typeof given === 'object' && given !== null ? keyCount(given) : 0
  if (count > WRITTEN.records) return { ok: false, problem: `records: ${tooMany(count, WRITTEN.records)}` }
  const parsed = documentSchema.safeParse(value)
  if (!parsed.success) return { ok: false, problem: describeIssue(parsed.error.issues[0]!) }
  for (const [key, r] of Object.entries(parsed.data.records)) {
    if (key !== r.id) return { ok: false, problem: `records › ${shortened(key)}: its id says "${shortened(r.id)}"` }
  }
  if (!parsed.data.records['campaign']) return { ok: false, problem: 'records: the campaign record is missing' }
  if (!parsed.data.records['rng']) return { ok: false, problem: 'records: the random generator record is missing' }
  return { ok: true, document: inOrderOf(parsed.data, value) as CampaignDocument }
}

/**
 * A document this data folder's Salvo wrote and sealed (document-seal.ts), byte for byte: its
 * records were checked as they entered the store, so only its shape is checked here, not each
 * record again. Null when even that is off (then the caller checks it in full, for the message).
 */
export function readSealedDocument(value: unknown): DocumentRead | null {
  if (typeof value !== 'object' || value === null) return null
  const { schemaVersion, journalSeq, records } = value as Record<string, unknown>
  if (schemaVersion !== CURRENT_SCHEMA_VERSION || !Number.isSafeInteger(journalSeq)) return null
  if ((journalSeq as number) < 0 || (journalSeq as number) > NUMBERS.journal) return null
  if (typeof records !== 'object' || records === null || Array.isArray(records) || keyCount(records) > WRITTEN.records) return null
  for (const [key, r] of Object.entries(records)) {
    if (typeof r !== 'object' || r === null || (r as { id?: unknown }).id !== key) return null
  }
  const map = records as Record<string, StoredRecord>
  if (map['campaign']?.typeName !== 'campaign' || map['rng']?.typeName !== 'rng') return null
  return { ok: true, document: { schemaVersion, journalSeq: journalSeq as number, records: map } }
}

/** Returns the first problem in words ("records › combatant:n3 › hp: expected number"), or null. */
export function documentProblem(value: unknown): string | null {
  const read = readDocument(value)
  return read.ok ? null : read.problem
}

const recordNumbers = numberCheck(recordSchema)!

/**
 * The first number in a record the engine built that the document check would refuse, in words
 * ("story › told: is …"), or null. Numbers are what grows command by command (a seq, a round,
 * a fight's damage); what the engine writes otherwise is bounded where it is made (WRITTEN). The
 * history is passed over: its marks hold records each checked on its way into the store.
 */
export function recordNumberProblem(record: StoredRecord): string | null {
  if (record.typeName === 'history') return null
  const issue = recordNumbers(record)
  return issue && `${[record.id, ...issue.path].map(shortened).join(' › ')}: ${issue.message}`
}

/** A path part as a message shows it: an id too long to read is cut, with its length. */
function shortened(part: PropertyKey): string {
  const text = String(part)
  return text.length <= 80 ? text : `${text.slice(0, 40)}… (${counted(text.length)} characters)`
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.map(shortened).join(' › ')
  // A record key the key schema refused: say why, not just "Invalid key in record".
  const inner = issue.code === 'invalid_key' ? issue.issues[0] : undefined
  const message = inner ? `its key ${inner.message}` : issue.message
  return `${where || 'document'}: ${message}`
}
