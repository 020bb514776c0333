import { describe, expect, it } from 'vitest'
import { d20, fighter, sheet } from './d20-fixtures'

/* The odds of the d20 two-action acts before they are rolled, against figures worked by hand from the d20. */

describe('d20 two-action acts: odds before rolling', () => {
  const ana = fighter('Ana', sheet())
  const ask = (options: Record<string, string | number>) =>
    d20.actions!.odds!({ actorId: ana.id, action: 'attribute-test', targetId: null, options }, ana, null)

  it('003 Combat Actions: an attribute test is d20 + the attribute reaching the number', () => {
    // Dex 2 against 15: faces 13 to 20 reach it, 8 of 20.
    const r = ask({ check: 'attr:dex', dc: 15 })
    expect(r?.ok && r.value.outcomes).toEqual([
      { label: 'succeeds', probability: 8 / 20 },
      { label: 'fails', probability: 12 / 20 },
    ])
    // Str 3 against 4: every face reaches it, so the failure band is left out; the bands still sum to 1.
    const sure = ask({ check: 'attr:str', dc: 4 })
    expect(sure?.ok && sure.value.outcomes).toEqual([{ label: 'succeeds', probability: 1 }])
  })

  it('an unknown attribute is refused with the test’s own words; other acts are left to the core', () => {
    const r = ask({ check: 'attr:luck', dc: 10 })
    expect(!r?.ok && r?.error.message).toMatch(/is not a .* test/)
    expect(d20.actions!.odds!({ actorId: ana.id, action: 'draw', targetId: null, options: {} }, ana, null)).toBeNull()
  })
})
