import { describe, expect, it } from 'vitest'
import type { JsonValue } from '../../../../src-shared/json'
import { STARTER_WEAPONS } from '../../../../src-main/rules/d20-two-action/sheet/starter-items'
import type { D20Sheet } from '../../../../src-main/rules/d20-two-action/sheet/d20-sheet'
import { d20, fighter, must, sheet } from './d20-fixtures'

const rules = d20.combatantRules!
const parse = (input: unknown) => rules.parse(input)
const formValues = (s: JsonValue | null) => Object.fromEntries(rules.form(s).map((f) => [f.key, f.value]))

describe('the d20 two-action sheet', () => {
  it.each([
    {
      name: 'an attribute out of range names its field',
      input: { attributes: { str: 40, dex: 0, mag: 0, per: 0, vit: 0, wil: 0 }, armourRating: 10 },
      field: 'attributes.str',
    },
    {
      name: 'a missing armour rating names its field',
      input: { attributes: { str: 0, dex: 0, mag: 0, per: 0, vit: 0, wil: 0 } },
      field: 'armourRating',
    },
    {
      name: 'a weapon with an unknown attack kind names its field',
      input: { attributes: { str: 0, dex: 0, mag: 0, per: 0, vit: 0, wil: 0 }, armourRating: 10, weapons: [{ attack: 'laser' }] },
      field: 'weapons.0.attack',
    },
    {
      name: 'a critical range that starts above 20 names its field',
      input: {
        attributes: { str: 0, dex: 0, mag: 0, per: 0, vit: 0, wil: 0 },
        armourRating: 10,
        weapons: [{ name: 'X', attack: 'melee', dice: { count: 1, sides: 6 }, damageType: 'slashing', critFrom: 21 }],
      },
      field: 'weapons.0.critFrom',
    },
    {
      name: 'a resistance to an unknown damage type names its field',
      input: { attributes: { str: 0, dex: 0, mag: 0, per: 0, vit: 0, wil: 0 }, armourRating: 10, affinities: { psychic: 'weak' } },
      field: 'affinities',
    },
    {
      name: 'an unknown key is refused, never kept',
      input: { attributes: { str: 0, dex: 0, mag: 0, per: 0, vit: 0, wil: 0 }, armourRating: 10, luck: 3 },
      field: 'sheet',
    },
  ])('$name', ({ input, field }) => {
    const r = parse(input)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toContain(field)
  })

  it('every starter weapon and both quick NPCs are valid sheets; hit points stay the GM’s', () => {
    for (const w of STARTER_WEAPONS)
      expect(
        parse({ attributes: { str: 0, dex: 0, mag: 0, per: 0, vit: 0, wil: 0 }, armourRating: 10, weapons: [w.weapon] }).ok,
        w.id,
      ).toBe(true)
    expect(d20.quickNpcs!.map((n) => n.name)).toEqual(['Duelist', 'Brute'])
    for (const npc of d20.quickNpcs!) {
      const p = must(parse(npc.rules))
      expect(p.maxHp).toBeNull()
      expect((p.data as unknown as D20Sheet).attributes.dex).toBe(npc.initiativeModifier) // W1: the modifier is its Dex
    }
  })

  it('the form sets a sheet from generic values: attributes, a starter weapon and armour (with its rating), feats and reaction skills', () => {
    const input = rules.fromForm(
      {
        str: 2,
        dex: 4,
        weapon1: 'thin-blade',
        armour: 'ring-shirt',
        graceAndFinesse: true,
        dodge: true,
        parry: true,
        'affinity.fire': 'weak',
      },
      null,
    )
    const s = must(parse(input)).data as unknown as D20Sheet
    expect(s.attributes).toMatchObject({ str: 2, dex: 4 })
    expect(s.weapons.map((w) => w.name)).toEqual(['Thin blade'])
    expect(s).toMatchObject({
      armour: 'Ring shirt',
      armourRating: 14,
      feats: { graceAndFinesse: true, combatProwess: false },
      defences: ['dodge', 'parry'],
      affinities: { fire: 'weak' },
    })
  })

  it('the form reads back what it set, and saving it unchanged keeps the sheet and its live state', () => {
    const s = sheet({
      armour: 'Hide vest',
      armourRating: 13,
      defences: ['riposte'],
      live: { attacksThisTurn: 1, reactions: [{ kind: 'riposte', pool: false }], armourDamage: 2 },
    }) as unknown as JsonValue
    const values = formValues(s)
    expect(values).toMatchObject({ str: 3, armour: 'hide-vest', armourRating: 13, riposte: true, weapon1: 'keep', 'live.armourDamage': 2 })
    expect(must(parse(rules.fromForm(values, s))).data).toEqual(s)
  })

  it('an inline edit sends one number and changes only that', () => {
    const s = sheet() as unknown as JsonValue
    const after = must(parse(rules.fromForm({ 'live.armourDamage': 1 }, s))).data as unknown as D20Sheet
    expect(after.live.armourDamage).toBe(1)
    expect(after.weapons).toEqual((s as unknown as D20Sheet).weapons)
  })

  it('the card shows the armour rating (less dents), attacks this turn, reactions and each weapon’s hit and damage', () => {
    const s = sheet({
      armour: 'Hide vest',
      armourRating: 13,
      defences: ['dodge'],
      live: { attacksThisTurn: 1, reactions: [], armourDamage: 1 },
    }) as unknown as JsonValue
    const lines = Object.fromEntries(
      rules
        .card(s)
        .flatMap((x) => x.lines)
        .map((l) => [l.label, l.value]),
    )
    expect(lines).toMatchObject({
      'Armour rating': '12 (Hide vest)',
      'Attacks in its turn': '1 of 1',
      'Test sword': 'd20+3 to hit · 1d8+3 slashing · crit 20',
      'Bare hands': 'd20+3 to hit · 1d4+3 concussive · crit 20',
      Move: '6 squares (9 m) per action',
    })
    expect(lines['Reactions']).toContain('Dodge · 1 a round')
  })

  it('W2 the economy reads the sheet: no sheet yet still gives two actions and one reaction (and SR-D20-10 one free action)', () => {
    expect(d20.economy(null).map((p) => p.count)).toEqual([2, 1, 1])
    expect(d20.actions!.list(fighter('T', sheet())).map((a) => a.key)).toContain('defensive-stance')
  })
})

describe('SR-D20-30: the sheet form edits a gun’s magazine numbers (003 Combat Actions Burst, Full Auto, Reload)', () => {
  const withCarbine = () => must(parse(rules.fromForm({ weapon1: 'auto-carbine' }, sheet() as unknown as JsonValue))).data
  const gun = (s: JsonValue) => (s as unknown as D20Sheet).weapons[0]

  it('a gun’s slot shows what its magazine holds, what is loaded, the spares, the burst and Full Auto; a sword’s shows none', () => {
    const values = formValues(withCarbine())
    expect(values).toMatchObject({
      'weapon1.capacity': 20,
      'weapon1.loaded': 20,
      'weapon1.spares': 2,
      'weapon1.burst': 3,
      'weapon1.auto': true,
    })
    expect(Object.keys(formValues(sheet() as unknown as JsonValue)).filter((k) => k.startsWith('weapon1.'))).toEqual([])
  })

  it('typed numbers are kept on the gun, and the form’s own values round-trip unchanged', () => {
    const s = withCarbine()
    const after = must(
      parse(rules.fromForm({ 'weapon1.loaded': 7, 'weapon1.spares': 0, 'weapon1.burst': 4, 'weapon1.auto': false }, s)),
    ).data
    expect(gun(after)).toMatchObject({ magazine: { capacity: 20, loaded: 7, spares: 0, burst: 4, auto: false } })
    expect(must(parse(rules.fromForm(formValues(after), after))).data).toEqual(after)
  })

  it('capacity 0 stops counting the gun’s rounds; a capacity typed for an uncounted gun starts it full', () => {
    const off = must(parse(rules.fromForm({ 'weapon1.capacity': 0 }, withCarbine()))).data
    expect(gun(off)).toMatchObject({ magazine: null })
    const on = must(parse(rules.fromForm({ 'weapon1.capacity': 6 }, off))).data
    expect(gun(on)).toMatchObject({ magazine: { capacity: 6, loaded: 6, spares: 0, burst: 0, auto: false } })
  })

  it('more rounds loaded than the magazine holds is refused, naming the magazine', () => {
    const r = parse(rules.fromForm({ 'weapon1.loaded': 21 }, withCarbine()))
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toMatch(/more rounds than its capacity/)
  })
})
