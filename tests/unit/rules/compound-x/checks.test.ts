import { describe, expect, it } from 'vitest'
import {
  attackerWinsOpposed,
  beatsDc,
  combineRollModes,
  rollD100,
  successChance,
} from '../../../../src-main/rules/compound-x/checks/d100-check'
import { modifier as mod } from '../../../../src-main/rules/kit/modifier'
import { faces } from './fixtures'

describe('CX1 checks', () => {
  it('succeed iff the total beats the DC; a tie fails', () => {
    expect(beatsDc(61, 60)).toBe(true)
    expect(beatsDc(60, 60)).toBe(false)
  })
  it('opposed: higher total wins, the defender wins ties', () => {
    expect(attackerWinsOpposed(70, 69)).toBe(true)
    expect(attackerWinsOpposed(70, 70)).toBe(false)
  })
  it('add stat bonus, ranks and modifiers to the d100', () => {
    const r = rollD100(
      { purpose: 'Athletics', mode: 'normal', modifiers: [mod('STR bonus', 12, 'CX2'), mod('Athletics', 20, 'skill')] },
      faces(41),
    )
    expect(r.total).toBe(73)
  })
})

describe('CX3 advantage, disadvantage, average', () => {
  it('do not stack, and one of each cancels', () => {
    expect(combineRollModes(2, 0)).toBe('advantage')
    expect(combineRollModes(1, 1)).toBe('normal')
    expect(combineRollModes(0, 3)).toBe('disadvantage')
  })
  it('keep the better, the worse, or floor((a + b) / 2); the average cannot crit', () => {
    const check = (mode: 'advantage' | 'disadvantage' | 'average') => rollD100({ purpose: 'x', mode, modifiers: [] }, faces(30, 75))
    expect(check('advantage').natural).toBe(75)
    expect(check('disadvantage').natural).toBe(30)
    expect(check('average')).toMatchObject({ natural: 52, canCrit: false })
  })
  it('exact success chances: 40% at DC 60 flat, 64% with advantage, 16% with disadvantage', () => {
    expect(successChance({ mode: 'normal', modifiers: [] }, 60)).toBeCloseTo(0.4, 10)
    expect(successChance({ mode: 'advantage', modifiers: [] }, 60)).toBeCloseTo(0.64, 10)
    expect(successChance({ mode: 'disadvantage', modifiers: [] }, 60)).toBeCloseTo(0.16, 10)
  })
})
