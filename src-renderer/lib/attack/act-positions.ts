import { centreDistance, IGNORE_POSITIONS, tenths, TYPED_DISTANCE } from '../../../src-shared/geometry'
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

/** The map's distance when this field is the map's to show (read-only) rather than the GM's to type; else null. */
export const lockedDistance = (where: ActPositions, aside: boolean, key: string): number | null =>
  key === TYPED_DISTANCE && where.kind === 'map' && !aside ? where.metres : null

/**
 * The options as the GM flips the switch. On, with both on the map, a distance field the act offers
 * starts at the map's distance, to type over; off, a typed distance goes (the map's stands again).
 */
export function asideOptions(
  options: Options,
  where: ActPositions,
  aside: boolean,
  offersDistance: boolean,
): Record<string, string | number | boolean> {
  if (aside) return where.kind === 'map' && offersDistance ? { ...options, [TYPED_DISTANCE]: where.metres } : { ...options }
  const { [TYPED_DISTANCE]: _typed, ...rest } = options
  return rest
}

/** Whether an act's fields include a distance to type. */
export const offersDistance = (fields: readonly { readonly key: string }[] | undefined): boolean =>
  !!fields?.some((f) => f.key === TYPED_DISTANCE)

/** The core refused the act over where its sides stand (out of reach, one off the map, a forged distance). */
export const isPositionRefusal = (code: string): boolean => code.startsWith('position/')
