import { z } from 'zod'
import type { AreaMarkRecord, ProjectorRecord, SceneRecord, TokenRecord, WallRecord } from '../../../src-shared/records'
import { schemaFor } from './schema-link'
import { MAX_FOG_STEPS } from '../../../src-shared/fog'
import { SCENE_SIGHTS } from '../../../src-shared/sight-fog'
import { MAP, TYPED } from '../../../src-shared/limits'
import { DOOR_STATES, HIDDEN_TURN_SHOWS, PROJECTOR_MODES, RIBBON_NEXT_MAX } from '../../../src-shared/records'
import { combatantIdString, imageSchema, sceneIdString } from './combatant-schemas'
import { amountWithin, chars, idOf, listOf, numberIn, wholeIn, wordOr } from './schema-bounds'

/** How a campaign document's scenes, tokens, area templates and projector must look. */

/** Only the GM's commands write the map: a document takes exactly what they take (command-fields.ts, from the same MAP). */
const metres = amountWithin(MAP.metres)
const side = (min: number) => numberIn({ min, max: MAP.span })
const fogRect = z.object({ x: metres, y: metres, w: side(MAP.fogSide), h: side(MAP.fogSide) })

export const sceneSchema = schemaFor<SceneRecord>()(
  z.object({
    typeName: z.literal('scene'),
    id: sceneIdString,
    name: chars(TYPED.name).min(1),
    image: imageSchema.nullable(),
    grid: z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('square'),
        cellPx: numberIn(MAP.cellPx),
        metresPerCell: numberIn(MAP.metresPerCell),
        offsetX: amountWithin(MAP.gridOffsetPx),
        offsetY: amountWithin(MAP.gridOffsetPx),
      }),
      z.object({ kind: z.literal('none'), pxPerMetre: numberIn(MAP.pxPerMetre) }),
    ]),
    active: z.boolean(),
    // Optional: scenes saved before fog existed are fully revealed (no schema version bump needed).
    fog: z
      .object({
        mode: z.enum(['all', 'areas']),
        steps: listOf(z.object({ op: z.enum(['reveal', 'hide']), rect: fogRect }), MAX_FOG_STEPS),
      })
      .optional(),
    // Optional too: scenes saved before fog by sight have it off.
    sight: z.enum(SCENE_SIGHTS).optional(),
  }),
)

export const projectorSchema = schemaFor<ProjectorRecord>()(
  z.object({
    typeName: z.literal('projector'),
    id: z.literal('projector'),
    mode: z.enum(PROJECTOR_MODES),
    view: z.object({ x: metres, y: metres, w: side(MAP.projectorSide), h: side(MAP.projectorSide) }).nullable(),
    blank: z.boolean(),
    // Optional: documents saved before issue 16 have no ribbon setting and fit (no schema version bump needed).
    ribbonNext: wordOr('fit', wholeIn(1, RIBBON_NEXT_MAX)).optional(),
    // Optional likewise: documents saved before issue 30 dim the last visible combatant.
    hiddenTurn: z.enum(HIDDEN_TURN_SHOWS).optional(),
    // Optional likewise: documents saved before the holding screen show the table no map in prep.
    prepMap: z.boolean().optional(),
  }),
)

export const tokenSchema = schemaFor<TokenRecord>()(
  z.object({
    typeName: z.literal('token'),
    id: idOf('token:'),
    sceneId: sceneIdString,
    combatantId: combatantIdString,
    x: metres,
    y: metres,
  }),
)

// Area templates came after schema v2 without a bump: a document without any is as valid as before.
export const areaMarkSchema = schemaFor<AreaMarkRecord>()(
  z.object({
    typeName: z.literal('areaMark'),
    id: idOf('areaMark:'),
    sceneId: sceneIdString,
    x: metres,
    y: metres,
    radius: numberIn(MAP.areaRadius),
    label: chars(TYPED.areaLabel),
    hidden: z.boolean(),
  }),
)

// Walls (issue 34) came after schema v2 without a bump, like area templates: a document without any is as valid as before.
const wallBase = {
  typeName: z.literal('wall'),
  id: idOf('wall:'),
  sceneId: sceneIdString,
  points: listOf(z.object({ x: metres, y: metres }), MAP.wallPoints).min(2),
}
export const wallSchema = schemaFor<WallRecord>()(
  z.discriminatedUnion('kind', [
    z.object({ ...wallBase, kind: z.literal('wall') }),
    z.object({ ...wallBase, kind: z.literal('low') }),
    z.object({ ...wallBase, kind: z.literal('window') }),
    z.object({ ...wallBase, kind: z.literal('door'), door: z.enum(DOOR_STATES), secret: z.boolean() }),
  ]),
)
