import { describe, expect, it } from 'vitest'
import { parseTypedDice, planItems, planNote, withdrawToast } from '../../../src-renderer/lib/attack/typed-dice'
import type { PlannedDie } from '../../../src-shared/dice-plan'

const die = (sides: number, purpose: string, face: number | null, conditional = false): PlannedDie => ({
  sides,
  purpose,
  face,
  conditional,
})

describe('the dice field: faces typed, and the plan beside it', () => {
  it('reads faces and names a malformed entry', () => {
    expect(parseTypedDice(' 9, 10;3 ')).toEqual([9, 10, 3])
    expect(parseTypedDice('   ')).toBeNull()
    expect(parseTypedDice('9 x')).toMatch(/whole numbers/)
  })

  it('groups neighbouring dice of one kind, keeps the order, and keeps typed, needed and maybe apart', () => {
    const items = planItems([
      die(6, 'attack', 6),
      die(6, 'attack', null),
      die(6, 'damage', null, true),
      die(6, 'damage', null, true),
      die(20, 'bleeding', null, true),
    ])
    expect(items.map((i) => [i.label, i.faces, i.typed, i.conditional])).toEqual([
      ['d6 attack', [6], true, false],
      ['d6 attack', [], false, false],
      ['2d6 damage', [], false, true],
      ['d20 bleeding', [], false, true],
    ])
    expect(planItems([die(10, 'hit', 3), die(10, 'hit', 4)])[0]).toMatchObject({ label: '2d10 hit', faces: [3, 4] })
  })

  it('says what the GM should know: a bad face first, then faces to spare, then a chain cut short', () => {
    expect(planNote({ dice: [], more: true, extra: 2, problem: 'Typed die 1 is 11' })).toBe('Typed die 1 is 11')
    expect(planNote({ dice: [], more: false, extra: 1, problem: null })).toMatch(/^1 typed die is more/)
    expect(planNote({ dice: [], more: true, extra: 0, problem: null })).toMatch(/more/)
    expect(planNote({ dice: [], more: false, extra: 0, problem: null })).toBeNull()
  })

  it('withdraws the toast only for the refusal it shows itself', () => {
    const campaign = { error: { code: 'dice/needMoreTyped', message: 'next: d100' } as { code: string; message: string } | null }
    withdrawToast(campaign, { code: 'other', message: 'x' })
    expect(campaign.error).not.toBeNull()
    withdrawToast(campaign, { code: 'dice/needMoreTyped', message: 'next: d100' })
    expect(campaign.error).toBeNull()
  })
})
