import type { CheckCost, CheckRequest } from '../ruleset'
import { actionsCost } from './cx-costs'

/**
 * `000` Actions: "Performing a Skill Check (other than Getting Bearings): 1 Action"; "Getting
 * Your Bearings / Non Skill-Based Perception: Free Action". SR-CX-7: a stat check is an act like
 * a skill check (1 action) except PER, which is the non-skill-based perception the list makes
 * free; a save answers what is done to the combatant and is no act of its own (free).
 */
export function cxCheckCost(request: CheckRequest): CheckCost {
  const [kind, name] = request.check.split(':')
  if (kind === 'save') return { spend: [], label: 'free: a save' }
  if (kind === 'stat' && name === 'per') return { spend: [], label: 'free: non-skill-based perception' }
  return { spend: actionsCost(1), label: '1 action' }
}

export const CX_CHECK_COST_NOTE = 'In its turn a skill or stat check costs 1 action; PER checks and saves are free (000 Actions).'
