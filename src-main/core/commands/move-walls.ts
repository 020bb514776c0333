import type { Point } from '../../../src-shared/geometry'
import type { CombatantRecord, SceneRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import { wallIndexFor, type WallSegment } from '../../../src-shared/wall-geometry'
import type { RecordReader } from '../state/record-store'
import { activeEncounter } from './decide-context'

const IN_THE_WAY: Readonly<Record<WallSegment['kind'], string>> = {
  wall: 'a wall',
  low: 'low cover (climbing it is the GM’s call)',
  window: 'a window',
  door: 'a closed door',
}

/**
 * A move on the mover's own turn goes in a straight line and may not pass through a wall, low
 * cover, a window or a closed door (SR-CORE-33): the GM moves round it in steps, opens the door,
 * or makes it a free move. Out of turn, or outside a fight, the GM is placing the token and walls
 * do not stop it.
 */
export function wallInTheWay(
  state: RecordReader,
  scene: SceneRecord,
  mover: CombatantRecord,
  from: Point,
  to: Point,
  free: boolean,
): Result<void> {
  if (free) return ok(undefined)
  const encounter = activeEncounter(state)
  if (!encounter || encounter.round < 1 || encounter.currentCombatantId !== mover.id) return ok(undefined)
  const walls = state.ofType('wall').filter((w) => w.sceneId === scene.id)
  if (walls.length === 0) return ok(undefined)
  const hit = wallIndexFor(scene.id, walls).firstCrossing(from, to, (s) => s.stopsMove)
  if (!hit) return ok(undefined)
  return fail(
    'move/wallInTheWay',
    `${mover.name} cannot move through ${IN_THE_WAY[hit.segment.kind]}: go round it in steps${hit.segment.kind === 'door' ? ', open the door' : ''}, or make it a free move.`,
  )
}
