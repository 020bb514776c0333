import { z } from 'zod'
import { TYPED, WRITTEN } from '../../../src-shared/limits'
import { combatantIdString, rollSchema } from './combatant-schemas'
import { chars, idOf, listOf, mapOf, opaque, opaqueJson } from './schema-bounds'

/** How a campaign document's prompts, encounters, log, content, campaign and generator records must look. */

// An attack or action request, prepared by the ruleset, which reads it back.
const requestJson = opaque(WRITTEN.rulesJson).pipe(z.record(z.string(), z.json()))
export const promptSchema = z.object({
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

export const encounterSchema = z.object({
  typeName: z.literal('encounter'),
  id: idOf('encounter:'),
  name: chars(TYPED.name),
  status: z.enum(['active', 'ended']),
  round: z.number().int().min(0),
  currentCombatantId: combatantIdString.nullable(),
  turnAnchor: z.number().nullable(),
})

export const logSchema = z.object({
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
export const CONTENT_ID_CHARS = 'content:'.length + TYPED.contentSection + 1 + WRITTEN.id

export const contentSchema = z.object({
  typeName: z.literal('content'),
  id: chars(CONTENT_ID_CHARS).startsWith('content:'),
  section: chars(TYPED.contentSection),
  itemId: chars(WRITTEN.id),
  name: chars(TYPED.contentItemName),
  // One entry of an item file, which content/import takes up to TYPED.contentFile characters.
  entry: opaqueJson({ chars: TYPED.contentFile, depth: WRITTEN.rulesJson.depth }),
})

export const campaignSchema = z.object({
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

export const rngSchema = z.object({
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
