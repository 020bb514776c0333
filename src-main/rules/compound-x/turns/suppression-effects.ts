import type { CombatantId } from '../../../../src-shared/records'
import { modifier, type Modifier } from '../../kit/modifier'
import { distanceBetween, type Point, type SuppressionLevel, type SuppressionZone } from './suppression'

export const isSuppressed = (zones: readonly SuppressionZone[], id: CombatantId): boolean => zones.some((z) => z.suppressedIds.includes(id))

/** CX25: a suppressed shooter takes +1 miss chance, once however many zones hold it. */
export function suppressionMalus(zones: readonly SuppressionZone[], shooterId: CombatantId): Modifier | null {
  const by = zones.filter((z) => z.suppressedIds.includes(shooterId))
  if (by.length === 0) return null
  return modifier(by.length > 1 ? `Suppressed (${by.length} zones, not stackable)` : 'Suppressed', 1, 'CX25')
}

/** CX25: at the start of a combatant's turn, the zones it laid down end. */
export function expireZonesAtTurnStart(zones: readonly SuppressionZone[], startingId: CombatantId) {
  return {
    active: zones.filter((z) => z.suppressorId !== startingId),
    expired: zones.filter((z) => z.suppressorId === startingId),
  }
}

/** CX25: leaving the zone ends the mover's suppression; moving within it does not. */
export function afterMove(zone: SuppressionZone, moverId: CombatantId, destination: Point): SuppressionZone {
  if (!zone.suppressedIds.includes(moverId) || distanceBetween(destination, zone.centre) <= zone.radius) return zone
  return { ...zone, suppressedIds: zone.suppressedIds.filter((id) => id !== moverId) }
}

export interface ZoneMove {
  readonly moverId: CombatantId
  readonly destination: Point
  /** The GM confirmed the move is not into complete concealment (CX26). */
  readonly movedIntoOpen: boolean
  /** This suppressor already reacted against this mover since its own turn. */
  readonly alreadyReactedThisTurn: boolean
}

/** CX26: what the suppressor does, at once and without spending a reaction. */
export type SuppressionReaction =
  | {
      readonly kind: 'accuracy-roll'
      readonly level: 'light'
      readonly suppressorId: CombatantId
      readonly targetId: CombatantId
      /** One single-shot (not burst or auto) accuracy roll, resolved as a normal shot. */
      readonly rolls: 1
      readonly armour: 'coverage-roll'
      readonly usesReaction: false
    }
  | {
      readonly kind: 'automatic-hits'
      readonly level: Exclude<SuppressionLevel, 'light'>
      readonly suppressorId: CombatantId
      readonly targetId: CombatantId
      readonly hits: 1 | 2
      /** No coverage roll: the hits always strike armour (CX26). */
      readonly armour: 'always'
      readonly usesReaction: false
    }
  /** A combatant that was not suppressed moved into the zone: the GM decides (CX26). */
  | { readonly kind: 'gm-decides'; readonly suppressorId: CombatantId; readonly moverId: CombatantId; readonly reason: string }
  | { readonly kind: 'none'; readonly reason: string }

/**
 * CX26, judged on the mover's status before the move (so leaving the zone into the open still
 * draws the reaction); apply `afterMove` afterwards.
 */
export function reactionOwed(zone: SuppressionZone, move: ZoneMove): SuppressionReaction {
  const { moverId } = move
  if (moverId === zone.suppressorId) return { kind: 'none', reason: 'The suppressor does not react to itself' }
  if (!zone.suppressedIds.includes(moverId)) {
    if (distanceBetween(move.destination, zone.centre) > zone.radius)
      return { kind: 'none', reason: 'Not suppressed by this zone and not moving into it' }
    return {
      kind: 'gm-decides',
      suppressorId: zone.suppressorId,
      moverId,
      reason: `Moved into a ${zone.level} suppression zone without being suppressed: the GM decides (CX26)`,
    }
  }
  if (!move.movedIntoOpen) return { kind: 'none', reason: 'Moved into complete concealment, not into the open (CX26)' }
  if (move.alreadyReactedThisTurn)
    return { kind: 'none', reason: 'Already reacted against this target this turn: once per target per suppressor turn (CX26)' }
  const base = { suppressorId: zone.suppressorId, targetId: moverId, usesReaction: false } as const
  if (zone.level === 'light') return { ...base, kind: 'accuracy-roll', level: 'light', rolls: 1, armour: 'coverage-roll' }
  return { ...base, kind: 'automatic-hits', level: zone.level, hits: zone.level === 'heavy' ? 2 : 1, armour: 'always' }
}
