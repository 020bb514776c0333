import { describe, expect, it } from 'vitest'
import { slotsInHand, withSlots } from '../../../../src-main/rules/kit/drawn-weapons'

const weapons = ['spell', 'sword', 'dagger'] as const
const drawable = (w: string) => w !== 'spell'

describe('kit drawn weapons: the slots in hand on a live sheet (SR-D20-11, SR-2D6-10)', () => {
  it('unset: the first weapon that needs drawing is in hand; none when nothing needs drawing', () => {
    expect(slotsInHand(null, weapons, drawable)).toEqual([1])
    expect(slotsInHand(null, weapons)).toEqual([0])
    expect(slotsInHand(null, ['spell'], drawable)).toEqual([])
  })

  it('set: kept in slot order, without slots that hold nothing to draw any more', () => {
    expect(slotsInHand([2, 0, 7, 2], weapons, drawable)).toEqual([2])
    expect(slotsInHand([], weapons, drawable)).toEqual([])
  })

  it('drawing and putting away start from what is in hand now', () => {
    expect(withSlots(null, weapons, [2], true, drawable)).toEqual([1, 2])
    expect(withSlots(null, weapons, [1], false, drawable)).toEqual([])
    expect(withSlots([1, 2], weapons, [1], false, drawable)).toEqual([2])
  })
})
