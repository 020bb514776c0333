import { z } from 'zod'
import type { AreaMarkRecord, ProjectorRecord, SceneRecord, TokenRecord } from '../../../src-shared/records'
import { schemaFor } from './schema-link'
import { MAX_FOG_STEPS } from '../../../src-shared/fog'
import { TYPED } from '../../../src-shared/limits'
import { HIDDEN_TURN_SHOWS, PROJECTOR_MODES, RIBBON_NEXT_MAX } from '../../../src-shared/records'
import { combatantIdString, imageSchema, sceneIdString } from './combatant-schemas'
import { chars, idOf, listOf } from './schema-bounds'

/** How a campaign document's scenes, tokens, area templates and projector must look. */

const fogRect = z.object({ x: z.number(), y: z.number(), w: z.number().positive(), h: z.number().positive() })

export const sceneSchema = schemaFor<SceneRecord>()(
  z.object({
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
  }),
)

export const projectorSchema = schemaFor<ProjectorRecord>()(
  z.object({
    typeName: z.literal('projector'),
    id: z.literal('projector'),
    mode: z.enum(PROJECTOR_MODES),
    view: z.object({ x: z.number(), y: z.number(), w: z.number().positive(), h: z.number().positive() }).nullable(),
    blank: z.boolean(),
    // Optional: documents saved before issue 16 have no ribbon setting and fit (no schema version bump needed).
    ribbonNext: z.union([z.literal('fit'), z.number().int().min(1).max(RIBBON_NEXT_MAX)]).optional(),
    // Optional likewise: documents saved before issue 30 dim the last visible combatant.
    hiddenTurn: z.enum(HIDDEN_TURN_SHOWS).optional(),
  }),
)

export const tokenSchema = schemaFor<TokenRecord>()(
  z.object({
    typeName: z.literal('token'),
    id: idOf('token:'),
    sceneId: sceneIdString,
    combatantId: combatantIdString,
    x: z.number(),
    y: z.number(),
  }),
)

// Area templates came after schema v2 without a bump: a document without any is as valid as before.
export const areaMarkSchema = schemaFor<AreaMarkRecord>()(
  z.object({
    typeName: z.literal('areaMark'),
    id: idOf('areaMark:'),
    sceneId: sceneIdString,
    x: z.number(),
    y: z.number(),
    radius: z.number().positive(),
    label: chars(TYPED.areaLabel),
    hidden: z.boolean(),
  }),
)
