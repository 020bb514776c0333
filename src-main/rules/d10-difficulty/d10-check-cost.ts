import type { CheckCost } from '../ruleset'
import { oneAction } from './turns/d10-economy'

/**
 * `002` Actions lists "perform a skill check" among the valid actions. SR-D10-2: an attribute
 * check rolled as an act is an action too (the chapter prices no check otherwise).
 */
export function d10CheckCost(): CheckCost {
  return { spend: oneAction, label: '1 action' }
}

export const D10_CHECK_COST_NOTE = 'In its turn a skill or attribute check is its action (002 Actions).'
