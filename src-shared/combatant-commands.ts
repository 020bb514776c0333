import { z } from 'zod'
import { TYPED, TYPED_NUMBERS } from './limits'
import { COMBATANT_KINDS, SIDES } from './records'
import {
  actionRequestSchema,
  attackRequestSchema,
  campaignName,
  checkModeSchema,
  combatantIdSchema,
  conditionDurationInputSchema,
  formValuesSchema,
  hpValue,
  initiativeModifier,
  maxHp,
  name,
  promptIdSchema,
  rulesPayload,
  sceneImageSchema,
  shortText,
} from './command-fields'

/** The payloads of commands on combatants and their turn: health, sheets, attacks and actions, conditions, the turn order, reactions, the campaign's own settings and content. */
export const combatantCommands = {
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
  /**
   * Damage the GM types by hand, of a type the campaign's ruleset lists: the rules take it from
   * there (protection, downing, shock…). Setting health with `combatant/setHp` is the correction.
   */
  'combatant/damage': z.strictObject({
    combatantId: combatantIdSchema,
    amount: z
      .number()
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(TYPED_NUMBERS.hp, `must be at most ${TYPED_NUMBERS.hp}`),
    damageType: shortText(TYPED.damageType).pipe(z.string().min(1, 'cannot be empty')),
    note: shortText(TYPED.damageNote).optional(),
  }),
  'combatant/setHidden': z.strictObject({ combatantId: combatantIdSchema, hidden: z.boolean() }),
  /** The picture was stored in the campaign folder first (the importPortrait request); null goes back to initials. */
  'combatant/setPortrait': z.strictObject({ combatantId: combatantIdSchema, image: sceneImageSchema.nullable() }),
  /** The ruleset validates `rules` itself (its own schema), and names the field it refuses. */
  'combatant/setRules': z.strictObject({ combatantId: combatantIdSchema, rules: rulesPayload }),
  /** `secret`: the GM's choice for this roll; absent, the ruleset's default (issue 16). A secret roll tells the table nothing. */
  'attack/resolve': z.strictObject({ request: attackRequestSchema, secret: z.boolean().optional() }),
  /** A check the GM calls for; the ruleset knows which checks exist and how they roll. */
  'check/roll': z.strictObject({
    combatantId: combatantIdSchema,
    check: z.string().min(1).max(80),
    dc: z.number().int().min(-1000).max(1000),
    mode: checkModeSchema.default('normal'),
    bonus: z.number().int().min(-1000).max(1000).default(0),
    /** In its own turn a check pays what the ruleset prices it at, unless the GM waives it. */
    free: z.boolean().optional(),
    secret: z.boolean().optional(),
  }),
  'action/perform': z.strictObject({ request: actionRequestSchema, secret: z.boolean().optional() }),
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
    amount: z.number().int().min(1).max(TYPED_NUMBERS.heldActions),
  }),
  /** The trigger came: the held actions become usable now. */
  'hold/release': z.strictObject({ combatantId: combatantIdSchema }),
  'prompt/resolve': z.strictObject({ promptId: promptIdSchema }),
  'prompt/dismiss': z.strictObject({ promptId: promptIdSchema }),
  'campaign/rename': z.strictObject({ name: campaignName }),
  /** One of the ruleset's settings for this campaign (the rulings' options, e.g. initiative each round or fixed). */
  'campaign/setRulesetSetting': z.strictObject({
    key: shortText(TYPED.settingKey).pipe(z.string().min(1, 'cannot be empty')),
    value: z.union([
      z.string().max(TYPED.settingValue),
      z.number().finite().min(-TYPED_NUMBERS.settingNumber).max(TYPED_NUMBERS.settingNumber),
      z.boolean(),
    ]),
  }),
  /**
   * Saves a roster entry: a new one, or (with `templateId`) over an existing one. Leaving out
   * `rules` keeps the entry's sheet (the roster's edit form has no sheet fields); null clears it.
   */
} as const
