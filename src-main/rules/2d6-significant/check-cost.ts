import type { CheckCost } from '../ruleset'
import { SIGNIFICANT } from './turns/economy'

/**
 * `004` Significant Action, Miscellaneous: "any skill check" is a significant act. SR-2D6-3: a
 * characteristic check rolled as an act is one too; the GM who rules a check minor (004 leaves
 * the line to the GM) waives the cost and charges the minor pip.
 */
export function twoD6CheckCost(): CheckCost {
  return { spend: [{ pool: SIGNIFICANT, amount: 2 }], label: 'a significant action' }
}

export const TWOD6_CHECK_COST_NOTE = 'In its turn a skill check is a significant action (004 Miscellaneous).'
