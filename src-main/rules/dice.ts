import type { DiceExpression, RollRecord } from '../../src-shared/dice'

/**
 * What rules code receives: it can ask for dice, never touch the generator. Declared here, on
 * the rules' side of the boundary, because the rulesets depend on it; the core's DiceRoller is
 * the one implementation.
 */
export interface Dice {
  roll(expression: DiceExpression, purpose: string): RollRecord
}
