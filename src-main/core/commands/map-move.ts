import type { CombatantRecord, TokenRecord } from '../../../src-shared/records'
import type { Result } from '../../../src-shared/result'
import type { ActionResolution, MapArea, Ruleset } from '../../rules/ruleset'
import { placedRulesCombatant, rulesCombatantsOnScene } from '../state/rules-combatants'
import type { RecordReader } from '../state/record-store'
import { sceneWalls, wallsIfAny } from '../state/scene-walls'

/**
 * What moving a token on the scene in play sets off, by the ruleset's judgement: asked by the
 * GM window before the drop is committed (to show the reactions and their odds) and by the
 * decider when it is. Moves on a scene not in play set nothing off.
 */
export function mapMoveOutcome(
  state: RecordReader,
  ruleset: Ruleset,
  mover: CombatantRecord,
  token: TokenRecord,
  to: { x: number; y: number },
): Result<ActionResolution> | null {
  const scene = state.get(token.sceneId)
  if (!ruleset.onMapMove || scene?.typeName !== 'scene' || !scene.active) return null
  const walls = sceneWalls(state, scene.id)
  const areas: MapArea[] = state
    .ofType('combatant')
    .flatMap((c) =>
      c.conditions.flatMap((x) =>
        x.area && x.area.sceneId === scene.id ? [{ bearerId: c.id, conditionId: x.conditionId, area: x.area, ...wallsIfAny(walls) }] : [],
      ),
    )
  const path = { from: { x: token.x, y: token.y }, to }
  return ruleset.onMapMove(placedRulesCombatant(state, mover), path, areas, rulesCombatantsOnScene(state))
}
