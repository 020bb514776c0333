import type { RulesCombatant } from '../../ruleset'
import { DIFFICULT_TERRAIN } from '../d10-conditions'
import { d10Sheets } from '../d10-sheet-access'
import { movementPoints, speedLeft } from './d10-economy'
import { plural } from '../../kit/format'

/**
 * What a path on the map costs (D3): a metre a speed point walking (half running, double on
 * difficult terrain). Moving spends no action; running out of speed points does — one action
 * regains them — so `actions` counts the refills the path needs beyond what is left.
 */
export function d10MovementCost(c: RulesCombatant, metres: number): { actions: number; label: string } {
  const sheet = d10Sheets.of(c)
  if (!sheet) return { actions: 0, label: 'no sheet' }
  const difficult = c.conditions.some((x) => x.conditionId === DIFFICULT_TERRAIN)
  const points = movementPoints(metres, 'walk', difficult)
  const running = movementPoints(metres, 'run', difficult)
  const left = speedLeft(c, sheet)
  const terrain = difficult ? ' on difficult terrain' : ''
  const run = running < points ? `; running ${running}` : ''
  if (points <= left) return { actions: 0, label: `${points} speed points${terrain} (${left} left${run})` }
  if (sheet.speed === 0) return { actions: 0, label: `${points} speed points${terrain}: it has no speed (D3)` }
  const actions = Math.ceil((points - left) / sheet.speed)
  return {
    actions,
    label: `${points} speed points${terrain}: ${left} left, then ${plural(actions, 'action')} to regain${run}${actions > 1 ? ' (more than a round)' : ''}`,
  }
}
