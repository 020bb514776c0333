import { distanceToSpine, type AreaShape } from './area-geometry'
import type { SceneGrid } from './records'

/**
 * Where things stand on a battle map, for everyone who measures: the core's rules, each ruleset
 * (through the positions the core hands it), the autopilot, the forecast and the map the GM sees.
 * Metres throughout, from the scene image's top-left corner. One module, so the ring the GM sees
 * round a token under a template, the "out of reach" mark and the rules' verdict cannot disagree.
 */

/**
 * The option an attack or action carries to set positions aside for that one act (the GM's
 * override, logged): the typed distance then stands, as for combatants off the map.
 */
export const IGNORE_POSITIONS = 'ignorePositions'
/**
 * The option an attack or action carries to set the scene's walls aside for that one act (the GM's
 * override of SR-CORE-30, logged): no line of fire is asked and the map gives no cover.
 */
export const IGNORE_WALLS = 'ignoreWalls'
/** How every no-line-of-fire refusal ends: a panel that reads it in odds offers the walls switch. */
export const WALLS_ASIDE_WORDS = 'set walls aside for this act'
/** The option a typed distance travels in, where the map cannot give it. */
export const TYPED_DISTANCE = 'distance'

export interface Point {
  readonly x: number
  readonly y: number
}

/** A token as the rules measure it: its centre, and the radius of the round base it stands on. */
export interface Footprint extends Point {
  readonly radius: number
}

/**
 * The radius of a token's base on this scene, in metres: four tenths of a grid cell (a token sits
 * inside its square with a margin), at most 0.6 m (a person's shoulders, however coarse the grid);
 * half a metre on a scene without a grid. The map draws tokens at this size.
 */
export function footprintRadius(grid: SceneGrid): number {
  return grid.kind === 'square' ? Math.min(grid.metresPerCell * 0.4, 0.6) : 0.5
}

/** Centre to centre, as the GM's measuring tape reads it. */
export const centreDistance = (a: Point, b: Point): number => Math.hypot(a.x - b.x, a.y - b.y)

/** Metres as the desk prints them and a ruleset compares them: to a tenth. */
export const tenths = (metres: number): number => Math.round(metres * 10) / 10

/** Edge to edge: how far apart two bases are (0 when they touch or overlap). */
export const gapBetween = (a: Footprint, b: Footprint): number => Math.max(0, centreDistance(a, b) - a.radius - b.radius)

/** Rounding of positions typed or dragged (a millimetre) never decides a verdict. */
const EPSILON = 1e-6

/** Whether `b` is within `reach` metres of `a`, base to base (two bases touching are at 0). */
export const withinReach = (a: Footprint, b: Footprint, reach: number): boolean => gapBetween(a, b) <= reach + EPSILON

/**
 * Whether an area (a template's circle, a zone, a lane) touches a token's base, its rim included:
 * a token half under a blast is under it (SR-CORE-10).
 */
export const touchesArea = (area: AreaShape, t: Footprint): boolean => distanceToSpine(area, t) <= area.radius + t.radius + EPSILON

/**
 * Where a combatant moving straight from `from` towards `to` stops to stand `reach` metres from it,
 * base to base (`from` unchanged when it is already that close); `metres` is how far it walks.
 */
export function approach(from: Footprint, to: Footprint, reach: number): { readonly at: Point; readonly metres: number } {
  const d = centreDistance(from, to)
  const walk = Math.max(0, d - from.radius - to.radius - reach)
  if (walk <= EPSILON || d === 0) return { at: { x: from.x, y: from.y }, metres: 0 }
  const t = walk / d
  return { at: { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t }, metres: walk }
}

/** A point `metres` from `from` in the direction `radians` (0 east, clockwise on the map, whose y grows downwards). */
export const pointAt = (from: Point, metres: number, radians: number): Point => ({
  x: from.x + Math.cos(radians) * metres,
  y: from.y + Math.sin(radians) * metres,
})

/**
 * Where a straight walk from `from` to `to` first takes its centre into `base` (drawn size), as a
 * fraction along the walk, or null when it never does. A walk that starts inside the base is
 * leaving it, not entering: null (a token the GM placed on another may always step off).
 */
export function entersBase(from: Point, to: Point, base: Footprint): number | null {
  const fx = from.x - base.x
  const fy = from.y - base.y
  const c = fx * fx + fy * fy - base.radius * base.radius
  if (c < -EPSILON) return null
  const dx = to.x - from.x
  const dy = to.y - from.y
  const a = dx * dx + dy * dy
  if (a === 0) return null
  const b = fx * dx + fy * dy
  const disc = b * b - a * c
  // Touching the rim (a tangent, or a start exactly on it and walking away) is not entering.
  if (disc <= EPSILON || b >= 0) return null
  const t = (-b - Math.sqrt(disc)) / a
  return t <= 1 + EPSILON ? Math.max(0, t) : null
}

/** Whether two bases overlap (touching rims do not). */
export const basesOverlap = (a: Footprint, b: Footprint): boolean => centreDistance(a, b) < a.radius + b.radius - EPSILON
