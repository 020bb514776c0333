import { describe, expect, it } from 'vitest'
import { followGear, toSend } from '../../../src-renderer/lib/cards/sheet-follow'

/** The sheet panel's boxes that the gear sets follow the gear, and a number typed over them stays the GM's. */
describe('sheet boxes that follow the gear', () => {
  const asked = { armour: 'full-kit', 'dr.torso': 4, 'dr.head': 0, dex: 2 }

  it('a box the draft read back differently (DR from the armour picked) takes the draft’s number and is remembered as the gear’s', () => {
    const back = { armour: 'full-kit', 'dr.torso': 5, 'dr.head': 3, dex: 2 }
    const f = followGear(asked, asked, back, {})
    expect(f.values).toEqual(back)
    expect(f.auto).toEqual({ 'dr.torso': 5, 'dr.head': 3 })
    expect(f.changed).toBe(true)
  })

  it('a box the GM typed in since the ask is left alone; nothing read back the same changes', () => {
    const now = { ...asked, 'dr.torso': 9 }
    const f = followGear(now, asked, { ...asked, 'dr.torso': 5 }, {})
    expect(f.values['dr.torso']).toBe(9)
    expect(f.changed).toBe(false)
    expect(followGear(asked, asked, asked, {}).changed).toBe(false)
  })

  it('sends every box but those still holding the gear’s number, so the ruleset works those out from the gear again', () => {
    const auto = { 'dr.torso': 5, 'dr.head': 3 }
    expect(toSend({ armour: 'plate-vest', 'dr.torso': 5, 'dr.head': 3, dex: 2 }, auto)).toEqual({ armour: 'plate-vest', dex: 2 })
    // Typed over: the GM's number is sent (and the ruleset keeps it as extra).
    expect(toSend({ armour: 'plate-vest', 'dr.torso': 7, 'dr.head': 3, dex: 2 }, auto)).toEqual({
      armour: 'plate-vest',
      'dr.torso': 7,
      dex: 2,
    })
  })
})
