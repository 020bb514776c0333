import { describe, expect, it } from 'vitest'
import { rangedMissChance, scalingReduction } from '../../../../src-main/rules/compound-x/ranged/miss-chance'
import type { RangedSetup } from '../../../../src-main/rules/compound-x/ranged/ranged-setup'
import { dotSight, scope, setup, smg, stats } from './fixtures'

const mc = (s: RangedSetup): number => {
  const r = rangedMissChance(s)
  if (!r.canHit) throw new Error(r.reason)
  return r.missChance
}
const byBracket = (over: Partial<RangedSetup>, shooter = {}) => [5, 15, 30].map((distance) => mc(setup({ ...over, distance }, shooter)))

describe('CX5 bracket base + trunc(fractional modifiers)', () => {
  it('worked check: base 4/5/6 with PER 6 → 4/5/6 (−0.5 truncates to 0)', () => {
    expect(byBracket({}, { stats: stats({ per: 6 }) })).toEqual([4, 5, 6])
  })
  it('worked check: with a dot sight (−0.5) → 3/4/5', () => {
    expect(byBracket({ attachments: [dotSight] }, { stats: stats({ per: 6 }) })).toEqual([3, 4, 5])
  })
  it('the dot sight gives pistols −1, so PER 6 + dot on a pistol is −1.5 → −1', () => {
    expect(mc(setup({ weapon: smg({ category: 'pistol' }), attachments: [dotSight] }, { stats: stats({ per: 6 }) }))).toBe(3)
  })
  it('+1.5 truncates to +1 (PER 1 is −1.5 combat modifier, i.e. +1.5 miss chance)', () => {
    expect(mc(setup({}, { stats: stats({ per: 1 }) }))).toBe(5)
  })
  it('the dot sight adds 3 m to the last bracket', () => {
    expect(rangedMissChance(setup({ distance: 42 })).canHit).toBe(false)
    expect(rangedMissChance(setup({ distance: 42, attachments: [dotSight] })).canHit).toBe(true)
  })
})

describe('CX6 fire mode, floor, then situation', () => {
  it('000 example: burst +1 → 4/5/6 and auto +3 → 6/7/8 on top of 3/4/5', () => {
    const shooter = { stats: stats({ per: 6 }) }
    expect(byBracket({ attachments: [dotSight], mode: 'burst' }, shooter)).toEqual([4, 5, 6])
    expect(byBracket({ attachments: [dotSight], mode: 'auto' }, shooter)).toEqual([6, 7, 8])
  })
  it('the fire-mode modifier is at least +1 after recoil control', () => {
    const weapon = smg({ burst: { rounds: 3, missChance: 2, scaling: { stat: 'str', every: 4 } } })
    // STR 12: −3 → +2 − 3 = −1, raised to +1.
    expect(mc(setup({ weapon, mode: 'burst' }, { stats: stats({ str: 12 }) }))).toBe(5)
  })
  it('stat scaling reads the three forms in the item lists', () => {
    expect(scalingReduction({ stat: 'str', every: 6 }, stats({ str: 13 }))).toBe(2)
    expect(scalingReduction({ stat: 'str', every: 4, startingAt: 4 }, stats({ str: 3 }))).toBe(0)
    expect(scalingReduction({ stat: 'str', every: 4, startingAt: 4 }, stats({ str: 4 }))).toBe(1)
    expect(scalingReduction({ stat: 'str', every: 4, startingAt: 4 }, stats({ str: 8 }))).toBe(2)
    expect(scalingReduction({ stat: 'str', at: 8, reduction: 1 }, stats({ str: 7 }))).toBe(0)
    expect(scalingReduction({ stat: 'str', at: 8, reduction: 1 }, stats({ str: 8 }))).toBe(1)
  })
  it('the weapon miss chance never goes below −2, but situation applies after the floor', () => {
    const weapon = smg({ brackets: [{ maxRange: 10, missChance: -5 }] })
    expect(mc(setup({ weapon }))).toBe(-2)
    expect(mc(setup({ weapon, target: { cover: 'full', stance: 'standing' } }))).toBe(2)
  })
  it.each([
    ['partial cover', { target: { cover: 'partial', stance: 'standing' } }, {}, 6],
    ['full cover', { target: { cover: 'full', stance: 'standing' } }, {}, 8],
    ['target crouching', { target: { cover: 'none', stance: 'crouching' } }, {}, 5],
    ['target hunkering in partial cover', { target: { cover: 'partial', stance: 'hunkering' } }, {}, 8],
    ['hip fire', { aim: 'hip' }, {}, 7],
    ['blind fire', { aim: 'blind' }, {}, 10],
    ['shooter suppressed', {}, { suppressed: true }, 5],
    ['shooter sprinted', {}, { sprinted: true }, 5],
    ['shooter prone', {}, { prone: true }, 3],
    ['aimed stealth attack', {}, { stealth: true }, 3],
  ] as const)('%s', (_label, over, shooter, expected) => {
    expect(mc(setup(over as Partial<RangedSetup>, shooter))).toBe(expected)
  })
  it('prone helps only beyond 5 m or from cover', () => {
    expect(mc(setup({ distance: 5, target: { cover: 'none', stance: 'prone' } }))).toBe(4)
    expect(mc(setup({ distance: 6, target: { cover: 'none', stance: 'prone' } }))).toBe(6)
    expect(mc(setup({ distance: 5, target: { cover: 'partial', stance: 'prone' } }))).toBe(8)
  })
  it('hip fire drops optics; blind fire drops every attachment and subtracts LUCK', () => {
    const shooter = { stats: stats({ per: 6, luck: 10 }) }
    expect(mc(setup({ aim: 'hip', attachments: [dotSight] }, shooter))).toBe(7)
    // Blind: 4 + trunc(−0.5 PER − 1.5 LUCK) = 2, + 6.
    expect(mc(setup({ aim: 'blind', attachments: [dotSight] }, shooter))).toBe(8)
  })
  it('a scope forces hip fire inside its minimum range', () => {
    const weapon = smg({ minimumRange: 10 })
    const r = rangedMissChance(setup({ weapon, distance: 5 }))
    expect(r.canHit && r.aim).toBe('hip')
    expect(r.canHit && r.missChance).toBe(7)
  })
  it('explains every step with its rule', () => {
    const r = rangedMissChance(setup({ mode: 'burst', target: { cover: 'partial', stance: 'standing' } }))
    const sources = r.steps.flatMap((s) => s.modifiers.map((m) => m.source))
    expect(sources).toEqual(expect.arrayContaining(['CX5', 'CX6']))
    expect(r.steps.map((s) => s.rule ?? '').join(' ')).toMatch(/CX5.*CX6/)
  })
})

describe('CX7 range limits', () => {
  const long = smg({
    brackets: [
      { maxRange: 50, missChance: 3 },
      { maxRange: 120, missChance: 4 },
      { maxRange: 200, missChance: 5 },
    ],
  })
  it('cannot hit beyond the longest bracket', () => {
    const r = rangedMissChance(setup({ weapon: long, distance: 201, attachments: [scope(4)] }))
    expect(!r.canHit && r.reason).toMatch(/beyond/)
  })
  it('over 100 m needs magnifying sights; over 150 m needs 2× or more', () => {
    expect(rangedMissChance(setup({ weapon: long, distance: 101 })).canHit).toBe(false)
    expect(rangedMissChance(setup({ weapon: long, distance: 101, attachments: [scope(1.5)] })).canHit).toBe(true)
    expect(rangedMissChance(setup({ weapon: long, distance: 151, attachments: [scope(1.5)] })).canHit).toBe(false)
    expect(rangedMissChance(setup({ weapon: long, distance: 151, attachments: [scope(2)] })).canHit).toBe(true)
  })
  it('optics do not count while hip firing', () => {
    expect(rangedMissChance(setup({ weapon: long, distance: 120, aim: 'hip', attachments: [scope(4)] })).canHit).toBe(false)
  })
})
