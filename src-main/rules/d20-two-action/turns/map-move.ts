import { ok, type Result } from '../../../../src-shared/result'
import type { ActionResolution, MapArea, MapPath, RulesCombatant } from '../../ruleset'
import { disengagedAll } from '../combat/engagement'
import { FIVE_FEET } from '../combat/hit-test'
import { opportunityPrompts } from '../combat/opportunity-prompts'
import { DOC } from '../d20-terms'
import { d20Sheets } from '../sheet/d20-sheets'

/**
 * A token dragged on the map (`003 Engaged`, SR-D20-33). The ruleset sees only the mover and its
 * path, so a path longer than one 5-foot square counts as moving away from every foe it is still
 * engaged with (each engagement was made at melee range): each foe gets its attack of
 * opportunity as a prompt, and the mover is out of the melee. A shorter step, or a mover engaged
 * with nobody, sets nothing off.
 */
export function d20MapMove(mover: RulesCombatant, path: MapPath, _areas: readonly MapArea[]): Result<ActionResolution> | null {
  const sheet = d20Sheets.of(mover)
  if (!sheet || sheet.live.engagedWith.length === 0) return null
  const moved = Math.hypot(path.to.x - path.from.x, path.to.y - path.from.y)
  if (moved <= FIVE_FEET) return null
  const prompts = opportunityPrompts(mover, sheet, 'moves away')
  const foes = sheet.live.engagedWith.map((e) => e.name).join(' and ')
  return ok({
    actorRules: d20Sheets.store(disengagedAll(sheet)),
    actorHp: mover.hp,
    targetRules: null,
    targetHp: null,
    summary: `${mover.name} moves ${moved.toFixed(1)} m on the map, away from ${foes}: ${prompts.length === 1 ? 'an attack of opportunity' : 'attacks of opportunity'} (${DOC.engaged}, SR-D20-33)`,
    detail: [],
    rolls: [],
    outOfTurn: 'free',
    ...(prompts.length ? { prompts } : {}),
  })
}
