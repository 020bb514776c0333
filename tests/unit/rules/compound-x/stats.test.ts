import { describe, expect, it } from 'vitest'
import { combatModifier, statBonus } from '../../../../src-main/rules/compound-x/stats/stat-block'
import {
  criticalBand,
  criticalFromSecondRoll,
  maxHealth,
  metresPerTwoActions,
  naniteMaximum,
  reflexSave,
  secondaryStats,
  shockSave,
  willSave,
} from '../../../../src-main/rules/compound-x/stats/derived-stats'
import { weaponDamage } from '../../../../src-main/rules/compound-x/stats/weapon-damage'
import { stats } from './fixtures'

describe('CX2 stat bonus = (stat − 5) × 4', () => {
  it.each([
    [8, 12], // the 001 worked example: STR 8 → +12
    [5, 0],
    [1, -16],
    [15, 40],
  ])('stat %i → %i', (stat, bonus) => expect(statBonus(stat)).toBe(bonus))
})

describe('CX4 combat stat modifier (000 table, +0.5 per point above 15)', () => {
  it.each([
    [1, -1.5],
    [2, -1],
    [3, -0.5],
    [4, -0.5],
    [5, 0],
    [6, 0.5],
    [7, 0.5],
    [8, 1],
    [9, 1],
    [10, 1.5],
    [11, 1.5],
    [12, 2],
    [13, 2],
    [14, 2.5],
    [15, 3],
    [16, 3.5],
    [18, 4.5],
  ])('stat %i → %f', (stat, value) => expect(combatModifier(stat)).toBe(value))
})

describe('CX22 / CX23 derived values', () => {
  const s = stats({ fort: 7, int: 6, cha: 4, per: 8, dex: 6, str: 9 })
  it('max health = 50 + 10 × FORT (CX23)', () => expect(maxHealth(s)).toBe(120))
  it('Will 2(CHA+INT−6), Shock 2(FORT+INT−6), Reflex 2(PER+DEX−6) (CX23)', () => {
    expect(willSave(s)).toBe(8)
    expect(shockSave(s)).toBe(14)
    expect(reflexSave(s)).toBe(16)
  })
  it('nanite maximum = primary attribute × 10 (CX22)', () => expect(naniteMaximum(s, 'str')).toBe(90))
  it('STR feeds the secondary stat that gives the larger total (001 example: 6/3/4 → 6 move, 4 carry)', () => {
    expect(secondaryStats(stats({ str: 6, dex: 3, fort: 4 }))).toEqual({ movementSpeed: 6, carryAbility: 4 })
  })
  it('carry ability cancels movement penalties (001 Carry Ability)', () => {
    expect(metresPerTwoActions(stats({ str: 6, dex: 3, fort: 4 }), 6)).toBe(4)
    expect(metresPerTwoActions(stats({ str: 6, dex: 3, fort: 4 }), 2)).toBe(6)
  })
})

describe('CX10 critical band and second roll', () => {
  it.each([
    [1, [10]],
    [3, [10]],
    [4, [10]],
    [6, [10]],
    [7, [9, 10]],
    [10, [9, 10]],
    [11, [8, 9, 10]],
  ])('Luck %i opens the band on %j', (luck, band) => expect(criticalBand(luck)).toEqual(band))
  it('Luck 1–3: 6–10 critical, no extra-critical', () => {
    expect(criticalFromSecondRoll(2, 5)).toBe('normal')
    expect(criticalFromSecondRoll(2, 6)).toBe('critical')
    expect(criticalFromSecondRoll(2, 10)).toBe('critical')
  })
  it('Luck 4+: 1–5 critical, 6–10 extra-critical', () => {
    expect(criticalFromSecondRoll(5, 1)).toBe('critical')
    expect(criticalFromSecondRoll(5, 6)).toBe('extra-critical')
  })
})

describe('weapon damage worked examples (000 Melee Weapons)', () => {
  const twoHander = { base: 40, type: 'melee' as const, perStatBonus: { str: 2 } }
  it('two-handed 40 + 2×STR with STR bonus −4 → 32 (negative bonus is not scaled)', () => {
    expect(weaponDamage(twoHander, stats({ str: 4 }), { twoHanded: true }).total).toBe(32)
  })
  it('two-handed 40 + 2×STR with STR bonus +12 → 76 (1.5 × 12 = 18)', () => {
    expect(weaponDamage(twoHander, stats({ str: 8 }), { twoHanded: true }).total).toBe(76)
  })
  it('hybrid hammer 40 + STR, STR bonus 8, two-handed strike → 52 (one-handed: 48)', () => {
    const hammer = { base: 40, type: 'melee' as const, perStatBonus: { str: 1 } }
    expect(weaponDamage(hammer, stats({ str: 7 }), { twoHanded: true }).total).toBe(52)
    expect(weaponDamage(hammer, stats({ str: 7 }), { twoHanded: false }).total).toBe(48)
  })
  it('the one-handed sword example: 20 + STR + DEX with STR bonus 12', () => {
    const sword = { base: 20, type: 'melee' as const, perStatBonus: { str: 1, dex: 1 } }
    expect(weaponDamage(sword, stats({ str: 8, dex: 5 })).total).toBe(32)
  })
  it('respects a minimum (unarmed: at least 10)', () => {
    const unarmed = { base: 20, type: 'ballistic' as const, perStatBonus: { str: 1, dex: 1 }, minimum: 10 }
    expect(weaponDamage(unarmed, stats({ str: 1, dex: 1 })).total).toBe(10)
  })
})
