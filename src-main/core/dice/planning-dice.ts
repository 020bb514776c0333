import { formatDiceExpression, type DiceExpression, type RollRecord } from '../../../src-shared/dice'
import type { PlannedDie } from '../../../src-shared/dice-plan'
import type { Dice } from '../../rules/dice'
import { DiceError } from './dice-roller'
import type { RandomSource } from './random-source'

/** The chain asked for more dice than a plan lists: the decider is stopped there. */
export class PlanCut extends Error {}

/**
 * A recording dice source for the dice plan: the GM's typed faces are served first, as the
 * DiceRoller would serve them; after they run out, every further die is written down (sides,
 * purpose) and given a face from a throwaway generator so the chain goes on. Nothing here
 * touches the campaign's generator.
 */
export class PlanningDice implements Dice {
  readonly planned: PlannedDie[] = []
  #typedIndex = 0
  #rolls = 0
  /** The roll that asked for the first die not typed; dice of later rolls depend on results. */
  #firstMissingRoll: number | null = null

  constructor(
    private readonly typed: readonly number[],
    private readonly throwaway: RandomSource,
    private readonly maxDice: number,
  ) {}

  /** How many typed faces the chain used. */
  get typedUsed(): number {
    return this.#typedIndex
  }

  roll(expression: DiceExpression, purpose: string): RollRecord {
    const roll = this.#rolls++
    const faces: number[] = []
    for (let i = 0; i < expression.count; i++) faces.push(this.#face(expression.sides, purpose, roll))
    return {
      expression: formatDiceExpression(expression),
      sides: expression.sides,
      faces,
      modifier: expression.modifier,
      total: faces.reduce((a, b) => a + b, 0) + expression.modifier,
      source: 'seeded',
      purpose,
    }
  }

  #face(sides: number, purpose: string, roll: number): number {
    if (this.planned.length >= this.maxDice) throw new PlanCut()
    const typed = this.typed[this.#typedIndex]
    if (typed !== undefined) {
      // Refused as the DiceRoller refuses it, so the GM reads the same words before sending.
      if (typed < 1 || typed > sides) {
        throw new DiceError('dice/faceOutOfRange', `Typed die ${this.#typedIndex + 1} is ${typed}, but a d${sides} shows 1–${sides}.`)
      }
      this.#typedIndex++
      this.planned.push({ sides, purpose, face: typed, conditional: false })
      return typed
    }
    this.#firstMissingRoll ??= roll
    this.planned.push({ sides, purpose, face: null, conditional: roll > this.#firstMissingRoll })
    // R0.1 as the engine rolls; R0.2 holds: the throwaway generator is never the campaign's.
    return 1 + Math.floor(this.throwaway.next() * sides)
  }
}
