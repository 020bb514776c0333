import { placeName } from '../../../src-shared/cell-name'
import { basesOverlap, entersBase, footprintRadius, type Footprint, type Point } from '../../../src-shared/geometry'
import type { CombatantRecord, SceneRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { Ruleset } from '../../rules/ruleset'
import type { RecordReader } from '../state/record-store'
import { standingOf } from '../state/rules-combatants'
import { activeEncounter } from './decide-context'

/** Someone a move would walk through, or end on, and where they stand in the GM's words. */
export interface Occupant {
  readonly name: string
  readonly at: string
  readonly how: 'through' | 'onto'
  /** The document's section the ruleset cites. */
  readonly source: string
}

/**
 * The bases that occupy a place on this scene for a mover: every other combatant standing up
 * there, allies too (the d20 document makes no exception). One down, out or dead lies on the floor
 * and is stepped over (SR-CORE-34).
 */
export function occupiedBases(
  state: RecordReader,
  ruleset: Ruleset,
  scene: SceneRecord,
  moverId: CombatantRecord['id'],
): { readonly id: CombatantRecord['id']; readonly name: string; readonly base: Footprint }[] {
  const radius = footprintRadius(scene.grid)
  return state.ofType('token').flatMap((t) => {
    if (t.sceneId !== scene.id || t.combatantId === moverId) return []
    const c = state.get(t.combatantId)
    if (c?.typeName !== 'combatant' || standingOf(ruleset, c).state !== 'up') return []
    return [{ id: c.id, name: c.name, base: { x: t.x, y: t.y, radius } }]
  })
}

/**
 * Who a straight move from `from` to `to` walks through (its centre enters their base as the map
 * draws it: passing diagonally between two, or beside one, is not walking through), else who its
 * end overlaps, or null. Only where the ruleset's document forbids it, and only on the mover's own
 * turn in a running fight: out of turn the GM is placing the token. SR-CORE-34.
 */
export function occupantInTheWay(
  state: RecordReader,
  ruleset: Ruleset,
  scene: SceneRecord,
  mover: CombatantRecord,
  from: Point,
  to: Point,
): Occupant | null {
  const rule = ruleset.occupiedSpaces
  if (!rule) return null
  const encounter = activeEncounter(state)
  if (!encounter || encounter.round < 1 || encounter.currentCombatantId !== mover.id) return null
  const others = occupiedBases(state, ruleset, scene, mover.id)
  let first: { readonly t: number; readonly name: string; readonly base: Footprint } | null = null
  for (const o of others) {
    const t = entersBase(from, to, o.base)
    if (t !== null && (!first || t < first.t)) first = { t, ...o }
  }
  const name = (o: { readonly base: Footprint }) => placeName(scene.grid, o.base)
  if (first) return { name: first.name, at: name(first), how: 'through', source: rule.source }
  const end = { x: to.x, y: to.y, radius: footprintRadius(scene.grid) }
  const onto = others.find((o) => basesOverlap(end, o.base))
  return onto ? { name: onto.name, at: name(onto), how: 'onto', source: rule.source } : null
}

/** Why a move that walks through or ends on someone is refused (SR-CORE-34), naming whom and where. */
export function occupiedWords(mover: CombatantRecord, o: Occupant): string {
  return o.how === 'through'
    ? `${mover.name} cannot walk through ${o.name}, who stands in the way at ${o.at} (${o.source}): go round in steps, or make it a free move.`
    : `${mover.name} cannot end the move on ${o.name}'s square at ${o.at} (${o.source}): stop beside it, or make it a free move.`
}

/** The log's words for a free move the GM let through someone (the override, SR-CORE-34). */
export const occupiedWaived = (o: Occupant): string =>
  ` — ${o.how === 'through' ? 'through' : 'onto'} ${o.name} at ${o.at}: the GM's call over ${o.source}`

/** Whether a move is refused for an occupant, as a Result (ok when the GM made it free, or nobody is in the way). */
export function occupiedCheck(o: Occupant | null, mover: CombatantRecord, free: boolean): Result<void> {
  return o && !free ? fail('move/occupied', occupiedWords(mover, o)) : ok(undefined)
}
