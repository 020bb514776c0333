import { z } from 'zod'
import { BALANCE, SQUAD, TYPED } from './limits'
import { HIDDEN_TURN_SHOWS, PROJECTOR_MODES, RIBBON_NEXT_MAX, SIDES } from './records'
import { SCENE_SIGHTS } from './sight-fog'
import {
  areaMarkIdSchema,
  areaRadius,
  combatantIdSchema,
  empty,
  fogRectSchema,
  metres,
  name,
  planIdSchema,
  projectorViewSchema,
  rulesPayload,
  sceneGridSchema,
  sceneIdSchema,
  sceneImageSchema,
  shortText,
  templateFields,
  templateIdSchema,
  tokenIdSchema,
} from './command-fields'

const MAX_SQUAD_ENTRIES = SQUAD.entries
const MAX_SQUAD_SIZE = SQUAD.size
const share = z.number().min(0).max(1)

const squadCount = z
  .number()
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(MAX_SQUAD_SIZE, `at most ${MAX_SQUAD_SIZE} at a time`)
/** One line of a squad: a roster entry by id, or the ruleset's ready-made NPC by its name. */
const squadEntry = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('template'), templateId: templateIdSchema, count: squadCount }),
  z.strictObject({ kind: z.literal('quickNpc'), name, count: squadCount }),
])

/** The payloads of commands on the rest of the table: the roster and saved encounters, scenes and the map, the projector, the encounter, dice and undo. */
export const tableCommands = {
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
  /**
   * A squad in one step (issue 16): numbered copies of several roster entries and ready-made NPCs
   * (a ready-made NPC joins the roster first), on one side, hidden or not, optionally one
   * initiative roll for all, optionally saved as an encounter too. One undo step.
   */
  'squad/add': z
    .strictObject({
      entries: z.array(squadEntry).min(1, 'names no entry').max(MAX_SQUAD_ENTRIES, `at most ${MAX_SQUAD_ENTRIES} entries`),
      side: z.enum(SIDES).default('enemy'),
      hidden: z.boolean().default(false),
      oneInitiativeRoll: z.boolean().default(false),
      /** Also save the squad as a saved encounter of this name. */
      saveAs: name.optional(),
    })
    .refine((p) => p.entries.reduce((n, e) => n + e.count, 0) <= MAX_SQUAD_SIZE, `at most ${MAX_SQUAD_SIZE} combatants at a time`),
  /** Saves the encounter's roster-spawned line-up to start again later. */
  'plan/save': z.strictObject({ name, groupInitiative: z.boolean().default(false) }),
  'plan/remove': z.strictObject({ planId: planIdSchema }),
  /** Starts a new encounter with a saved line-up spawned into it. */
  'plan/start': z.strictObject({ planId: planIdSchema }),
  /**
   * Issue 35: a saved encounter's difficulty badge, sent by the desk when its forecast ends (the
   * planBadge request). Not undoable: it records a measurement, not a GM's choice.
   */
  'plan/badge': z.strictObject({
    planId: planIdSchema,
    badge: z.strictObject({
      win: share,
      winInterval: share,
      down: share,
      downInterval: share,
      fights: z.number().int().min(1).max(BALANCE.fights.max),
      at: z.iso.datetime(),
      party: z.string().regex(/^[0-9a-f]{16}$/, 'must be a party fingerprint'),
    }),
  }),
  /** Issue 35: Balance's line-up for a saved encounter, as new counts for its entries in order (0 drops one). One undo step. */
  'plan/counts': z.strictObject({
    planId: planIdSchema,
    counts: z.array(z.number().int().min(0).max(MAX_SQUAD_SIZE)).min(1).max(BALANCE.lines),
  }),
  /** A new battle map (it becomes the one in play if none is). */
  'scene/create': z.strictObject({
    name: name.default('Scene'),
    grid: sceneGridSchema.default({ kind: 'square', cellPx: 50, metresPerCell: 1, offsetX: 0, offsetY: 0 }),
  }),
  'scene/update': z
    .strictObject({
      sceneId: sceneIdSchema,
      name: name.optional(),
      grid: sceneGridSchema.optional(),
      /** Fog by sight: 'party' lets the table see only what the party's tokens see (issue 34). */
      sight: z.enum(SCENE_SIGHTS).optional(),
    })
    .refine((p) => Object.keys(p).length > 1, 'names no field to change'),
  /** The image was stored in the campaign folder first (the importSceneImage request); this points the scene at it. */
  'scene/setImage': z.strictObject({ sceneId: sceneIdSchema, image: sceneImageSchema.nullable() }),
  /** Puts a scene on the table (the players see it); the one before goes back to the GM's shelf. */
  'scene/activate': z.strictObject({ sceneId: sceneIdSchema }),
  'scene/remove': z.strictObject({ sceneId: sceneIdSchema }),
  /** Places a combatant's token on a scene, or moves it there: metres from the image's top-left corner. */
  /** Places or moves a token; a move on the mover's turn pays the ruleset's price unless `free` (the GM waives it). */
  'token/place': z.strictObject({
    sceneId: sceneIdSchema,
    combatantId: combatantIdSchema,
    x: metres,
    y: metres,
    free: z.boolean().optional(),
    /**
     * Issue 36: the GM's drop, in one round trip. Made only if it sets off no reaction
     * (`move/setsOff` otherwise, nothing changed); the desk then shows what it would set off
     * before the GM commits it. The refusals a drag can be waived from come back as always.
     */
    ifQuiet: z.literal(true).optional(),
  }),
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
    .strictObject({
      mode: z.enum(PROJECTOR_MODES).optional(),
      view: projectorViewSchema.optional(),
      blank: z.boolean().optional(),
      /** The table ribbon: 'fit' everyone it can, or the one before, whoever acts and the next N. */
      ribbonNext: z.union([z.literal('fit'), z.number().int().min(1).max(RIBBON_NEXT_MAX)]).optional(),
      /** What the table shows while a hidden combatant acts. */
      hiddenTurn: z.enum(HIDDEN_TURN_SHOWS).optional(),
      /** Whether the table sees the map while no fight runs (otherwise a holding screen). */
      prepMap: z.boolean().optional(),
    })
    .refine((p) => Object.keys(p).length > 0, 'names no field to change'),
  'encounter/start': z.strictObject({ name: name.default('Encounter') }),
  /**
   * With `groupByTemplate`, copies of one roster entry share one roll and act one after another.
   * `surpriseBy` (the first roll only) opens the fight with a surprise round for that side (issue 14 E5).
   */
  'encounter/rollInitiative': z.strictObject({
    groupByTemplate: z.boolean().default(false),
    surpriseBy: z.enum(['party', 'enemy']).optional(),
  }),
  'encounter/nextTurn': empty,
  'encounter/previousTurn': empty,
  'encounter/end': empty,
  /** Takes the last fight's recap off the table (issue 16). */
  'story/dismissRecap': empty,
  'dice/roll': z.strictObject({
    expression: z.string().max(TYPED.diceExpression),
    purpose: z.string().trim().max(TYPED.rollPurpose).default('GM roll'),
    secret: z.boolean().default(false),
  }),
  'history/undo': empty,
  'history/redo': empty,
} as const
