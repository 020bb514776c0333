import type { CheckCost } from '../ruleset'
import { ACTIONS } from './d20-terms'

/**
 * `003` Combat Actions: "Use Skill / Attribute Test" costs "varies", and the Miscellaneous
 * Actions table reads "One Action (unless specified)". SR-D20-3: a test rolled from the check
 * dialog in its own turn is One Action; a longer use is the GM's to charge on the pips.
 */
export function d20CheckCost(): CheckCost {
  return { spend: [{ pool: ACTIONS, amount: 1 }], label: 'One Action' }
}

export const D20_CHECK_COST_NOTE = 'In its turn an attribute test is One Action (003 Combat Actions).'
