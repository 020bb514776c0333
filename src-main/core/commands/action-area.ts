/**
 * An action aimed at an area template (issue 14, E3): the core checks the template and the action
 * agree, finds who is under it on the scene in play, and checks what the ruleset did to them.
 * The geometry is the map's own (`areaCovers`, and through walls `areaReachesBase`), so the desk's
 * count and the core's list match.
 */
import type { ActionRequest } from '../../../src-shared/attack'
import { areaMarkLabel } from '../../../src-shared/area-marks'
import { areaReachesBase } from '../../../src-shared/wall-geometry'
import type { CombatantId, CombatantRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { ActionResolution, RulesCombatant, TargetArea } from '../../rules/ruleset'
import type { RecordReader } from '../state/record-store'
import { rulesCombatantsOnScene } from '../state/rules-combatants'
import { sceneWalls, wallsIfAny } from '../state/scene-walls'
import { sceneInPlay, tokenInPlay } from '../state/scene-in-play'

/**
 * The template the request names, resolved for the ruleset; null when the action takes none.
 * `takesArea` is the ruleset's word on the action (its definition's target is 'area'). Refused,
 * naming the problem, when the two disagree or the template is gone, off the table, or the named
 * target is not on the scene the template lies on.
 */
export function targetArea(
  state: RecordReader,
  request: ActionRequest,
  takesArea: boolean,
  actionLabel: string,
  target: CombatantRecord | null,
): Result<TargetArea | null> {
  if (request.areaId === undefined) {
    if (takesArea) return fail('action/areaNeeded', `${actionLabel} is aimed at an area: pick a template on the map.`)
    return ok(null)
  }
  if (!takesArea) return fail('action/areaNotTaken', `${actionLabel} is not aimed at an area; it takes no template.`)
  const mark = state.get(request.areaId)
  if (mark?.typeName !== 'areaMark') return fail('area/notFound', 'That area template is no longer on the map.')
  const scene = sceneInPlay(state)
  if (!scene || mark.sceneId !== scene.id)
    return fail('area/notInPlay', `${areaMarkLabel(mark)} is not on the scene in play; put its scene on the table first.`)
  if (target && !tokenInPlay(state, target.id))
    return fail('area/targetOffScene', `${target.name} has no token on "${scene.name}", where ${areaMarkLabel(mark)} lies.`)
  // The circle touching the token's base, the touching edge included (SR-CORE-10), at a point its
  // centre reaches through walls and closed doors (SR-CORE-32): a wall between is grenade-proof.
  const walls = sceneWalls(state, scene.id)
  const inside: RulesCombatant[] = rulesCombatantsOnScene(state).filter((c) => c.position && areaReachesBase(walls, mark, c.position, mark))
  return ok({
    id: mark.id,
    label: mark.label,
    x: mark.x,
    y: mark.y,
    radius: mark.radius,
    hidden: mark.hidden,
    inside,
    ...wallsIfAny(walls),
  })
}

/**
 * The ruleset may change only those under the template, and the actor and target only through
 * their own fields (one change per combatant, so nothing is applied twice or out of order).
 */
export function checkAreaEffects(
  r: ActionResolution,
  area: TargetArea | null,
  actorId: CombatantId,
  targetId: CombatantId | null,
): Result<null> {
  const effects = r.areaEffects ?? []
  if (!area)
    return effects.length > 0
      ? fail('area/outside', 'The ruleset changed others through an area, but the action was aimed at none.')
      : ok(null)
  const seen = new Set<CombatantId>()
  for (const e of effects) {
    if (!area.inside.some((c) => c.id === e.combatantId))
      return fail('area/outside', `The ruleset changed ${e.combatantId}, who is not under the template.`)
    if (e.combatantId === actorId || e.combatantId === targetId || seen.has(e.combatantId))
      return fail('area/twice', `The ruleset changed ${e.combatantId} twice in one action.`)
    seen.add(e.combatantId)
  }
  return ok(null)
}
