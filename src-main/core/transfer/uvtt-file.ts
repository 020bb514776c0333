import { z } from 'zod'
import { MAP, UVTT } from '../../../src-shared/limits'
import type { DoorState, SceneGrid, WallKind, WallPoint } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import { decodeBase64Strict } from '../assets/scene-image-check'
import { findJsonSyntaxProblem, findStructureProblem } from './json-syntax'

/*
 * A Universal VTT map file (.uvtt, .dd2vtt, .df2vtt) read into what a scene needs: the picture,
 * its grid and its walls in metres (issue 34). Pure: nothing is stored here, and every refusal
 * names the field of the file that is wrong, so a GM can tell a broken export from a wrong file.
 */

/** A wall as the import command takes it: in metres from the picture's top-left corner. */
export interface ImportedWall {
  readonly kind: WallKind
  readonly points: WallPoint[]
  readonly door?: DoorState
}

export interface UvttMap {
  readonly imageBytes: Buffer
  readonly grid: Extract<SceneGrid, { kind: 'square' }>
  /** The map's size in cells, as the file states it: the picture must match it for the walls to fall on its lines. */
  readonly cells: { readonly x: number; readonly y: number }
  readonly walls: ImportedWall[]
}

/** The fields the import reads; any other (lights, environment, software…) is left alone. */
const point = z.object({ x: z.number(), y: z.number() })
const line = z.array(point).max(UVTT.pointsPerLine, `has more than ${UVTT.pointsPerLine} corners`)
const lines = z.array(line).max(UVTT.lines, `has more than ${UVTT.lines} lines`)
const cells = z.number().positive('must be above 0').max(UVTT.cells, `must be at most ${UVTT.cells} cells`)
const uvttSchema = z.object({
  // Not read: every version so far places the fields the same way, so a file without it is still tried.
  format: z.number().min(0).max(1_000).optional(),
  resolution: z.object({
    map_origin: point.default({ x: 0, y: 0 }),
    map_size: z.object({ x: cells, y: cells }),
    pixels_per_grid: z
      .number()
      .min(MAP.cellPx.min, `must be at least ${MAP.cellPx.min} pixels`)
      .max(MAP.cellPx.max, `must be at most ${MAP.cellPx.max} pixels`),
  }),
  line_of_sight: lines.default([]),
  objects_line_of_sight: lines.default([]),
  portals: z
    .array(z.object({ bounds: z.tuple([point, point]), closed: z.boolean().default(true) }))
    .max(UVTT.portals, `has more than ${UVTT.portals} portals`)
    .default([]),
  image: z.string().min(1, 'is empty: the file carries no picture'),
})
type UvttData = z.infer<typeof uvttSchema>

const fieldOf = (path: readonly PropertyKey[]): string =>
  path.reduce<string>((s, k) => (typeof k === 'number' ? `${s}[${k}]` : s === '' ? String(k) : `${s}.${String(k)}`), '') || 'the file'

const quoted = (key: string) => JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key)

/**
 * A cheap count, before JSON.parse builds anything, of the values under each top-level field
 * (containers opened and commas): what a parse would allocate. A text of millions of corners is
 * refused here, naming its field, instead of being built and then refused.
 */
function valuesByTopField(text: string): Map<string, number> {
  const counts = new Map<string, number>()
  let depth = 0
  let field = ''
  const add = () => counts.set(field, (counts.get(field) ?? 0) + 1)
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 0x7b || c === 0x5b) {
      if (depth >= 1) add()
      depth++
    } else if (c === 0x7d || c === 0x5d) depth--
    else if (c === 0x2c) {
      if (depth >= 2) add()
    } else if (c === 0x22) {
      // The text is valid JSON here: the closing quote is the first not escaped by an odd run of backslashes.
      let end = text.indexOf('"', i + 1)
      for (;;) {
        let k = end - 1
        while (text.charCodeAt(k) === 0x5c) k--
        if ((end - 1 - k) % 2 === 0) break
        end = text.indexOf('"', end + 1)
      }
      if (depth === 1) {
        let next = end + 1
        while (/\s/.test(text[next] ?? '')) next++
        if (text[next] === ':') field = JSON.parse(text.slice(i, end + 1)) as string
      }
      i = end
    }
  }
  return counts
}

/** The bound on the values a top-level field may hold: a corner is about three (its braces and two commas). */
function valueBound(field: string): { bound: number; what: string } {
  if (field === 'line_of_sight' || field === 'objects_line_of_sight')
    return { bound: 3 * UVTT.points + 2 * UVTT.lines, what: `${UVTT.points} corners` }
  if (field === 'portals') return { bound: 20 * UVTT.portals, what: `${UVTT.portals} portals` }
  return { bound: UVTT.otherValues, what: `${UVTT.otherValues} values` }
}

function parse(fileName: string, text: string): Result<unknown> {
  if (text.length > UVTT.chars)
    return fail(
      'uvtt/tooLarge',
      `${fileName} is ${text.length.toLocaleString('en')} characters; a map file can be at most ${UVTT.chars.toLocaleString('en')}.`,
    )
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text
  if (body.trim() === '') return fail('uvtt/empty', `${fileName} is empty.`)
  const syntax = findJsonSyntaxProblem(body)
  if (syntax?.truncated)
    return fail('uvtt/truncated', `${fileName} is cut off at line ${syntax.line}, column ${syntax.column}: ${syntax.problem}.`)
  if (syntax) return fail('uvtt/notJson', `${fileName} is not valid JSON: line ${syntax.line}, column ${syntax.column}: ${syntax.problem}.`)
  const trimmed = body.trimStart()
  if (!trimmed.startsWith('{')) return fail('uvtt/notMap', `${fileName} is not a map file: it holds no object of fields.`)
  const structure = findStructureProblem(body, UVTT.depth)
  if (structure) return fail('uvtt/invalid', `${fileName}: line ${structure.line}, column ${structure.column}: ${structure.problem}.`)
  const counts = valuesByTopField(body)
  const los = (counts.get('line_of_sight') ?? 0) + (counts.get('objects_line_of_sight') ?? 0)
  if (los > valueBound('line_of_sight').bound)
    return fail('uvtt/tooMany', `${fileName}: line_of_sight and objects_line_of_sight hold more than ${UVTT.points} corners.`)
  for (const [field, n] of counts) {
    if (field === 'line_of_sight' || field === 'objects_line_of_sight') continue
    const { bound, what } = valueBound(field)
    if (n > bound) return fail('uvtt/tooMany', `${fileName}: ${quoted(field)} holds more than ${what}.`)
  }
  return ok(JSON.parse(body) as unknown)
}

/** The picture's base64, with or without a data-URL prefix, and with any line breaks an exporter wrapped it in. */
function imageBytesOf(fileName: string, image: string): Result<Buffer> {
  const bare = image.replace(/^data:image\/[a-z0-9.+-]+;base64,/i, '').replace(/\s+/g, '')
  const bytes = decodeBase64Strict(bare)
  return bytes && bytes.length > 0 ? ok(bytes) : fail('uvtt/invalid', `${fileName}: image: is not a picture in base64.`)
}

/**
 * Grid units from the map's origin to metres. A corner a little past the edge (exporters round
 * outwards) is pulled onto it; one more than a cell out is a file that does not describe its map.
 */
function toMetres(
  fileName: string,
  data: UvttData,
  metresPerCell: number,
): (field: string, p: { x: number; y: number }) => Result<WallPoint> {
  const { map_origin: o, map_size: size } = data.resolution
  return (field, p) => {
    const gx = p.x - o.x
    const gy = p.y - o.y
    if (gx < -1 || gy < -1 || gx > size.x + 1 || gy > size.y + 1)
      return fail('uvtt/offMap', `${fileName}: ${field}: the corner (${p.x}, ${p.y}) is off the ${size.x} × ${size.y} cell map.`)
    const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max) * metresPerCell
    return ok({ x: clamp(gx, size.x), y: clamp(gy, size.y) })
  }
}

/** A polyline without repeated corners (a segment of no length hides nothing), cut into walls of at most MAP.wallPoints corners. */
export function wallPieces(points: readonly WallPoint[]): WallPoint[][] {
  const kept = points.filter((p, i) => i === 0 || p.x !== points[i - 1]!.x || p.y !== points[i - 1]!.y)
  const pieces: WallPoint[][] = []
  // Each piece starts on the corner the last one ended on, so the wall has no gap.
  for (let i = 0; i < kept.length - 1; i += MAP.wallPoints - 1) pieces.push(kept.slice(i, i + MAP.wallPoints))
  return pieces
}

function wallsOf(fileName: string, data: UvttData, metresPerCell: number): Result<ImportedWall[]> {
  const total = [...data.line_of_sight, ...data.objects_line_of_sight].reduce((n, l) => n + l.length, 0)
  if (total > UVTT.points)
    return fail('uvtt/tooMany', `${fileName}: line_of_sight and objects_line_of_sight hold ${total} corners; at most ${UVTT.points}.`)
  const at = toMetres(fileName, data, metresPerCell)
  const walls: ImportedWall[] = []
  const kinds = [
    ['line_of_sight', 'wall'],
    ['objects_line_of_sight', 'low'],
  ] as const
  for (const [field, kind] of kinds) {
    for (const [i, l] of data[field].entries()) {
      const points: WallPoint[] = []
      for (const [j, p] of l.entries()) {
        const m = at(`${field}[${i}][${j}]`, p)
        if (!m.ok) return m
        points.push(m.value)
      }
      for (const piece of wallPieces(points)) walls.push({ kind, points: piece })
    }
  }
  for (const [i, portal] of data.portals.entries()) {
    const ends: WallPoint[] = []
    for (const [j, p] of portal.bounds.entries()) {
      const m = at(`portals[${i}].bounds[${j}]`, p)
      if (!m.ok) return m
      ends.push(m.value)
    }
    for (const piece of wallPieces(ends)) walls.push({ kind: 'door', points: piece, door: portal.closed ? 'closed' : 'open' })
  }
  // The scene's own bounds (MAP), checked here too so the refusal names the file's fields rather than a command.
  const segments = walls.reduce((n, w) => n + w.points.length - 1, 0)
  if (walls.length > MAP.wallsPerScene)
    return fail(
      'uvtt/tooMany',
      `${fileName}: line_of_sight, objects_line_of_sight and portals make ${walls.length} walls; a scene holds at most ${MAP.wallsPerScene}.`,
    )
  if (segments > MAP.wallSegmentsPerScene)
    return fail(
      'uvtt/tooMany',
      `${fileName}: line_of_sight, objects_line_of_sight and portals make ${segments} wall segments; a scene holds at most ${MAP.wallSegmentsPerScene}.`,
    )
  return ok(walls)
}

/**
 * Reads a map file: the picture's bytes (not yet checked as a picture: the caller does that as
 * for any imported image), a square grid of the file's pixels per cell at `metresPerCell`, and
 * its walls: line_of_sight as walls, objects_line_of_sight as low cover, portals as doors.
 */
export function readUvttFile(fileName: string, text: string, metresPerCell: number): Result<UvttMap> {
  const parsed = parse(fileName, text)
  if (!parsed.ok) return parsed
  const shaped = uvttSchema.safeParse(parsed.value)
  if (!shaped.success) {
    const issue = shaped.error.issues[0]!
    return fail('uvtt/invalid', `${fileName}: ${fieldOf(issue.path)}: ${issue.message}.`)
  }
  const data = shaped.data
  const { map_origin: o, map_size: size, pixels_per_grid: cellPx } = data.resolution
  if (Math.max(size.x, size.y) * metresPerCell > MAP.metres)
    return fail(
      'uvtt/tooLarge',
      `${fileName}: resolution.map_size: ${size.x} × ${size.y} cells of ${metresPerCell} m is larger than the ${MAP.metres} m a map may span.`,
    )
  const image = imageBytesOf(fileName, data.image)
  if (!image.ok) return image
  const walls = wallsOf(fileName, data, metresPerCell)
  if (!walls.ok) return walls
  // The grid's lines fall on whole cells of the world the origin is measured in.
  const offset = (v: number) => (((-v % 1) + 1) % 1) * cellPx
  return ok({
    imageBytes: image.value,
    grid: { kind: 'square', cellPx, metresPerCell, offsetX: offset(o.x), offsetY: offset(o.y) },
    cells: { x: size.x, y: size.y },
    walls: walls.value,
  })
}
