import { z } from 'zod'
import { jsonWithin } from '../../../src-shared/commands'
import { COMBATANT_KINDS, PROJECTOR_MODES, SIDES } from '../../../src-shared/records'
import { MAX_FOG_STEPS } from '../../../src-shared/fog'
import { TYPED, WRITTEN } from '../../../src-shared/limits'
import type { StoredRecord } from '../state/stored-records'

/**
 * What a campaign file must look like to be opened. A hand-edited or damaged file is
 * checked record by record so the error can name the record and field. Every string, list
 * and map has a bound (src-shared/limits.ts): what the GM types exactly the commands' own,
 * what the engine writes well past anything it makes. Objects keep only the fields named
 * here; anything else in a file is dropped when it is read (readDocument).
 */

const counted = (n: number) => n.toLocaleString('en')
const lengthOf = (v: unknown) => (typeof v === 'string' || Array.isArray(v) ? v.length : 0)

/** A string of at most `max` characters; a refusal says how long it was. */
const chars = (max: number) =>
  z.string().max(max, { error: (issue) => `is ${counted(lengthOf(issue.input))} characters long; it may be at most ${counted(max)}` })

/** A list of at most `max` entries. */
const listOf = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item).max(max, { error: (issue) => `has ${counted(lengthOf(issue.input))} entries; it may have at most ${counted(max)}` })

const tooMany = (n: number, max: number) => `has ${counted(n)} entries; it may have at most ${counted(max)}`
const keyCount = (o: object) => Object.keys(o).length

/** A map of at most `max` keys. */
const mapOf = <K extends z.core.$ZodRecordKey, V extends z.ZodType>(key: K, value: V, max: number) =>
  z.record(key, value).refine((o) => keyCount(o) <= max, { error: (issue) => tooMany(keyCount(issue.input as object), max) })

/**
 * Data only a ruleset reads, kept as it is (the ruleset checks it), within a size and a depth
 * measured before anything walks it.
 */
const opaque = (bounds: { readonly chars: number; readonly depth: number }) =>
  z.unknown().refine((v) => jsonWithin(v, bounds), {
    error: (issue) =>
      issue.input === undefined ? 'is missing' : `must be JSON of at most ${counted(bounds.chars)} characters and ${bounds.depth} levels`,
  })
const opaqueJson = (bounds: { readonly chars: number; readonly depth: number }) => opaque(bounds).pipe(z.json())

/** A record id: its type's prefix and a short id part. */
const idOf = (prefix: string) => chars(WRITTEN.id).startsWith(prefix)

const rollSchema = z.object({
  expression: chars(WRITTEN.word),
  sides: z.number().int().min(2),
  faces: listOf(z.number().int(), WRITTEN.perFight),
  modifier: z.number(),
  total: z.number(),
  source: z.enum(['seeded', 'typed']),
  // The GM's dice/roll purposes are TYPED.rollPurpose; the rules' own name whole groups.
  purpose: chars(WRITTEN.text),
})

const combatantIdString = idOf('combatant:')
const sceneIdString = idOf('scene:')

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
const imageSchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  ext: z.enum(['png', 'jpg', 'webp']),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
  fileName: chars(TYPED.imageFileName),
})

/** A sheet: the ruleset's, stored as the ruleset made it from what a command sent. */
const rulesData = opaqueJson(WRITTEN.rulesJson).nullable()

const combatantSchema = z.object({
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
})

const templateSchema = z.object({
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
})

const planSchema = z.object({
  typeName: z.literal('plan'),
  id: idOf('plan:'),
  name: chars(TYPED.name).min(1),
  entries: listOf(z.object({ templateId: idOf('template:'), count: z.number().int().min(1), hidden: z.boolean() }), WRITTEN.perFight),
  groupInitiative: z.boolean(),
})

const fogRect = z.object({ x: z.number(), y: z.number(), w: z.number().positive(), h: z.number().positive() })

const sceneSchema = z.object({
  typeName: z.literal('scene'),
  id: sceneIdString,
  name: chars(TYPED.name).min(1),
  image: imageSchema.nullable(),
  grid: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('square'),
      cellPx: z.number().positive(),
      metresPerCell: z.number().positive(),
      offsetX: z.number(),
      offsetY: z.number(),
    }),
    z.object({ kind: z.literal('none'), pxPerMetre: z.number().positive() }),
  ]),
  active: z.boolean(),
  // Optional: scenes saved before fog existed are fully revealed (no schema version bump needed).
  fog: z
    .object({
      mode: z.enum(['all', 'areas']),
      steps: listOf(z.object({ op: z.enum(['reveal', 'hide']), rect: fogRect }), MAX_FOG_STEPS),
    })
    .optional(),
})

const projectorSchema = z.object({
  typeName: z.literal('projector'),
  id: z.literal('projector'),
  mode: z.enum(PROJECTOR_MODES),
  view: z.object({ x: z.number(), y: z.number(), w: z.number().positive(), h: z.number().positive() }).nullable(),
  blank: z.boolean(),
})

const tokenSchema = z.object({
  typeName: z.literal('token'),
  id: idOf('token:'),
  sceneId: sceneIdString,
  combatantId: combatantIdString,
  x: z.number(),
  y: z.number(),
})

// Area templates came after schema v2 without a bump: a document without any is as valid as before.
const areaMarkSchema = z.object({
  typeName: z.literal('areaMark'),
  id: idOf('areaMark:'),
  sceneId: sceneIdString,
  x: z.number(),
  y: z.number(),
  radius: z.number().positive(),
  label: chars(TYPED.areaLabel),
  hidden: z.boolean(),
})

// An attack or action request, prepared by the ruleset, which reads it back.
const requestJson = opaque(WRITTEN.rulesJson).pipe(z.record(z.string(), z.json()))
const promptSchema = z.object({
  typeName: z.literal('prompt'),
  id: idOf('prompt:'),
  reactorId: combatantIdString,
  targetId: combatantIdString.nullable(),
  text: chars(WRITTEN.text),
  resolve: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('attack'), request: requestJson }),
    z.object({ kind: z.literal('action'), request: requestJson }),
    z.object({ kind: z.literal('note') }),
  ]),
  odds: chars(WRITTEN.text),
})

const encounterSchema = z.object({
  typeName: z.literal('encounter'),
  id: idOf('encounter:'),
  name: chars(TYPED.name),
  status: z.enum(['active', 'ended']),
  round: z.number().int().min(0),
  currentCombatantId: combatantIdString.nullable(),
  turnAnchor: z.number().nullable(),
})

const logSchema = z.object({
  typeName: z.literal('log'),
  id: idOf('log:'),
  seq: z.number(),
  commandId: chars(TYPED.id),
  round: z.number().int().min(0),
  text: chars(WRITTEN.text),
  rolls: listOf(rollSchema, WRITTEN.perFight),
  visibility: z.enum(['all', 'gm']),
  detail: listOf(
    z.object({
      title: chars(WRITTEN.text),
      lines: listOf(
        z.object({
          label: chars(WRITTEN.text),
          value: chars(WRITTEN.text),
          source: chars(WRITTEN.text).optional(),
          enabled: z.boolean().optional(),
        }),
        WRITTEN.perFight,
      ),
      total: chars(WRITTEN.text).optional(),
    }),
    WRITTEN.perFight,
  ).optional(),
  subjects: listOf(combatantIdString, WRITTEN.perFight).optional(),
})

/**
 * The Compound X item schema puts no bound on an item's id (content/remove names ids of up to
 * TYPED.contentItemId), so content/import can store longer ones. Until that schema takes the
 * same limit, an item's id is bounded only by the file it came in: a tighter bound here would
 * refuse a campaign the app wrote.
 */
// Item ids are bounded where they come in (the item schema, content/remove); a stored one a little
// past that is still read, so a campaign made before the bound opens.
const CONTENT_ID_CHARS = 'content:'.length + TYPED.contentSection + 1 + WRITTEN.id

const contentSchema = z.object({
  typeName: z.literal('content'),
  id: chars(CONTENT_ID_CHARS).startsWith('content:'),
  section: chars(TYPED.contentSection),
  itemId: chars(WRITTEN.id),
  name: chars(TYPED.contentItemName),
  // One entry of an item file, which content/import takes up to TYPED.contentFile characters.
  entry: opaqueJson({ chars: TYPED.contentFile, depth: WRITTEN.rulesJson.depth }),
})

const campaignSchema = z.object({
  typeName: z.literal('campaign'),
  id: z.literal('campaign'),
  name: chars(TYPED.campaignName).min(1),
  rulesetId: chars(TYPED.rulesetId).min(1),
  // Optional: campaigns saved before ruleset settings existed keep every default.
  rulesetSettings: mapOf(
    chars(TYPED.settingKey),
    z.union([chars(TYPED.settingValue), z.number(), z.boolean()]),
    WRITTEN.smallMap,
  ).optional(),
  createdAt: chars(WRITTEN.word),
})

const rngSchema = z.object({
  typeName: z.literal('rng'),
  id: z.literal('rng'),
  seed: chars(TYPED.seed),
  state: z.object({ c: z.number(), s0: z.number(), s1: z.number(), s2: z.number() }),
  // Optional: campaigns saved before it existed get one when they open (id-key.ts).
  idKey: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
})

/** What an undo mark may restore: any record but the history itself. */
const undoableRecordSchema = z.discriminatedUnion('typeName', [
  combatantSchema,
  templateSchema,
  planSchema,
  promptSchema,
  sceneSchema,
  tokenSchema,
  areaMarkSchema,
  contentSchema,
  encounterSchema,
  logSchema,
  campaignSchema,
  rngSchema,
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
  contentSchema,
  encounterSchema,
  logSchema,
  campaignSchema,
  rngSchema,
  historySchema,
  projectorSchema,
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
  journalSeq: z.number().int().min(0),
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
  if (typeof given === 'object' && given !== null && keyCount(given) > WRITTEN.records) {
    return { ok: false, problem: `records: ${tooMany(keyCount(given), WRITTEN.records)}` }
  }
  const parsed = documentSchema.safeParse(value)
  if (!parsed.success) return { ok: false, problem: describeIssue(parsed.error.issues[0]!) }
  for (const [key, r] of Object.entries(parsed.data.records)) {
    if (key !== r.id) return { ok: false, problem: `records › ${shortened(key)}: its id says "${shortened(r.id)}"` }
  }
  if (!parsed.data.records['campaign']) return { ok: false, problem: 'records: the campaign record is missing' }
  if (!parsed.data.records['rng']) return { ok: false, problem: 'records: the random generator record is missing' }
  return { ok: true, document: inOrderOf(parsed.data, value) as CampaignDocument }
}

/** Returns the first problem in words ("records › combatant:n3 › hp: expected number"), or null. */
export function documentProblem(value: unknown): string | null {
  const read = readDocument(value)
  return read.ok ? null : read.problem
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

/**
 * `parsed` (zod builds objects in its schema's key order) with its keys in the order `raw` has
 * them, so a campaign exports as it was imported. Keys zod dropped stay dropped; values are
 * zod's. Most objects already agree and are kept as zod made them (this is a fresh value no one
 * else holds); only those that do not are rebuilt.
 */
function inOrderOf(parsed: unknown, raw: unknown): unknown {
  if (Array.isArray(parsed)) {
    if (Array.isArray(raw)) for (let i = 0; i < parsed.length; i++) parsed[i] = inOrderOf(parsed[i], raw[i])
    return parsed
  }
  if (typeof parsed !== 'object' || parsed === null || typeof raw !== 'object' || raw === null || Array.isArray(raw)) return parsed
  const from = parsed as Record<string, unknown>
  const given = raw as Record<string, unknown>
  const keys = Object.keys(from)
  if (sameOrder(keys, given)) {
    for (const k of keys) put(from, k, inOrderOf(from[k], given[k]))
    return from
  }
  const out = {}
  for (const k of Object.keys(given)) if (Object.hasOwn(from, k)) put(out, k, inOrderOf(from[k], given[k]))
  for (const k of keys) if (!Object.hasOwn(out, k)) put(out, k, from[k])
  return out
}

/** Whether `keys` are the keys `raw` shares with them, in `raw`'s order. */
function sameOrder(keys: readonly string[], raw: Record<string, unknown>): boolean {
  let i = 0
  for (const k in raw) {
    if (!Object.hasOwn(raw, k) || !keys.includes(k)) continue
    if (keys[i++] !== k) return false
  }
  return i === keys.length
}

/** Sets an own key; "__proto__" too, as data (plain assignment would set the prototype). */
const put = (o: object, k: string, v: unknown) => {
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true })
  else (o as Record<string, unknown>)[k] = v
}
