import { fogOf, isRevealed, type PointLike, type SceneFog } from './fog'
import type { Point } from './geometry'
import { SIGHT } from './limits'
import type { CombatantRecord, SceneRecord, TokenRecord, WallRecord } from './records'
import { reachedArea, wallIndexFor, type WallIndex } from './wall-geometry'

/**
 * Fog by sight (issue 34): with the scene's setting on, the table sees only what some visible
 * party token on the scene can see — through open doors, windows and over low cover, never
 * through a wall or a shut door (SR-CORE-30: what stops fire stops sight) — and only where the
 * GM's painted fog is lifted too. One module, so the projection, the table's masked picture,
 * the GM's shading and the leak checks judge every point alike.
 */

/** 'off' (absent on older scenes): the painted fog alone decides; 'party': the party's sight limits it too. */
export type SceneSight = 'off' | 'party'
export const SCENE_SIGHTS = ['off', 'party'] as const satisfies readonly SceneSight[]

export const sightOf = (scene: { readonly sight?: SceneSight }): SceneSight => scene.sight ?? 'off'

/**
 * How far a party token sees, in metres. The documents give no sight range; a lit room, a hall
 * or a street is well inside it, and it bounds each token's sight polygon (and so its cost).
 */
export const SIGHT_RADIUS = 60

/**
 * A point this close to the edge of a sight polygon counts as seen: a wall's corner lies exactly on
 * the edge of what is seen from inside the room, and rounding must not decide whether it is drawn.
 */
export const SIGHT_EDGE = 0.005

interface SightPolygon {
  readonly points: readonly Point[]
  readonly x: number
  readonly y: number
  readonly x2: number
  readonly y2: number
}

/** What the party sees on one scene: the union of its tokens' sight polygons. */
export interface PartySight {
  readonly polygons: readonly SightPolygon[]
  /** Changes exactly when the polygons do: the masked picture's cache key. */
  readonly key: string
}

const serials = new WeakMap<WallIndex, number>()
let nextSerial = 0
const indexSerial = (index: WallIndex): number => {
  let n = serials.get(index)
  if (n === undefined) serials.set(index, (n = ++nextSerial))
  return n
}

/** One polygon per token and wall index: a token that did not move keeps its sight between passes. */
const polygonCache = new WeakMap<TokenRecord, { readonly index: WallIndex; readonly polygon: SightPolygon }>()

function polygonOf(token: TokenRecord, index: WallIndex): SightPolygon {
  const hit = polygonCache.get(token)
  if (hit && hit.index === index) return hit.polygon
  const points = reachedArea(index, { x: token.x, y: token.y }, SIGHT_RADIUS)
  let x = Infinity
  let y = Infinity
  let x2 = -Infinity
  let y2 = -Infinity
  for (const p of points) {
    x = Math.min(x, p.x)
    y = Math.min(y, p.y)
    x2 = Math.max(x2, p.x)
    y2 = Math.max(y2, p.y)
  }
  const polygon: SightPolygon = { points, x, y, x2, y2 }
  polygonCache.set(token, { index, polygon })
  return polygon
}

/** Whose eyes count: a party combatant the table can see (a hidden one's sight would reveal where it stands). */
export const seesForTable = (c: Pick<CombatantRecord, 'side' | 'hidden'> | undefined): boolean =>
  c !== undefined && c.side === 'party' && !c.hidden

/**
 * The party's sight on a scene, or null when the scene's setting is off (the painted fog alone
 * decides). With the setting on and no party token on the scene, nothing is seen.
 */
export function partySight(
  scene: Pick<SceneRecord, 'id'> & { readonly sight?: SceneSight },
  tokens: Iterable<TokenRecord>,
  combatant: (id: TokenRecord['combatantId']) => Pick<CombatantRecord, 'side' | 'hidden'> | undefined,
  walls: readonly WallRecord[],
): PartySight | null {
  if (sightOf(scene) === 'off') return null
  const index = wallIndexFor(
    scene.id,
    walls.filter((w) => w.sceneId === scene.id),
  )
  const eyes: TokenRecord[] = []
  for (const t of tokens) if (t.sceneId === scene.id && seesForTable(combatant(t.combatantId))) eyes.push(t)
  const polygons: SightPolygon[] = []
  const keys: string[] = []
  for (const t of castingSight(eyes)) {
    polygons.push(polygonOf(t, index))
    keys.push(`${t.x},${t.y}`)
  }
  keys.sort()
  // The index stands for the walls: a new one is built exactly when a wall of the scene changes.
  return { polygons, key: `${keys.join(';')}|${indexSerial(index)}` }
}

/**
 * Whose sight counts when the party is larger than `SIGHT.partyTokens`: the tokens nearest the
 * party's middle (the mean of their places; ties by id, so every pass picks the same). The rest
 * cast none: the table sees less than the whole party would, never more, and one pass costs at
 * most the bound's polygons and tests per point.
 */
function castingSight(eyes: readonly TokenRecord[]): readonly TokenRecord[] {
  if (eyes.length <= SIGHT.partyTokens) return eyes
  const mx = eyes.reduce((s, t) => s + t.x, 0) / eyes.length
  const my = eyes.reduce((s, t) => s + t.y, 0) / eyes.length
  const away = (t: TokenRecord) => Math.hypot(t.x - mx, t.y - my)
  return [...eyes].sort((a, b) => away(a) - away(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).slice(0, SIGHT.partyTokens)
}

function insidePolygon(points: readonly Point[], p: PointLike): boolean {
  let inside = false
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const a = points[i]!
    const b = points[j]!
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside
  }
  return inside
}

function nearEdge(points: readonly Point[], p: PointLike): boolean {
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const a = points[i]!
    const b = points[j]!
    const dx = b.x - a.x
    const dy = b.y - a.y
    const len2 = dx * dx + dy * dy
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2))
    if (Math.hypot(a.x + dx * t - p.x, a.y + dy * t - p.y) <= SIGHT_EDGE) return true
  }
  return false
}

/** Whether the party sees this point (always, with the setting off). */
export function inPartySight(sight: PartySight | null, p: PointLike): boolean {
  if (sight === null) return true
  for (const poly of sight.polygons) {
    if (p.x < poly.x - SIGHT_EDGE || p.x > poly.x2 + SIGHT_EDGE || p.y < poly.y - SIGHT_EDGE || p.y > poly.y2 + SIGHT_EDGE) continue
    if (insidePolygon(poly.points, p) || nearEdge(poly.points, p)) return true
  }
  return false
}

/**
 * Whether the table sees a point of the scene: the painted fog reveals it AND (with the setting
 * on) the party sees it. Painted fog applies on top of sight: a GM's hide keeps a room dark even
 * when the party looks in, and a GM's reveal never shows what no party token can see.
 */
export function tableSees(fog: SceneFog, sight: PartySight | null, p: PointLike): boolean {
  return isRevealed(fog, p) && inPartySight(sight, p)
}

/** The same test for a scene, given what the party sees on it. */
export const sceneTableSees = (scene: { readonly fog?: SceneFog }, sight: PartySight | null) => (p: PointLike) =>
  tableSees(fogOf(scene), sight, p)

/**
 * The stretches of x, in metres, that the party sees at every y from y0 to y1: what a picture's
 * band of pixels may show. A column of the band no polygon edge passes through is seen alike
 * from top to bottom, so it is seen throughout when it is seen on the band's top line; every
 * column an edge passes through is left out (the hidden side). Sorted, not overlapping.
 */
export function seenAcrossBand(sight: PartySight, y0: number, y1: number): [number, number][] {
  const all: [number, number][] = []
  for (const poly of sight.polygons) {
    if (poly.y > y0 || poly.y2 < y1) continue
    const inside = spansAt(poly.points, y0)
    if (inside.length === 0) continue
    const cuts: [number, number][] = []
    const pts = poly.points
    for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
      const clipped = edgeWithin(pts[j]!, pts[i]!, y0, y1)
      if (clipped) cuts.push(clipped)
    }
    all.push(...subtract(inside, cuts))
  }
  return union(all)
}

/** Where the horizontal line at y is inside the polygon (even-odd), as sorted stretches. */
function spansAt(points: readonly Point[], y: number): [number, number][] {
  const xs: number[] = []
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const a = points[i]!
    const b = points[j]!
    if (a.y > y !== b.y > y) xs.push(((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x)
  }
  xs.sort((p, q) => p - q)
  const out: [number, number][] = []
  for (let k = 0; k + 1 < xs.length; k += 2) out.push([xs[k]!, xs[k + 1]!])
  return out
}

/** The x extent of the part of edge a→b between y0 and y1, or null when it stays outside the band. */
function edgeWithin(a: Point, b: Point, y0: number, y1: number): [number, number] | null {
  const lo = Math.min(a.y, b.y)
  const hi = Math.max(a.y, b.y)
  if (hi < y0 || lo > y1) return null
  if (a.y === b.y) return [Math.min(a.x, b.x), Math.max(a.x, b.x)]
  const xAt = (y: number) => a.x + ((b.x - a.x) * (y - a.y)) / (b.y - a.y)
  const xa = xAt(Math.max(lo, y0))
  const xb = xAt(Math.min(hi, y1))
  return [Math.min(xa, xb), Math.max(xa, xb)]
}

function subtract(spans: [number, number][], cuts: [number, number][]): [number, number][] {
  let out = spans
  for (const [c0, c1] of cuts) {
    const next: [number, number][] = []
    for (const [s0, s1] of out) {
      if (c1 < s0 || c0 > s1) next.push([s0, s1])
      else {
        if (c0 > s0) next.push([s0, c0])
        if (c1 < s1) next.push([c1, s1])
      }
    }
    out = next
  }
  return out
}

function union(spans: [number, number][]): [number, number][] {
  const sorted = [...spans].sort((a, b) => a[0] - b[0])
  const out: [number, number][] = []
  for (const s of sorted) {
    const last = out.at(-1)
    if (last && s[0] <= last[1]) last[1] = Math.max(last[1], s[1])
    else out.push([s[0], s[1]])
  }
  return out
}

/**
 * The party's sight from a window's own records (the GM's map, its projector preview): the same
 * polygons the core judges by, since the GM's window holds every token, combatant and wall.
 */
export function partySightOfRecords(
  scene: Pick<SceneRecord, 'id'> & { readonly sight?: SceneSight },
  records: Iterable<{ readonly typeName: string; readonly id: string }>,
): PartySight | null {
  if (sightOf(scene) === 'off') return null
  const tokens: TokenRecord[] = []
  const walls: WallRecord[] = []
  const people = new Map<string, Pick<CombatantRecord, 'side' | 'hidden'>>()
  for (const r of records) {
    if (r.typeName === 'token') tokens.push(r as TokenRecord)
    else if (r.typeName === 'wall') walls.push(r as WallRecord)
    else if (r.typeName === 'combatant') people.set(r.id, r as unknown as CombatantRecord)
  }
  return partySight(scene, tokens, (id) => people.get(id), walls)
}

/** A sight polygon's corners, for drawing it. */
export const sightPolygons = (sight: PartySight): readonly (readonly Point[])[] => sight.polygons.map((p) => p.points)
