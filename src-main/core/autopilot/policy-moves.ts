import { shortestPath, type PathGoal } from '../../../src-shared/wall-paths'
import { NO_WALLS } from '../../../src-shared/wall-geometry'
import type { CombatantRecord } from '../../../src-shared/records'
import { gapBetween, tenths } from '../../../src-shared/geometry'
import type { Ruleset } from '../../rules/ruleset'
import { moveCharge } from '../commands/move-charge'
import { occupiedBases } from '../commands/move-occupied'
import { offTheScene } from '../commands/scene-deciders'
import { sceneWallIndex } from '../geometry/line-of-fire'
import type { RecordReader } from '../state/record-store'
import { placedRulesCombatant } from '../state/rules-combatants'
import { sceneInPlay } from '../state/scene-in-play'
import type { Candidate, PolicyView } from './policy'

/** The policy's walk on the map (issue 31; round walls and bases since issue 34). */

/** A move is worth less than any act that hurts, more than ending the turn where it stands. */
const MOVE_SCORE = 0.05

/**
 * A walk towards the nearest opponent on the map, to touching distance (whatever its reach, it is
 * then in it) or as far towards it as the turn can pay — the same price a GM's drag pays
 * (`moveCharge`). None off the map, or when it is already as close as it gets.
 */
export function moveCandidates(view: PolicyView, opponents: readonly CombatantRecord[]): Candidate[] {
  const { state, ruleset, actor } = view
  const scene = sceneInPlay(state)
  const me = placedRulesCombatant(state, actor).position
  if (!scene || !me) return []
  // A move is one straight walk: a wall stops it (SR-CORE-33), and where the ruleset says so
  // another's base does too, nor may it end on one (SR-CORE-34). The walk's first leg is the first
  // corner of the shortest way round both to the nearest opponent it can get to (`shortestPath`).
  const walls = sceneWallIndex(state) ?? NO_WALLS
  const occupied = ruleset.occupiedSpaces ? occupiedBases(state, ruleset, scene, actor.id) : []
  // Grown by the mover's base and a margin that the drop's rounding to the centimetre cannot eat.
  const obstacles = occupied.map((o) => ({ x: o.base.x, y: o.base.y, radius: o.base.radius + me.radius + ROUNDING }))
  const slot = new Map(occupied.map((o, i) => [o.id, i]))
  const targets = opponents.flatMap((c) => {
    const at = placedRulesCombatant(state, c).position
    return at ? [{ c, at }] : []
  })
  const goals = targets.map(({ c, at }): PathGoal => {
    // The walk up to an opponent standing in the way of others does not go round that one.
    const obstacle = slot.get(c.id)
    return { x: at.x, y: at.y, stopAt: me.radius + at.radius + ROUNDING, ...(obstacle === undefined ? {} : { obstacle }) }
  })
  const path = shortestPath(walls, me, goals, { standsAt: (p) => offTheScene(scene, p) === null, obstacles })
  if (!path) return []
  const leg = path.points[0]!
  const far = Math.hypot(leg.x - me.x, leg.y - me.y)
  const step = affordableStep({ state, ruleset }, actor, far)
  if (step < MIN_STEP) return []
  const to = { x: me.x + ((leg.x - me.x) * step) / far, y: me.y + ((leg.y - me.y) * step) / far }
  const target = { ...targets[path.goal]!, gap: gapBetween(me, targets[path.goal]!.at) }
  const round = path.points.length > 1
  return [
    {
      command: {
        type: 'token/place',
        payload: { sceneId: scene.id, combatantId: actor.id, x: Math.round(to.x * 100) / 100, y: Math.round(to.y * 100) / 100 },
      },
      label: `Move ${tenths(step)} m towards ${target.c.name}`,
      odds: null,
      score: MOVE_SCORE,
      reasons: () => [
        `No attack reaches anyone from where it stands; ${target.c.name} is the nearest to walk to, ${tenths(target.gap)} m away${round ? `, ${tenths(path.metres)} m round what is in the way: it heads for the first corner` : ''}.`,
      ],
    },
  ]
}

/** Centimetres: the drop is rounded to them, and must still keep clear of the bases it walks round. */
const ROUNDING = 0.02

/** Steps shorter than this are not worth a command (and a policy must not shuffle in place). */
export const MIN_STEP = 0.1

/** The longest walk up to `want` metres the mover's turn can pay for now, to a tenth (0: none). */
export function affordableStep(
  ctx: { readonly state: RecordReader; readonly ruleset: Ruleset },
  mover: CombatantRecord,
  want: number,
): number {
  const pays = (m: number) => moveCharge(ctx, mover, m, false).ok
  if (pays(want)) return want
  let lo = 0
  let hi = want
  // A price grows with the distance, so the longest affordable walk is found by halving.
  while (hi - lo > MIN_STEP / 2) {
    const mid = (lo + hi) / 2
    if (pays(mid)) lo = mid
    else hi = mid
  }
  return Math.floor(lo * 10) / 10
}
