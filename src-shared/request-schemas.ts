import { z } from 'zod'
import {
  actionRequestSchema,
  attackRequestSchema,
  combatantIdSchema,
  commandPayloadSchemas,
  formValuesSchema,
  sceneIdSchema,
  templateIdSchema,
} from './commands'
import { MAX_TYPED_DICE, metres, name, planIdSchema } from './command-fields'
import type { PlannedAct } from './dice-plan'
import { LIVE_LOG, LOG_ARCHIVE_PAGE, MAX_CAMPAIGN_FILE_BYTES, type RequestInputs, type RequestName } from './contract'
import { MAX_SCENE_IMAGE_BYTES, PORTRAIT_LIMITS } from './scene-assets'
import { BALANCE, MAP, NUMBERS, SQUAD, TYPED, UVTT } from './limits'
import { FORECAST_LIMITS, type AutopilotCommand } from './autopilot'

const campaignId = z.string().regex(/^[a-z0-9-]{1,80}$/, 'must be a campaign id')

/**
 * A request's input once its schema passed. A command stays `unknown` here: the engine checks it
 * against the command schemas itself, where a refusal can name the command's own field.
 */
export type CheckedRequestInputs = { readonly [N in RequestName]: N extends 'dispatch' ? unknown : RequestInputs[N] }

/**
 * Runtime schemas for every request's input. Typed per name, so a schema that lets through
 * something other than the contract's input does not compile, and the core gets typed input.
 */
export const requestInputSchemas: { readonly [N in RequestName]: z.ZodType<CheckedRequestInputs[N]> } = {
  dispatch: z.unknown(),
  snapshot: z.undefined(),
  session: z.undefined(),
  listCampaigns: z.undefined(),
  createCampaign: z.strictObject({
    name: z.string().trim().min(1, 'cannot be empty').max(TYPED.campaignName, `must be at most ${TYPED.campaignName} characters`),
    seed: z.string().max(TYPED.seed).optional(),
    rulesetId: z
      .string()
      .regex(new RegExp(`^[a-z0-9-]{1,${TYPED.rulesetId}}$`))
      .optional(),
  }),
  openCampaign: z.strictObject({ campaignId }),
  restoreBackup: z.strictObject({ campaignId, backup: z.string().regex(/^[A-Za-z0-9._-]{1,120}$/) }),
  listBackups: z.undefined(),
  exportCampaign: z.undefined(),
  // Only a ceiling against absurd input: the import itself measures the bytes and refuses a
  // file over MAX_CAMPAIGN_FILE_BYTES with its size named, which this generic message cannot do.
  importCampaign: z.strictObject({
    fileName: z.string().min(1, 'cannot be empty').max(255, 'must be at most 255 characters'),
    text: z.string().max(2 * MAX_CAMPAIGN_FILE_BYTES, 'is far larger than a campaign file may be'),
  }),
  listRulesets: z.undefined(),
  previewAttack: z.strictObject({ request: attackRequestSchema }),
  previewReach: z.strictObject({ attackerId: combatantIdSchema, weapon: z.number().int().min(0).max(16), mode: z.string().max(20) }),
  previewAction: z.strictObject({ request: actionRequestSchema }),
  sheetForm: z.strictObject({ combatantId: combatantIdSchema.nullable() }),
  listActions: z.strictObject({ actorId: combatantIdSchema }),
  listConditions: z.undefined(),
  rulesetSetup: z.undefined(),
  previewMove: z.strictObject({
    combatantId: combatantIdSchema,
    sceneId: sceneIdSchema,
    x: z.number().finite().min(-MAP.metres).max(MAP.metres),
    y: z.number().finite().min(-MAP.metres).max(MAP.metres),
  }),
  movementCost: z.strictObject({ combatantId: combatantIdSchema, metres: z.number().finite().min(0).max(10_000) }),
  // As for campaign files: a ceiling against absurd input only (base64 is 4/3 of the bytes);
  // the core decodes and names the image's size against the limit itself.
  importSceneImage: z.strictObject({
    sceneId: sceneIdSchema,
    fileName: z.string().min(1, 'cannot be empty').max(255, 'must be at most 255 characters'),
    dataBase64: z.string().max(2 * MAX_SCENE_IMAGE_BYTES, 'is far larger than a scene image may be'),
  }),
  listDisplays: z.undefined(),
  chooseDisplay: z.strictObject({ displayId: z.number().int().nullable() }),
  importPortrait: z.strictObject({
    combatantId: combatantIdSchema,
    fileName: z.string().min(1, 'cannot be empty').max(255, 'must be at most 255 characters'),
    dataBase64: z.string().max(2 * PORTRAIT_LIMITS.bytes, 'is far larger than a portrait may be'),
  }),
  // The file's own size is measured by the import, which names it; this only keeps out the absurd.
  importUvtt: z.strictObject({
    fileName: z.string().min(1, 'cannot be empty').max(255, 'must be at most 255 characters'),
    text: z.string().max(2 * UVTT.chars, 'is far larger than a map file may be'),
    metresPerCell: z.number().finite().min(MAP.metresPerCell.min).max(MAP.metresPerCell.max).optional(),
    name: name.optional(),
  }),
  rosterTemplate: z.strictObject({ templateId: templateIdSchema }),
  // Issue 15: closed encounters' archived logs.
  listLogArchives: z.undefined(),
  readLogArchive: z.strictObject({
    encounterId: z.string().regex(/^encounter:[A-Za-z0-9_-]{1,64}$/, 'must be an encounter id') as z.ZodType<`encounter:${string}`>,
    text: z.string().max(LOG_ARCHIVE_PAGE.maxText).optional(),
    offset: z.number().int().min(0).max(LOG_ARCHIVE_PAGE.maxOffset),
    limit: z.number().int().min(1).max(LOG_ARCHIVE_PAGE.maxLimit),
  }),
  readEarlierLog: z.strictObject({
    beforeSeq: z.number().finite().nullable(),
    whoId: combatantIdSchema.optional(),
    round: z.number().int().min(0).max(NUMBERS.round).optional(),
    limit: z.number().int().min(1).max(LIVE_LOG.maxLimit),
  }),
  // Issue 16: bounded as `combatant/setSheet` is (60 fields, short values); one source at most.
  sheetDraft: z
    .strictObject({
      combatantId: combatantIdSchema.optional(),
      templateId: templateIdSchema.optional(),
      values: formValuesSchema.nullable(),
    })
    .refine((d) => !(d.combatantId && d.templateId), 'names both a combatant and a roster entry'),
  // Issue 17: bounded fights, a short seed, at most two fixed first acts, each an ordinary command's payload.
  forecastStart: z.strictObject({
    fights: z.number().int().min(1).max(FORECAST_LIMITS.maxFights).optional(),
    seed: z.string().max(TYPED.seed).optional(),
    whatIf: z
      .array(z.strictObject({ label: z.string().min(1).max(120), command: autopilotCommandSchema() }))
      .max(FORECAST_LIMITS.maxWhatIf)
      .optional(),
  }),
  forecastCancel: z.strictObject({ jobId: z.string().regex(/^forecast-[0-9]{1,12}$/, 'must be a forecast id') }),
  autopilotSuggest: z.strictObject({ combatantId: combatantIdSchema.optional() }),
  autopilotRun: z.strictObject({ maxActs: z.number().int().min(1).max(FORECAST_LIMITS.maxRunActs).optional() }),
  // An act's payload as its command takes it, and no more faces than a command may carry.
  dicePlan: z.strictObject({
    act: z.discriminatedUnion('type', [
      z.strictObject({ type: z.literal('attack/resolve'), payload: commandPayloadSchemas['attack/resolve'] }),
      z.strictObject({ type: z.literal('action/perform'), payload: commandPayloadSchemas['action/perform'] }),
      z.strictObject({ type: z.literal('check/roll'), payload: commandPayloadSchemas['check/roll'] }),
    ]) as z.ZodType<PlannedAct>,
    typedDice: z.array(z.number().int().min(1).max(1000)).max(MAX_TYPED_DICE),
  }),
  // Issue 35: percent targets, bounded lines and swaps (BALANCE); the core names what else is wrong.
  balanceStart: z.strictObject({
    target: z.strictObject({ win: balancePercent(), downRisk: balancePercent() }),
    lines: z
      .array(
        z.strictObject({
          source: z.discriminatedUnion('kind', [
            z.strictObject({ kind: z.literal('template'), templateId: templateIdSchema }),
            z.strictObject({ kind: z.literal('quickNpc'), name }),
          ]),
          count: z.number().int().min(1).max(SQUAD.size),
          min: z.number().int().min(1).max(SQUAD.size),
          max: z.number().int().min(1).max(SQUAD.size),
          swaps: z.array(name).max(BALANCE.swaps, `at most ${BALANCE.swaps} ready-made NPCs to try in a line's place`).optional(),
        }),
      )
      .min(1, 'is empty: add at least one enemy line to balance')
      .max(BALANCE.lines, `at most ${BALANCE.lines} lines`),
    fights: z.number().int().min(BALANCE.fights.min).max(BALANCE.fights.max).optional(),
    seed: z.string().max(TYPED.seed).optional(),
    partyOnly: z.boolean().optional(),
  }),
  balanceCancel: z.strictObject({ searchId: z.string().regex(/^balance-[0-9]{1,12}$/, 'must be a balance search id') }),
  planBadge: z.strictObject({ planId: planIdSchema }),
}

/** A target in whole or fractional percent, 1–99: a 0 % or 100 % target has no line-up that meets it with an interval. */
function balancePercent() {
  return z
    .number({ error: 'must be a number of percent' })
    .finite()
    .min(1, 'must be between 1 and 99 % (0 % and 100 % leave no room for an interval)')
    .max(99, 'must be between 1 and 99 % (0 % and 100 % leave no room for an interval)')
}

function autopilotCommandSchema(): z.ZodType<AutopilotCommand> {
  return z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('attack/resolve'), payload: z.strictObject({ request: attackRequestSchema }) }),
    z.strictObject({ type: z.literal('action/perform'), payload: z.strictObject({ request: actionRequestSchema }) }),
    z.strictObject({ type: z.literal('encounter/nextTurn'), payload: z.strictObject({}) }),
    z.strictObject({
      type: z.literal('token/place'),
      payload: z.strictObject({ sceneId: sceneIdSchema, combatantId: combatantIdSchema, x: metres, y: metres }),
    }),
  ]) as z.ZodType<AutopilotCommand>
}
