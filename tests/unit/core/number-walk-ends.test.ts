import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { numberCheck } from '../../../src-main/core/persistence/number-walk'
import { numberIn, wholeIn } from '../../../src-main/core/persistence/schema-bounds'

/**
 * The number walk asks whether a range's ends are themselves taken only when a value sits on one
 * (issue 36: asking every end when the walk was built was half of building it at start). Its
 * answers must be the schema's, on the ends especially, however often they are asked.
 */
describe('the number walk on the ends of a range', () => {
  const check = numberCheck(
    z.object({
      radius: numberIn({ min: 0, max: 10, aboveMin: true }),
      fraction: numberIn({ min: 0, max: 1, belowMax: true }),
      count: wholeIn(0, 5),
    }),
  )!

  it('takes an end the schema takes and refuses one it refuses, each time it is asked', () => {
    for (let round = 0; round < 2; round++) {
      expect(check({ radius: 10, fraction: 0, count: 0 })).toBeNull()
      expect(check({ radius: 5, fraction: 0.5, count: 5 })).toBeNull()
      expect(check({ radius: 0, fraction: 0.5, count: 1 })).toEqual({ path: ['radius'], message: expect.stringContaining('above 0') })
      expect(check({ radius: 1, fraction: 1, count: 1 })).toEqual({ path: ['fraction'], message: expect.stringContaining('below 1') })
    }
  })

  it('refuses past either end, a fraction where a whole number goes, and NaN, in the schema words', () => {
    expect(check({ radius: 11, fraction: 0, count: 0 })?.path).toEqual(['radius'])
    expect(check({ radius: 1, fraction: -0.1, count: 0 })?.path).toEqual(['fraction'])
    expect(check({ radius: 1, fraction: 0, count: 2.5 })?.message).toMatch(/whole number/)
    expect(check({ radius: Number.NaN, fraction: 0, count: 0 })?.path).toEqual(['radius'])
    expect(check({ radius: 1, fraction: 0, count: 6 })?.message).toBe('is 6; it must be a whole number from 0 to 5')
  })
})
