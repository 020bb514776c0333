import { describe, expect, it } from 'vitest'
import type { JsonValue } from '../../../../src-shared/json'
import { createTwoD6Ruleset } from '../../../../src-main/rules/2d6-significant/twod6-ruleset'
import { twoD6Sheets } from '../../../../src-main/rules/2d6-significant/sheet/sheet-access'
import { createD10Ruleset } from '../../../../src-main/rules/d10-difficulty/d10-ruleset'
import { d10Sheets } from '../../../../src-main/rules/d10-difficulty/d10-sheet-access'
import { d20TwoActionRuleset } from '../../../../src-main/rules/d20-two-action/d20-ruleset'
import { d20Sheets } from '../../../../src-main/rules/d20-two-action/sheet/d20-sheets'
import type { SheetReader } from '../../../../src-main/rules/kit/stored-sheet'
import type { Ruleset } from '../../../../src-main/rules/ruleset'

interface Case {
  readonly name: string
  readonly ruleset: Ruleset
  readonly reader: SheetReader<object>
  readonly input: unknown
  readonly noSheet: string
}

const cases: Case[] = [
  {
    name: 'd10 difficulty',
    ruleset: createD10Ruleset(),
    reader: d10Sheets,
    input: { attributes: { str: 1, dex: 2, con: 0, per: 1 }, effortMax: 3 },
    noSheet: 'Vex has no d10 character sheet yet.',
  },
  {
    name: 'd20 two-action',
    ruleset: d20TwoActionRuleset,
    reader: d20Sheets,
    input: { attributes: { str: 2, dex: 1, mag: 0, per: 0, vit: 1, wil: 0 }, armourRating: 12 },
    noSheet: 'Vex has no d20 two-action system sheet yet.',
  },
  {
    name: '2d6 significant',
    ruleset: createTwoD6Ruleset(),
    reader: twoD6Sheets,
    input: { characteristics: { str: 7, dex: 8, end: 7, int: 7, edu: 7, soc: 7 } },
    noSheet: 'Vex has no 2d6 sheet yet.',
  },
]

const stored = (c: Case): JsonValue => {
  const parsed = c.ruleset.combatantRules!.parse(c.input)
  if (!parsed.ok) throw new Error(parsed.error.message)
  return parsed.value.data
}

describe.each(cases)('the stored-sheet boundary of the $name ruleset', (c) => {
  it('stores plain JSON that reads back as the sheet, the same object on every read', () => {
    const data = stored(c)
    expect(JSON.parse(JSON.stringify(data))).toEqual(data)
    const first = c.reader.read(data)
    expect(first).toEqual(data)
    expect(c.reader.of({ rules: data })).toBe(first)
  })

  it('reads a copy of what it stored (as the core hands it back after a restart) as the same sheet', () => {
    const data = stored(c)
    expect(c.reader.read(JSON.parse(JSON.stringify(data)) as JsonValue)).toEqual(c.reader.read(data))
  })

  it('refuses a combatant with no sheet in the same words as before, and shows no card for data that does not read', () => {
    const none = c.reader.require({ name: 'Vex', rules: null }, 'rules/noSheet')
    expect(none.ok ? '' : none.error.message).toBe(c.noSheet)
    expect(c.reader.read({ attributes: 'none' })).toBeNull()
    expect(c.ruleset.combatantRules!.card({ attributes: 'none' })).toEqual([])
  })

  it('names the field of input that does not fit', () => {
    const r = c.ruleset.combatantRules!.parse({ weapons: 'none' })
    expect(r.ok ? '' : r.error.code).toBe('rules/invalid')
  })
})
