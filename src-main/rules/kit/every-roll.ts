import type { OddsBand } from '../../../src-shared/attack'
import type { DiceExpression, RollRecord } from '../../../src-shared/dice'
import type { Dice } from '../dice'

/*
 * Exact odds for an act whose dice are few: the act is played once for every way its dice can
 * fall, each way weighted by its chance (1/sides per die), with the act's own code deciding what
 * comes of each. The odds then cannot drift from the rules: they are the rules, run to the end.
 * Later dice may depend on earlier faces (a miss rolls scatter; a hit does not), so the ways are
 * walked as a tree, depth first, like an odometer over the faces each play asked for.
 */

/** One way the dice fell, its chance, and what the act made of it. */
export interface Way<R> {
  readonly probability: number
  readonly result: R
}

/** Dice that serve a fixed list of faces, then 1s, and note each die's sides as asked. */
class ScriptedDice implements Dice {
  readonly sides: number[] = []
  constructor(private readonly faces: readonly number[]) {}
  roll(e: DiceExpression, purpose: string): RollRecord {
    const faces = Array.from({ length: e.count }, () => {
      const face = this.faces[this.sides.length] ?? 1
      this.sides.push(e.sides)
      return face
    })
    const total = faces.reduce((a, b) => a + b, 0) + e.modifier
    return { expression: `${e.count}d${e.sides}`, sides: e.sides, faces, modifier: e.modifier, total, source: 'seeded', purpose }
  }
}

/**
 * Every way the act's dice can fall, or null when there are more than `limit` ways (too many to
 * play: the caller says it has no exact odds rather than sample).
 */
export function everyRoll<R>(play: (dice: Dice) => R, limit = 4_000): Way<R>[] | null {
  const ways: Way<R>[] = []
  let faces: number[] = []
  for (;;) {
    if (ways.length >= limit) return null
    const dice = new ScriptedDice(faces)
    const result = play(dice)
    const sides = dice.sides
    ways.push({ probability: sides.reduce((p, s) => p / s, 1), result })
    // The next way: the last die that can still turn goes up one; the dice after it start again.
    const used = faces.concat(Array(Math.max(0, sides.length - faces.length)).fill(1)).slice(0, sides.length)
    let i = used.length - 1
    while (i >= 0 && used[i]! >= sides[i]!) i--
    if (i < 0) return ways
    faces = [...used.slice(0, i), used[i]! + 1]
  }
}

/** The ways gathered into outcome bands by what each came to, in the order they first appear. */
export function bandsOf<R>(ways: readonly Way<R>[], label: (result: R) => string): OddsBand[] {
  const bands = new Map<string, number>()
  for (const w of ways) {
    const l = label(w.result)
    bands.set(l, (bands.get(l) ?? 0) + w.probability)
  }
  return [...bands].map(([l, probability]) => ({ label: l, probability }))
}
