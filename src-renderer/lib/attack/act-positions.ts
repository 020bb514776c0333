import { centreDistance, IGNORE_POSITIONS, IGNORE_WALLS, tenths, TYPED_DISTANCE, WALLS_ASIDE_WORDS } from '../../../src-shared/geometry'
import type { TokenRecord } from '../../../src-shared/records'

/**
 * Where an attack's or action's two sides stand, as the desk tells it before sending (issue 31).
 * The core decides (`placeAct`): on the scene in play the map's distance stands, a typed one that
 * is not the map's is refused, and so is an act between one on the map and one off it; the GM
 * may set positions aside for one act, logged. The panels use this to show the map's distance
 * locked, offer the override only when it matters, and never send a forged distance by accident.
 */
export type ActPositions =
  /** Neither stands on the scene in play (or there is no one else): the typed distance, as ever. */
  | { readonly kind: 'off' }
  /** Both stand on it: the map's distance, centre to centre to a tenth as the core measures it. */
  | { readonly kind: 'map'; readonly metres: number }
  /** One stands on it and the other does not: the core refuses until the GM places it or sets positions aside. */
  | { readonly kind: 'split'; readonly off: 'actor' | 'target' }

export function actPositions(
  tokens: readonly TokenRecord[],
  sceneId: string | null,
  actorId: string | null,
  targetId: string | null,
): ActPositions {
  if (!sceneId || !actorId || !targetId) return { kind: 'off' }
  const a = tokens.find((t) => t.sceneId === sceneId && t.combatantId === actorId)
  const b = tokens.find((t) => t.sceneId === sceneId && t.combatantId === targetId)
  if (a && b) return { kind: 'map', metres: tenths(centreDistance(a, b)) }
  if (a || b) return { kind: 'split', off: a ? 'target' : 'actor' }
  return { kind: 'off' }
}

type Options = Readonly<Record<string, string | number | boolean>>

/**
 * The options an act is sent with. Positions set aside: the GM's values and the override flag.
 * Both on the map: no typed distance at all (the map's stands; a value left over from before the
 * tokens were placed, or from another target, would be refused as forged). Otherwise as typed.
 */
export function actOptions(options: Options, where: ActPositions, aside: boolean): Record<string, string | number | boolean> {
  if (aside && where.kind !== 'off') return { ...options, [IGNORE_POSITIONS]: true }
  if (where.kind !== 'map') return { ...options }
  const { [TYPED_DISTANCE]: _typed, ...rest } = options
  return rest
}

/**
 * Whether a field is the GM's to type. While both stand on the map and positions count, a typed
 * distance is not offered at all: the map's distance is shown instead (the core would refuse any
 * other as forged). Off the map, or with positions set aside, every field is as the act offers it.
 */
export const offersField = (where: ActPositions, aside: boolean, key: string): boolean =>
  key !== TYPED_DISTANCE || where.kind !== 'map' || aside

/**
 * The options once the act's fields are known, with positions set aside on the map: a distance
 * field the act offers starts at the map's distance, for the GM to type over (it would otherwise
 * start at the ruleset's default, unrelated to where the two stand). Else unchanged (the same object).
 */
export function withMapDistance<T extends Options>(
  options: T,
  where: ActPositions,
  aside: boolean,
  fields: readonly { readonly key: string }[] | undefined,
): T | Record<string, string | number | boolean> {
  if (!aside || where.kind !== 'map' || !offersDistance(fields) || TYPED_DISTANCE in options) return options
  return { ...options, [TYPED_DISTANCE]: where.metres }
}

/** The options as the switch goes off: a typed distance goes with it (the map's stands again). */
export function withoutTypedDistance(options: Options): Record<string, string | number | boolean> {
  const { [TYPED_DISTANCE]: _typed, ...rest } = options
  return rest
}

/** Whether an act's fields include a distance to type. */
export const offersDistance = (fields: readonly { readonly key: string }[] | undefined): boolean =>
  !!fields?.some((f) => f.key === TYPED_DISTANCE)

/** The core refused the act over where its sides stand (out of reach or range, one off the map, a forged distance). */
export const isPositionRefusal = (code: string): boolean => code.startsWith('position/')

/** The line beside the switch: where the two stand as the map has it, or what the override does. */
export function positionsText(where: ActPositions, aside: boolean, names: { readonly actor: string; readonly target: string }): string {
  if (where.kind === 'off') return ''
  const map = where.kind === 'map' ? `${where.metres} m on the map` : ''
  if (aside) return `Ignored for the next act, and logged${map ? ` (${map})` : ''}.`
  if (where.kind === 'map') return `${map}, centre to centre`
  return `${where.off === 'target' ? names.target : names.actor} has no token on the map.`
}

/** The core refused the act because a wall or closed door stands between the two (SR-CORE-30). */
export const NO_LINE_OF_FIRE = 'position/noLineOfFire'

/**
 * The options with the scene's walls set aside for this one act (issue 34), or as they were. The
 * core logs the override; the panel clears it after the act, as it does the positions switch.
 */
export function withWallsAside(options: Options, on: boolean): Record<string, string | number | boolean> {
  return on ? { ...options, [IGNORE_WALLS]: true } : { ...options }
}

/** Whether a refusal (a code, or odds' blocked words) is a wall between the two, so the walls switch is offered. */
export const refusedByWalls = (code: string | null, words: string | null): boolean =>
  code === NO_LINE_OF_FIRE || (words?.endsWith(`${WALLS_ASIDE_WORDS}.`) ?? false)
