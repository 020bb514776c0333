import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  convolve,
  dice,
  die,
  expectation,
  mapDistribution,
  mix,
  point,
  probabilityThat,
  sortedPairs,
  sumOf,
} from '../../../../src-main/rules/kit/distribution'
import { modifier, modifierSection, sumModifiers } from '../../../../src-main/rules/kit/modifier'
import { percent, plural, signed, withSign } from '../../../../src-main/rules/kit/format'
import { optionBool, optionNumber, optionOneOf, optionString } from '../../../../src-main/rules/kit/options'
import { sheetReader, toJson } from '../../../../src-main/rules/kit/stored-sheet'

const total = (d: ReadonlyMap<number, number>) => [...d.values()].reduce((t, p) => t + p, 0)

describe('exact distributions', () => {
  it('2d6 by convolution has the triangle of 36ths', () => {
    const d = dice(2, 6)
    expect(sortedPairs(d).map(([v, p]) => [v, Math.round(p * 36)])).toEqual(
      [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((v) => [v, 6 - Math.abs(7 - v)]),
    )
    expect(total(d)).toBeCloseTo(1, 12)
    expect(expectation(d)).toBeCloseTo(7, 12)
  })

  it('drops zero-probability entries everywhere (the one policy)', () => {
    expect([
      ...mix([
        { weight: 0, dist: point(99) },
        { weight: 1, dist: point(1) },
      ]).keys(),
    ]).toEqual([1])
    expect([
      ...convolve(
        new Map([
          [5, 0],
          [1, 1],
        ]),
        point(0),
      ).keys(),
    ]).toEqual([1])
    expect([
      ...mapDistribution(
        new Map([
          [3, 0],
          [4, 1],
        ]),
        (v) => v * 2,
      ).keys(),
    ]).toEqual([8])
  })

  it('maps merge values that land together, and sums of zero dice are a certain zero', () => {
    expect(
      probabilityThat(
        mapDistribution(die(6), (v) => Math.max(0, v - 4)),
        (v) => v === 0,
      ),
    ).toBeCloseTo(4 / 6, 12)
    expect(sortedPairs(sumOf(die(10), 0))).toEqual([[0, 1]])
  })
})

describe('labelled modifiers', () => {
  it('sums only the enabled ones and shows the disabled ones as not applied', () => {
    const mods = [modifier('Skill', 3, 'CX5'), modifier('Cover', -2, 'CX6'), modifier('Aim', 1, 'CX7', false)]
    expect(sumModifiers(mods)).toBe(1)
    const s = modifierSection('To hit', mods)
    expect(s.total).toBe('+1')
    expect(s.lines.map((l) => `${l.label} ${l.value} ${l.enabled === false ? 'off' : 'on'}`)).toEqual([
      'Skill +3 on',
      'Cover −2 on',
      'Aim +1 off',
    ])
  })
})

describe('number formatting', () => {
  it('signs with a true minus and an unsigned zero, or always signed for dice', () => {
    expect([signed(3), signed(-2), signed(0)]).toEqual(['+3', '−2', '0'])
    expect([withSign(0), withSign(-1)]).toEqual(['+0', '−1'])
  })
  it('rounds percentages half up to one decimal', () => {
    expect([percent(0.375), percent(1), percent(0.00049), percent(0.12345)]).toEqual(['37.5%', '100.0%', '0.0%', '12.3%'])
    expect([plural(1, 'hit'), plural(2, 'hit')]).toEqual(['1 hit', '2 hits'])
  })
})

describe('option readers', () => {
  const o = { cover: 'half', aimed: true, range: 12, bad: Number.NaN, wrong: 'x' }
  it('read a value of the right type and nothing else', () => {
    expect(optionString(o, 'cover')).toBe('half')
    expect(optionString(o, 'aimed')).toBeUndefined()
    expect(optionBool(o, 'aimed')).toBe(true)
    expect(optionNumber(o, 'range')).toBe(12)
    expect(optionNumber(o, 'bad')).toBeUndefined()
    expect(optionOneOf(o, 'cover', ['none', 'half', 'full'], 'none')).toBe('half')
    expect(optionOneOf(o, 'wrong', ['none', 'half'], 'none')).toBe('none')
  })
})

describe('the stored-sheet boundary', () => {
  const schema = z.object({ name: z.string(), hp: z.number().int(), note: z.string().optional() })
  it('parses a stored value once and reads what it stored without parsing', () => {
    let parses = 0
    const counted = schema.transform((s) => {
      parses++
      return s
    })
    const reader = sheetReader(counted, 'test sheet')
    const stored = { name: 'Vex', hp: 3 }
    expect(reader.read(stored)).toEqual(stored)
    expect(reader.of({ rules: stored })).toEqual(stored)
    expect(parses).toBe(1)
    const written = reader.store({ name: 'Ash', hp: 2, note: undefined })
    expect(written).toEqual({ name: 'Ash', hp: 2 })
    expect(Object.keys(written as object)).toEqual(['name', 'hp'])
    expect(reader.read(written)).toEqual({ name: 'Ash', hp: 2, note: undefined })
    expect(parses).toBe(1)
  })
  it('refuses what does not read, naming the combatant', () => {
    const reader = sheetReader(schema, 'test sheet')
    expect(reader.read({ name: 'Vex', hp: 'three' })).toBeNull()
    const none = reader.require({ name: 'Vex', rules: null }, 'x/noSheet')
    expect(none.ok ? '' : none.error.message).toBe('Vex has no test sheet yet.')
    const bad = reader.require({ name: 'Vex', rules: { hp: 1 } }, 'x/noSheet')
    expect(bad.ok ? '' : bad.error.code).toBe('x/noSheet')
    const both = reader.requireBoth({ name: 'Vex', rules: { name: 'Vex', hp: 3 } }, { name: 'Ash', rules: null }, 'x/noSheet')
    expect(both.ok ? '' : both.error.message).toBe('Ash has no test sheet yet.')
    const pair = reader.requireBoth({ name: 'Vex', rules: { name: 'Vex', hp: 3 } }, { name: 'Ash', rules: { name: 'Ash', hp: 1 } }, 'x')
    expect(pair.ok ? [pair.value.a.name, pair.value.b.name] : []).toEqual(['Vex', 'Ash'])
  })
  it('stores undefined in a list as null, as JSON does', () => {
    expect(toJson([1, undefined, { a: undefined, b: [null] }])).toEqual([1, null, { b: [null] }])
  })
})
