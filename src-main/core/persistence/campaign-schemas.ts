import { z } from 'zod'
import type { ExplanationLine, ExplanationSection } from '../../../src-shared/attack'
import type { JsonValue } from '../../../src-shared/json'
import { NUMBERS, TYPED, TYPED_NUMBERS, WRITTEN } from '../../../src-shared/limits'
import type { CampaignRecord, ContentItemRecord, EncounterRecord, LogEntryRecord, PromptRecord } from '../../../src-shared/records'
import type { RngRecord } from '../state/stored-records'
import { combatantIdString, orderKeySchema, rollSchema } from './combatant-schemas'
import { amountWithin, chars, idOf, listOf, mapOf, numberIn, opaque, opaqueJson, prefixed, wholeIn } from './schema-bounds'
import { schemaFor } from './schema-link'

/** How a campaign document's prompts, encounters, log, content, campaign and generator records must look. */

/** A prepared request as the document keeps it: the JSON the ruleset made, which it reads back when the GM resolves the prompt. */
type StoredRequest = { readonly [key: string]: JsonValue }
type StoredPrompt = Omit<PromptRecord, 'resolve'> & {
  readonly resolve:
    | { readonly kind: 'attack'; readonly request: StoredRequest }
    | { readonly kind: 'action'; readonly request: StoredRequest }
    | { readonly kind: 'note' }
}

/**
 * A log entry as the document keeps it: its working's lines without `edit` (a sheet field to
 * change in place). The log never offers that, and a document has never kept it.
 */
type LoggedEntry = Omit<LogEntryRecord, 'detail'> & {
  readonly detail?: readonly (Omit<ExplanationSection, 'lines'> & { readonly lines: readonly Omit<ExplanationLine, 'edit'>[] })[]
}

// An attack or action request, prepared by the ruleset, which reads it back.
const requestJson = opaque(WRITTEN.rulesJson).pipe(z.record(z.string(), z.json()))
export const promptSchema = schemaFor<StoredPrompt>()(
  z.object({
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
  }),
)

/** A fight's round, on the encounter and on each log line. */
export const roundSchema = wholeIn(0, NUMBERS.round)

export const encounterSchema = schemaFor<EncounterRecord>()(
  z.object({
    typeName: z.literal('encounter'),
    id: idOf('encounter:'),
    name: chars(TYPED.name),
    status: z.enum(['active', 'ended']),
    round: roundSchema,
    currentCombatantId: combatantIdString.nullable(),
    turnAnchor: orderKeySchema.nullable(),
    // Optional: a document from before the surprise round (issue 14 E5) has none and still loads.
    surprise: z
      .object({
        actorIds: listOf(combatantIdString, WRITTEN.perFight),
        surprisedIds: listOf(combatantIdString, WRITTEN.perFight),
      })
      .optional(),
  }),
)

export const logSchema = schemaFor<LoggedEntry>()(
  z.object({
    typeName: z.literal('log'),
    id: idOf('log:'),
    seq: wholeIn(0, NUMBERS.logSeq),
    commandId: chars(TYPED.id),
    round: roundSchema,
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
    autopilot: z.literal(true).optional(),
  }),
)

/**
 * The Compound X item schema puts no bound on an item's id (content/remove names ids of up to
 * TYPED.contentItemId), so content/import can store longer ones. Until that schema takes the
 * same limit, an item's id is bounded only by the file it came in: a tighter bound here would
 * refuse a campaign the app wrote.
 */
// Item ids are bounded where they come in (the item schema, content/remove); a stored one a little
// past that is still read, so a campaign made before the bound opens.
export const CONTENT_ID_CHARS = 'content:'.length + TYPED.contentSection + 1 + WRITTEN.id

export const contentSchema = schemaFor<ContentItemRecord>()(
  z.object({
    typeName: z.literal('content'),
    id: prefixed(CONTENT_ID_CHARS, 'content:'),
    section: chars(TYPED.contentSection),
    itemId: chars(WRITTEN.id),
    name: chars(TYPED.contentItemName),
    // One entry of an item file, which content/import takes up to TYPED.contentFile characters.
    entry: opaqueJson({ chars: TYPED.contentFile, depth: WRITTEN.rulesJson.depth }),
  }),
)

export const campaignSchema = schemaFor<CampaignRecord>()(
  z.object({
    typeName: z.literal('campaign'),
    id: z.literal('campaign'),
    name: chars(TYPED.campaignName).min(1),
    rulesetId: chars(TYPED.rulesetId).min(1),
    // Optional: campaigns saved before ruleset settings existed keep every default.
    rulesetSettings: mapOf(
      chars(TYPED.settingKey),
      z.union([chars(TYPED.settingValue), amountWithin(TYPED_NUMBERS.settingNumber), z.boolean()]),
      WRITTEN.smallMap,
    ).optional(),
    createdAt: chars(WRITTEN.word),
  }),
)

const fraction = numberIn({ min: 0, max: 1, belowMax: true })

export const rngSchema = schemaFor<RngRecord>()(
  z.object({
    typeName: z.literal('rng'),
    id: z.literal('rng'),
    seed: chars(TYPED.seed),
    // alea's own ranges: outside them a draw is no fraction of [0, 1), and a die could show a face it does not have.
    state: z.object({ c: wholeIn(0, NUMBERS.rngCarry), s0: fraction, s1: fraction, s2: fraction }),
    // Optional: campaigns saved before it existed get one when they open (id-key.ts).
    idKey: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
  }),
)
