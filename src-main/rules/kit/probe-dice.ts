import type { DiceExpression, RollRecord } from '../../../src-shared/dice'
import type { Dice } from '../dice'

/**
 * Dice that only note what an act asked for, with middling faces so it runs to its end: for
 * asking an act, without rolling it, whether it can be made as set up and whether it rolls at all.
 */
export class ProbeDice implements Dice {
  readonly asked: string[] = []
  roll(e: DiceExpression, purpose: string): RollRecord {
    this.asked.push(`${e.count === 1 ? '' : e.count}d${e.sides}`)
    const faces = Array.from({ length: e.count }, () => Math.ceil(e.sides / 2))
    const total = faces.reduce((a, b) => a + b, 0) + e.modifier
    return { expression: `${e.count}d${e.sides}`, sides: e.sides, faces, modifier: e.modifier, total, source: 'seeded', purpose }
  }
}
