import { describe, expect, it } from 'vitest'
import { rangeWord } from '../../../src-renderer/lib/map/range-word'

/** Issue 31: hovering a token on the map shows the core's word on it, a refusal over positions included. */
describe("the map's word on a hovered target", () => {
  it("is the ruleset's reason it cannot be hit, distance and all, else the headline", () => {
    const far = 'A melee attack with the Unarmed (SR-2D6-20) needs Vex within 1.5 m of Raider; Vex is 6.7 m away (base to base).'
    expect(rangeWord({ ok: true, value: { blocked: far, headline: '7 m' } })).toEqual({ text: far, outOfReach: true })
    expect(rangeWord({ ok: true, value: { blocked: null, headline: '12 m · bracket 2 of 3' } })).toEqual({
      text: '12 m · bracket 2 of 3',
      outOfReach: false,
    })
    expect(rangeWord({ ok: true, value: { blocked: null } })).toEqual({ text: '', outOfReach: false })
  })

  it("shows the core's refusal over where the two stand rather than nothing, and nothing for other failures", () => {
    const offMap = 'Brute has no token on "Dock", where Vex stands: place it on the map first, or set positions aside for this act.'
    expect(rangeWord({ ok: false, error: { code: 'position/offMap', message: offMap } })).toEqual({ text: offMap, outOfReach: true })
    expect(rangeWord({ ok: false, error: { code: 'attack/noSheet', message: 'Vex has no sheet.' } })).toEqual({
      text: '',
      outOfReach: false,
    })
  })
})
