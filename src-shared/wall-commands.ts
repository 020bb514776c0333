import { z } from 'zod'
import { MAP } from './limits'
import { DOOR_STATES, WALL_KINDS } from './records'
import { metres, name, sceneGridSchema, sceneIdSchema, sceneImageSchema, wallIdSchema } from './command-fields'

/** The payloads of the wall commands (issue 34): walls, low cover, windows and doors on a scene. */

const point = z.strictObject({ x: metres, y: metres })
/** A polyline of 2 to MAP.wallPoints corners, no two neighbours at the same place (a segment of no length hides nothing). */
export const wallPointsSchema = z
  .array(point)
  .min(2, 'needs at least two corners')
  .max(MAP.wallPoints, `has more than ${MAP.wallPoints} corners`)
  .refine(
    (ps) => ps.every((p, i) => i === 0 || p.x !== ps[i - 1]!.x || p.y !== ps[i - 1]!.y),
    'has two neighbouring corners at the same place',
  )

const doorState = z.enum(DOOR_STATES)

export const wallCommands = {
  /** A wall drawn on a scene. A door starts closed unless `door` says otherwise; only a door takes `door` and `secret`. */
  'wall/add': z
    .strictObject({
      sceneId: sceneIdSchema,
      kind: z.enum(WALL_KINDS),
      points: wallPointsSchema,
      door: doorState.optional(),
      secret: z.boolean().optional(),
    })
    .refine((p) => p.kind === 'door' || (p.door === undefined && p.secret === undefined), 'only a door opens, locks or is secret'),
  /** The wall's corners anew (a drag moves them all, an edit one): the same number or not. */
  'wall/move': z.strictObject({ wallId: wallIdSchema, points: wallPointsSchema }),
  /** Two walls from one, cut at an inner corner (1 … corners − 2): each keeps that corner. */
  'wall/split': z.strictObject({ wallId: wallIdSchema, at: z.number().int('must be a whole number').min(1).max(MAP.wallPoints) }),
  /** Another kind, or a door made secret or not. */
  'wall/edit': z
    .strictObject({ wallId: wallIdSchema, kind: z.enum(WALL_KINDS).optional(), secret: z.boolean().optional() })
    .refine((p) => p.kind !== undefined || p.secret !== undefined, 'names no field to change'),
  /** Opens, closes or locks a door, from the map. */
  'door/set': z.strictObject({ wallId: wallIdSchema, door: doorState }),
  'wall/remove': z.strictObject({ wallId: wallIdSchema }),
  /**
   * A map file (UVTT) as one new scene: its picture (stored first, by the importUvtt request),
   * grid and every wall at once, so one undo takes the whole import back.
   */
  'scene/importMap': z.strictObject({
    name,
    image: sceneImageSchema,
    grid: sceneGridSchema,
    walls: z
      .array(
        z
          .strictObject({ kind: z.enum(WALL_KINDS), points: wallPointsSchema, door: doorState.optional() })
          .refine((w) => w.kind === 'door' || w.door === undefined, 'only a door opens or locks'),
      )
      .max(MAP.wallsPerScene, `has more than ${MAP.wallsPerScene} walls`)
      .refine(
        (ws) => ws.reduce((n, w) => n + w.points.length - 1, 0) <= MAP.wallSegmentsPerScene,
        `has more than ${MAP.wallSegmentsPerScene} wall segments`,
      ),
  }),
} as const
