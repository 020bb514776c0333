import type { MovementCost, RulesCombatant } from '../../ruleset'
import { DIFFICULT_TERRAIN } from '../d10-conditions'
import { d10Sheets } from '../d10-sheet-access'
import { movementPoints, SPEED, speedLeft } from './d10-economy'
import { plural } from '../../kit/format'

/**
 * What a path on the map costs (D3): a metre a speed point walking (half running, double on
 * difficult terrain). A drag pays the walking points from the speed pool; running out of speed
 * points costs an action to regain them, which the GM takes from the Action panel (the label
 * says how many), so a drag longer than the points left is refused rather than guessed at.
 */
export function d10MovementCost(c: RulesCombatant, metres: number): MovementCost {
  const sheet = d10Sheets.of(c)
  if (!sheet) return { spend: [], label: 'no sheet' }
  const difficult = c.conditions.some((x) => x.conditionId === DIFFICULT_TERRAIN)
  const points = movementPoints(metres, 'walk', difficult)
  const running = movementPoints(metres, 'run', difficult)
  const left = speedLeft(c, sheet)
  const terrain = difficult ? ' on difficult terrain' : ''
  const run = running < points ? `; running ${running}` : ''
  const spend = points > 0 ? [{ pool: SPEED, amount: points }] : []
  if (points <= left) return { spend, label: `${points} speed points${terrain} (${left} left${run})` }
  if (sheet.speed === 0) return { spend, label: `${points} speed points${terrain}: it has no speed (D3)`, refusal: 'it has no speed (D3)' }
  const actions = Math.ceil((points - left) / sheet.speed)
  return {
    spend,
    label: `${points} speed points${terrain}: ${left} left, then ${plural(actions, 'action')} to regain${run}${actions > 1 ? ' (more than a round)' : ''}`,
  }
}
