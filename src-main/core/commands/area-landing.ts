/**
 * Where an area action's burst comes down (issue 31): the template it was aimed at, or — when the
 * ruleset says the throw scattered — the same template moved to where it landed, with whoever is
 * under it there. The template is moved by an ordinary record change in the same step, so both
 * screens redraw it there and undo puts it back.
 */
import type { DomainEvent } from '../../../src-shared/events'
import { centreDistance, tenths } from '../../../src-shared/geometry'
import { MAP } from '../../../src-shared/limits'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { TargetArea } from '../../rules/ruleset'
import type { RecordReader } from '../state/record-store'
import { areaReachesBase } from '../../../src-shared/wall-geometry'
import { rulesCombatantsOnScene } from '../state/rules-combatants'
import { sceneWalls, wallsIfAny } from '../state/scene-walls'

export interface Landing {
  /** The area as the rules judge it: where it came down. */
  readonly area: TargetArea | null
  /** How far from where it was aimed, in metres; null when it came down where aimed. */
  readonly scattered: number | null
  readonly events: readonly DomainEvent[]
}

export function landArea(
  state: RecordReader,
  aimed: TargetArea | null,
  landed: { readonly x: number; readonly y: number } | undefined,
): Result<Landing> {
  if (!landed) return ok({ area: aimed, scattered: null, events: [] })
  if (!aimed) return fail('area/landedNowhere', 'The ruleset said where a burst landed, but the action was aimed at no area.')
  if (![landed.x, landed.y].every((v) => Number.isFinite(v) && Math.abs(v) <= MAP.metres))
    return fail('area/landedOffField', `The ruleset landed ${aimed.label} at (${landed.x}, ${landed.y}), off any map.`)
  const x = tenths(landed.x)
  const y = tenths(landed.y)
  const scattered = tenths(centreDistance(aimed, { x, y }))
  if (scattered === 0) return ok({ area: aimed, scattered: null, events: [] })
  const mark = state.get(aimed.id)
  if (mark?.typeName !== 'areaMark') return fail('area/notFound', 'That area template is no longer on the map.')
  // Where it came down, by the same reach through walls as where it was aimed (SR-CORE-32).
  const walls = sceneWalls(state, mark.sceneId)
  const shape = { x, y, radius: aimed.radius }
  const inside = rulesCombatantsOnScene(state).filter((c) => c.position && areaReachesBase(walls, shape, c.position, shape))
  return ok({
    area: { ...aimed, x, y, inside, ...wallsIfAny(walls) },
    scattered,
    events: [{ type: 'areaMark/put', record: { ...mark, x, y } }],
  })
}
