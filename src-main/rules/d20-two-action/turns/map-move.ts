import { centreDistance, tenths } from '../../../../src-shared/geometry'
import { ok, type Result } from '../../../../src-shared/result'
import type { ActionResolution, MapArea, MapPath, RulesCombatant } from '../../ruleset'
import { afterLeaving, foesLeft, leavingWords } from '../combat/moving-away'
import { opportunityPrompts } from '../combat/opportunity-prompts'
import { d20Sheets } from '../sheet/d20-sheets'

/**
 * A token dragged on the map (`003 Engaged`, SR-D20-33): each engaged foe whose reach
 * (SR-D20-34) the mover starts in and ends out of gets its attack of opportunity as a prompt,
 * judged where the mover set off, and the mover is out of the melee with it. A step that stays
 * within reach, or a mover engaged with nobody, sets nothing off.
 */
export function d20MapMove(
  mover: RulesCombatant,
  path: MapPath,
  _areas: readonly MapArea[],
  onScene: readonly RulesCombatant[] = [],
): Result<ActionResolution> | null {
  const sheet = d20Sheets.of(mover)
  if (!sheet || sheet.live.engagedWith.length === 0) return null
  // The core asks before the token moves: its base is still where the path starts.
  const start = mover.position ? { ...path.from, radius: mover.position.radius } : null
  const left = foesLeft(sheet.live.engagedWith, onScene, start, path.to)
  if (left.leaving.length === 0 && left.unplaced.length === 0) return null
  const prompts = opportunityPrompts(mover, left.leaving, 'moves away', start && path.from)
  return ok({
    actorRules: d20Sheets.store(afterLeaving(sheet, left)),
    actorHp: mover.hp,
    targetRules: null,
    targetHp: null,
    summary: `${mover.name} moves ${tenths(centreDistance(path.from, path.to))} m on the map; ${leavingWords(left)}`,
    detail: [],
    rolls: [],
    outOfTurn: 'free',
    ...(prompts.length ? { prompts } : {}),
  })
}
