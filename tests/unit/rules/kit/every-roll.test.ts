import { describe, expect, it } from 'vitest'
import { everyRoll } from '../../../../src-main/rules/kit/every-roll'

/* everyRoll: an act played once for every way its dice can fall, each way with its exact chance. */
describe('every way the dice fall', () => {
  it('2d6: 36 ways, a total of 7 in 6 of them', () => {
    const ways = everyRoll((dice) => dice.roll({ count: 2, sides: 6, modifier: 0 }, 'test').total)!
    expect(ways).toHaveLength(36)
    const seven = ways.filter((w) => w.result === 7).reduce((s, w) => s + w.probability, 0)
    expect(seven).toBeCloseTo(6 / 36, 15)
    expect(ways.reduce((s, w) => s + w.probability, 0)).toBeCloseTo(1, 15)
  })

  it('a die that is rolled only after some faces: the ways branch as the act does', () => {
    // A d2; on a 1 a d4 follows (a miss that scatters), on a 2 nothing more.
    const ways = everyRoll((dice) => {
      const first = dice.roll({ count: 1, sides: 2, modifier: 0 }, 'first').total
      return first === 1 ? `scatter ${dice.roll({ count: 1, sides: 4, modifier: 0 }, 'scatter').total}` : 'true'
    })!
    expect(ways.map((w) => w.result)).toEqual(['scatter 1', 'scatter 2', 'scatter 3', 'scatter 4', 'true'])
    expect(ways.map((w) => w.probability)).toEqual([1 / 8, 1 / 8, 1 / 8, 1 / 8, 1 / 2])
  })

  it('says it has no exact odds rather than play too many ways', () => {
    expect(everyRoll((dice) => dice.roll({ count: 3, sides: 100, modifier: 0 }, 'many').total, 1_000)).toBeNull()
  })
})
