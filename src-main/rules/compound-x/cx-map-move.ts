import type { ActionResolution, MapArea, MapPath, RulesCombatant } from '../ruleset'
import type { Result } from '../../../src-shared/result'
import { insideArea as inside } from '../../../src-shared/area-geometry'
import type { ContentLibrary } from './content/content-library'
import { opponentsOf } from './cx-engagement'
import { partingOnMap } from './cx-leave-melee'
import { performMove } from './cx-move'
import { SUPPRESSED, SUPPRESSING } from './cx-suppression'
import { cxSheets } from './sheet/cx-sheet'
import { toSegment, walkPastNote, walkPastPrompts, walksPast } from './cx-walk-past'
import { tenths } from '../../../src-shared/geometry'
import { lineOfFire } from '../../../src-shared/wall-geometry'

/**
 * A token dragged on the map (CX25, CX26, `000` Melee Combat): the same consequences as the Move
 * action, with the map answering what the action asks the GM. A suppressed mover draws its
 * suppressors' reactions, one each (the GM passes on one if the move ends in complete
 * concealment), and stops being suppressed by each suppressor whose zone it ends outside; a mover that is not suppressed ending inside
 * someone's zone is the GM's call; an engaged mover leaves the melee with each opponent it ends
 * more than 1 m from, base to base, and those it started within 1 m of may strike (SR-CX-111,
 * SR-CX-112); a path going by an alert opponent within 1 m draws its opportunity attack
 * (SR-CX-70, SR-CX-71; `onScene` says where everyone stands). Null when the move sets nothing off.
 */
export function cxMapMove(
  mover: RulesCombatant,
  path: MapPath,
  areas: readonly MapArea[],
  library: ContentLibrary,
  onScene: readonly RulesCombatant[] = [],
): Result<ActionResolution> | null {
  const c = cxSheets.of(mover)
  if (!c) return null
  const held = mover.conditions.filter((x) => x.conditionId === SUPPRESSED)
  const moved = Math.hypot(path.to.x - path.from.x, path.to.y - path.from.y)
  const zones = areas.filter((a) => a.conditionId === SUPPRESSING)
  const holders = new Set(held.map((h) => h.sourceId))
  // SR-CX-34: each suppressor's zone is asked on its own; leaving one ends only that suppressor's
  // instance. A suppressor whose zone is not on this map leaves the move's place unknown: it stays.
  // SR-CX-161: a suppressor the walls keep from hitting the mover where it ends (no line of fire
  // from its base, SR-CORE-30) neither suppresses it there nor answers the move.
  const end = mover.position ? { ...mover.position, x: path.to.x, y: path.to.y } : null
  const canHit = (zone: MapArea) => {
    const from = onScene.find((o) => o.id === zone.bearerId)?.position
    return !zone.walls || !from || !end || lineOfFire(zone.walls, from, end)
  }
  const outOfFire = Object.fromEntries(
    held
      .filter((h) => h.sourceId !== null)
      .map((h) => {
        const zone = zones.find((z) => z.bearerId === h.sourceId)
        return [`outOfFire:${h.sourceId}`, zone !== undefined && !canHit(zone)]
      }),
  )
  const leaves = Object.fromEntries(
    held
      .filter((h) => h.sourceId !== null)
      .map((h) => {
        const zone = zones.find((z) => z.bearerId === h.sourceId)
        return [`leavesZone:${h.sourceId}`, zone !== undefined && !inside(zone.area, path.to)]
      }),
  )
  // CX26, SR-CX-36: ending inside the zone of a suppressor that does not hold the mover is the GM's call.
  const intoZone = zones.some((z) => z.bearerId !== mover.id && !holders.has(z.bearerId) && inside(z.area, path.to) && canHit(z))
  // SR-CX-111: the melee is left opponent by opponent, by where the drag ends from each.
  const parting = opponentsOf(mover).length > 0 ? partingOnMap(mover, onScene, path.from, path.to) : null
  const leavesMelee = parting !== null && parting.left.length > 0
  // `000` Opportunity Attack: the path going by an alert opponent within 1 m (SR-CX-70, SR-CX-71).
  const radius = mover.position?.radius ?? 0
  const walk = walkPastPrompts(
    mover,
    onScene,
    (at) => walksPast(path, at, radius),
    'walks past',
    library,
    (at) => tenths(toSegment(path, at)),
  )
  if (held.length === 0 && !intoZone && !leavesMelee && walk.prompts.length === 0) return null
  const r = performMove(
    {
      actorId: mover.id,
      action: 'move',
      targetId: null,
      // A drag never sprints (SR-CX-33); a hand-put suppression (no suppressor) is not left on the map.
      options: {
        actions: '2',
        intoOpen: true,
        leavesZone: false,
        ...leaves,
        ...outOfFire,
        throughZone: intoZone,
        leavesMelee,
        walksPast: false,
      },
    },
    mover,
    c,
    null,
    library,
    onScene,
    leavesMelee ? parting : null,
  )
  if (!r.ok) return r
  // The Move action's distance and cost are the action's; on the map the path says how far.
  const notes = [...r.value.summary.split('; ').slice(1), ...(walk.passed.length ? [walkPastNote(walk.passed)] : [])]
  const { cost: _cost, ...rest } = r.value
  const prompts = [...(rest.prompts ?? []), ...walk.prompts]
  return {
    ok: true,
    value: {
      ...rest,
      ...(prompts.length ? { prompts } : {}),
      summary: `${mover.name} moves ${moved.toFixed(1)} m on the map: ${notes.join('; ')}`,
      outOfTurn: 'free',
    },
  }
}
