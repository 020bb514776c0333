import { z } from 'zod'
import { COMBATANT_KINDS, PROJECTOR_MODES, SIDES } from '../../../src-shared/records'
import { MAX_FOG_STEPS } from '../../../src-shared/fog'
import type { StoredRecord } from '../state/stored-records'

/**
 * What a campaign file must look like to be opened. A hand-edited or damaged file is
 * checked record by record so the error can name the record and field.
 */

const rollSchema = z.object({
  expression: z.string(),
  sides: z.number().int().min(2),
  faces: z.array(z.number().int()),
  modifier: z.number(),
  total: z.number(),
  source: z.enum(['seeded', 'typed']),
  purpose: z.string(),
})

const combatantIdString = z.string().startsWith('combatant:')

const durationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('indefinite') }),
  z.object({ kind: z.literal('rounds'), rounds: z.number().int().min(1), endsRound: z.number().int().min(0), at: combatantIdString.nullable() }),
  z.object({ kind: z.literal('turnStart'), of: combatantIdString }),
  z.object({ kind: z.literal('turnEnd'), of: combatantIdString }),
])

const conditionSchema = z.object({
  key: z.string().min(1),
  conditionId: z.string().min(1),
  label: z.string(),
  stacks: z.number().int().min(1),
  duration: durationSchema,
  sourceId: combatantIdString.nullable(),
  data: z.json().nullable(),
  note: z.string(),
  area: z
    .object({ sceneId: z.string().startsWith('scene:'), x: z.number(), y: z.number(), radius: z.number().positive(), to: z.object({ x: z.number(), y: z.number() }).optional() })
    .optional(),
})

/** A stored picture: a scene's background or a combatant's portrait. */
const imageSchema = z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/), ext: z.enum(['png', 'jpg', 'webp']), width: z.number().int().min(1), height: z.number().int().min(1), fileName: z.string() })

const combatantSchema = z.object({
  typeName: z.literal('combatant'),
  id: z.string().startsWith('combatant:'),
  name: z.string().min(1),
  side: z.enum(SIDES),
  kind: z.enum(COMBATANT_KINDS),
  hp: z.number().int(),
  maxHp: z.number().int().min(1),
  initiativeModifier: z.number().int(),
  hidden: z.boolean(),
  initiative: z.object({ roll: rollSchema, total: z.number(), tieBreak: z.array(z.number().int()) }).nullable(),
  orderKey: z.number().nullable(),
  rules: z.json().nullable(),
  conditions: z.array(conditionSchema),
  spent: z.record(z.string(), z.number().int()),
  delayed: z.boolean(),
  held: z.object({ trigger: z.string(), amount: z.number().int().min(0), released: z.boolean() }).nullable(),
  templateId: z.string().startsWith('template:').nullable(),
  // Optional: combatants from before portraits have none (no schema version bump needed).
  portrait: imageSchema.optional(),
})

const templateSchema = z.object({
  typeName: z.literal('template'),
  id: z.string().startsWith('template:'),
  name: z.string().min(1),
  side: z.enum(SIDES),
  kind: z.enum(COMBATANT_KINDS),
  maxHp: z.number().int().min(1),
  initiativeModifier: z.number().int(),
  rules: z.json().nullable(),
  faction: z.string(),
  tags: z.array(z.string()),
})

const planSchema = z.object({
  typeName: z.literal('plan'),
  id: z.string().startsWith('plan:'),
  name: z.string().min(1),
  entries: z.array(z.object({ templateId: z.string().startsWith('template:'), count: z.number().int().min(1), hidden: z.boolean() })),
  groupInitiative: z.boolean(),
})

const fogRect = z.object({ x: z.number(), y: z.number(), w: z.number().positive(), h: z.number().positive() })

const sceneSchema = z.object({
  typeName: z.literal('scene'),
  id: z.string().startsWith('scene:'),
  name: z.string().min(1),
  image: imageSchema.nullable(),
  grid: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('square'), cellPx: z.number().positive(), metresPerCell: z.number().positive(), offsetX: z.number(), offsetY: z.number() }),
    z.object({ kind: z.literal('none'), pxPerMetre: z.number().positive() }),
  ]),
  active: z.boolean(),
  // Optional: scenes saved before fog existed are fully revealed (no schema version bump needed).
  fog: z
    .object({
      mode: z.enum(['all', 'areas']),
      steps: z.array(z.object({ op: z.enum(['reveal', 'hide']), rect: fogRect })).max(MAX_FOG_STEPS),
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
  id: z.string().startsWith('token:'),
  sceneId: z.string().startsWith('scene:'),
  combatantId: combatantIdString,
  x: z.number(),
  y: z.number(),
})

// Area templates came after schema v2 without a bump: a document without any is as valid as before.
const areaMarkSchema = z.object({
  typeName: z.literal('areaMark'),
  id: z.string().startsWith('areaMark:'),
  sceneId: z.string().startsWith('scene:'),
  x: z.number(),
  y: z.number(),
  radius: z.number().positive(),
  label: z.string(),
  hidden: z.boolean(),
})

const requestJson = z.record(z.string(), z.json())
const promptSchema = z.object({
  typeName: z.literal('prompt'),
  id: z.string().startsWith('prompt:'),
  reactorId: combatantIdString,
  targetId: combatantIdString.nullable(),
  text: z.string(),
  resolve: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('attack'), request: requestJson }),
    z.object({ kind: z.literal('action'), request: requestJson }),
    z.object({ kind: z.literal('note') }),
  ]),
  odds: z.string(),
})

const encounterSchema = z.object({
  typeName: z.literal('encounter'),
  id: z.string().startsWith('encounter:'),
  name: z.string(),
  status: z.enum(['active', 'ended']),
  round: z.number().int().min(0),
  currentCombatantId: z.string().startsWith('combatant:').nullable(),
  turnAnchor: z.number().nullable(),
})

const logSchema = z.object({
  typeName: z.literal('log'),
  id: z.string().startsWith('log:'),
  seq: z.number(),
  commandId: z.string(),
  round: z.number().int().min(0),
  text: z.string(),
  rolls: z.array(rollSchema),
  visibility: z.enum(['all', 'gm']),
  detail: z
    .array(
      z.object({
        title: z.string(),
        lines: z.array(z.object({ label: z.string(), value: z.string(), source: z.string().optional(), enabled: z.boolean().optional() })),
        total: z.string().optional(),
      }),
    )
    .optional(),
  subjects: z.array(combatantIdString).optional(),
})

const contentSchema = z.object({
  typeName: z.literal('content'),
  id: z.string().startsWith('content:'),
  section: z.string(),
  itemId: z.string(),
  name: z.string(),
  entry: z.json(),
})

const campaignSchema = z.object({
  typeName: z.literal('campaign'),
  id: z.literal('campaign'),
  name: z.string().min(1),
  rulesetId: z.string().min(1),
  // Optional: campaigns saved before ruleset settings existed keep every default.
  rulesetSettings: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  createdAt: z.string(),
})

const rngSchema = z.object({
  typeName: z.literal('rng'),
  id: z.literal('rng'),
  seed: z.string(),
  state: z.object({ c: z.number(), s0: z.number(), s1: z.number(), s2: z.number() }),
  // Optional: campaigns saved before it existed get one when they open (id-key.ts).
  idKey: z.string().regex(/^[0-9a-f]{64}$/).optional(),
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
  commandId: z.string(),
  commandType: z.string(),
  label: z.string(),
  changes: z.array(z.object({ id: z.string(), from: undoableRecordSchema.nullable(), to: undoableRecordSchema.nullable() })),
})

const historySchema = z.object({
  typeName: z.literal('history'),
  id: z.literal('history'),
  undo: z.array(markSchema),
  redo: z.array(markSchema),
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

export const documentSchema = z.object({
  schemaVersion: z.literal(CURRENT_SCHEMA_VERSION),
  journalSeq: z.number().int().min(0),
  records: z.record(z.string(), recordSchema),
})

/** Returns the first problem in words ("records › combatant:n3 › hp: expected number"), or null. */
export function documentProblem(value: unknown): string | null {
  const parsed = documentSchema.safeParse(value)
  if (parsed.success) {
    for (const [key, r] of Object.entries(parsed.data.records)) {
      if (key !== r.id) return `records › ${key}: its id says "${r.id}"`
    }
    if (!parsed.data.records['campaign']) return 'records: the campaign record is missing'
    if (!parsed.data.records['rng']) return 'records: the random generator record is missing'
    return null
  }
  const issue = parsed.error.issues[0]!
  const where = issue.path.map(String).join(' › ')
  return `${where || 'document'}: ${issue.message}`
}
