import { formatDiceExpression, type DiceExpression, type RollRecord } from '../../../src-shared/dice'
import type { RandomSource } from './random-source'
import type { Dice } from '../../rules/dice'

/** A rule asked for dice the GM's typed faces cannot satisfy. Becomes a typed command error. */
export class DiceError extends Error {
  constructor(
    readonly code: 'dice/needMoreTyped' | 'dice/faceOutOfRange' | 'dice/tooManyTyped',
    message: string,
  ) {
    super(message)
  }
}

export type { Dice }

/**
 * Draws faces for one command. When the GM typed faces from physical dice, every die of the
 * command comes from them, in order; otherwise from the seeded source. With `rollMissing` the
 * GM asked the engine to roll whatever the typed faces leave out: typed first, then seeded.
 */
export class DiceRoller implements Dice {
  #typedIndex = 0
  #drawn = 0

  constructor(
    private readonly random: RandomSource,
    private readonly typed: readonly number[] | undefined,
    private readonly rollMissing = false,
  ) {}

  /** Whether the seeded generator advanced (its new state must then be recorded). */
  get drewSeeded(): boolean {
    return this.#drawn > 0
  }

  roll(expression: DiceExpression, purpose: string): RollRecord {
    const faces: number[] = []
    const typedBefore = this.#typedIndex
    for (let i = 0; i < expression.count; i++) faces.push(this.#face(expression.sides, purpose))
    const total = faces.reduce((a, b) => a + b, 0) + expression.modifier
    // R0.2: each roll says where its faces came from; one straddling the end of the typed faces is both.
    const fromTyped = this.#typedIndex - typedBefore
    const source = fromTyped === 0 ? 'seeded' : fromTyped === faces.length ? 'typed' : 'mixed'
    return {
      expression: formatDiceExpression(expression),
      sides: expression.sides,
      faces,
      modifier: expression.modifier,
      total,
      source,
      purpose,
    }
  }

  /** Called after the command decided: typed faces left over mean the GM and the engine disagree. */
  assertTypedConsumed(): void {
    if (this.typed && this.#typedIndex < this.typed.length) {
      throw new DiceError(
        'dice/tooManyTyped',
        `You typed ${this.typed.length} dice but this needs only ${this.#typedIndex}; nothing was changed.`,
      )
    }
  }

  #face(sides: number, purpose: string): number {
    if (this.typed && (!this.rollMissing || this.#typedIndex < this.typed.length)) {
      const face = this.typed[this.#typedIndex]
      if (face === undefined) {
        throw new DiceError(
          'dice/needMoreTyped',
          `This needs more dice than the ${this.typed.length} you typed (next: d${sides} for ${purpose}); nothing was changed.`,
        )
      }
      if (face < 1 || face > sides) {
        throw new DiceError('dice/faceOutOfRange', `Typed die ${this.#typedIndex + 1} is ${face}, but a d${sides} shows 1–${sides}.`)
      }
      this.#typedIndex++
      return face
    }
    this.#drawn++
    // R0.1: dN is uniform on 1..N (a d100's 00 face reads 100).
    return 1 + Math.floor(this.random.next() * sides)
  }
}
