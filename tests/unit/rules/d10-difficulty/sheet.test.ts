import { describe, expect, it } from 'vitest'
import type { JsonValue } from '../../../../src-shared/json'
import type { D10Sheet } from '../../../../src-main/rules/d10-difficulty/sheet/d10-sheet'
import { STARTER_ARMOUR, STARTER_WEAPONS } from '../../../../src-main/rules/d10-difficulty/sheet/d10-items'
import { d10, sheet, sheetInput } from './d10-fixtures'

const rules = d10.combatantRules!
const parsed = (values: Record<string, string | number | boolean>, current: D10Sheet | null) => {
  const r = rules.parse(rules.fromForm(values, current as unknown as JsonValue))
  if (!r.ok) throw new Error(r.error.message)
  return r.value.data as unknown as D10Sheet
}

describe('the d10 sheet', () => {
  it.each([
    {
      name: 'an attribute modifier out of range',
      input: { ...sheetInput(), attributes: { str: 0, dex: 11, con: 0, per: 0 } },
      field: 'attributes.dex',
    },
    {
      name: 'a weapon with more rounds than its magazine',
      input: sheetInput({ weapons: [{ ...sheetInput().weapons![0]!, ammo: 31 }] }),
      field: 'weapons.0.ammo',
    },
    { name: 'an unknown key', input: { ...sheetInput(), mana: 3 }, field: 'sheet' },
    { name: 'a negative damage reduction', input: sheetInput({ dr: { head: -1, torso: 0, arms: 0, legs: 0 } }), field: 'dr.head' },
  ])('refuses $name, naming the field, without throwing', ({ input, field }) => {
    const r = rules.parse(input)
    expect(!r.ok && r.error.message).toContain(`d10 sheet: ${field}`)
  })

  it('fills the fight state: standing, effort full, nothing declared; the GM keeps the hit points', () => {
    const r = rules.parse(sheetInput({ effortMax: 3 }))
    expect(r.ok && r.value.maxHp).toBeNull()
    expect(r.ok && (r.value.data as unknown as D10Sheet).live).toEqual({
      stance: 'standing',
      movement: 'subtle',
      aim: null,
      speedRegained: 0,
      defending: 0,
      effort: 3,
      initiativeEffort: 0,
      drawing: null,
    })
  })

  it('a new sheet from the form: modifiers, ranks, a starter armour’s reductions and a starter gun, loaded', () => {
    const s = parsed(
      { str: 1, dex: 2, 'skill.firearms': 3, armour: 'plate-vest', 'weapon.0': 'service-carbine', 'weapon.1': 'combat-knife' },
      null,
    )
    expect(s.attributes).toEqual({ str: 1, dex: 2, con: 0, per: 0 })
    expect(s.skills.firearms).toBe(3)
    expect(s.dr).toEqual(STARTER_ARMOUR.find((a) => a.id === 'plate-vest')!.dr)
    expect(s.weapons.map((w) => [w.name, w.ammo])).toEqual([
      ['Service carbine', 30],
      ['Combat knife', 0],
    ])
  })

  it('the editor sends every field: picking armour over the form’s stale DR numbers writes the armour’s, a changed number still wins', () => {
    const s = parsed({ armour: 'full-kit', 'dr.head': 0, 'dr.torso': 0, 'dr.arms': 7, 'dr.legs': 0 }, null)
    expect(s.dr).toEqual({ ...STARTER_ARMOUR.find((a) => a.id === 'full-kit')!.dr, arms: 7 })
    const swapped = parsed({ armour: 'plate-vest', 'dr.head': 3, 'dr.torso': 5, 'dr.arms': 7, 'dr.legs': 2 }, s)
    expect(swapped.dr).toEqual(STARTER_ARMOUR.find((a) => a.id === 'plate-vest')!.dr)
  })

  it('an inline edit sends one number and keeps the rest, live state included', () => {
    const start = parsed({ dex: 2, 'weapon.0': 'service-carbine', armour: 'plate-vest' }, null)
    const used: D10Sheet = { ...start, weapons: [{ ...start.weapons[0]!, ammo: 4 }], live: { ...start.live, stance: 'kneeling' } }
    const edited = parsed({ 'weapons.0.spareMagazines': 1, 'dr.torso': 6, 'live.initiativeEffort': 1 }, used)
    expect(edited.weapons[0]).toMatchObject({ ammo: 4, spareMagazines: 1 })
    expect(edited.dr.torso).toBe(6)
    expect(edited.live).toMatchObject({ stance: 'kneeling', initiativeEffort: 1 })
    expect(edited.attributes.dex).toBe(2)
  })

  it('the form lists every field it reads back, and a weapon written by hand stays as written', () => {
    const s = sheet()
    const keys = rules.form(s as unknown as JsonValue).map((f) => f.key)
    for (const k of [
      'str',
      'skill.dodge',
      'speed',
      'effortMax',
      'armour',
      'dr.legs',
      'weapon.0',
      'live.stance',
      'live.effort',
      'live.initiativeEffort',
      'weapons.0.ammo',
    ])
      expect(keys).toContain(k)
    const slot = rules.form(s as unknown as JsonValue).find((f) => f.key === 'weapon.0')
    expect(slot?.kind === 'choice' && slot.value).toBe('keep')
    expect(parsed({ 'weapon.0': 'keep', str: 2 }, s).weapons[0]!.name).toBe('Test carbine')
  })

  it('the card shows the checks, armour by zone and rounds, with inline edits on the running numbers', () => {
    const sections = rules.card(sheet() as unknown as JsonValue)
    expect(sections.map((x) => x.title)).toEqual(['Checks', 'Armour', 'Weapons', 'State'])
    const firearms = sections[0]!.lines.find((l) => l.label === 'Firearms')
    expect(firearms?.value).toBe('d10 +5')
    const gun = sections[2]!.lines[0]!
    expect(gun.value).toContain('30/30 rds')
    expect(gun.edit?.key).toBe('weapons.0.ammo')
    expect(sections[1]!.lines[0]!.edit?.key).toBe('dr.head')
  })

  it('every starter item and both quick NPCs parse as sheets', () => {
    expect(STARTER_WEAPONS.length).toBeGreaterThanOrEqual(5)
    for (const w of STARTER_WEAPONS) expect(parsed({ [`weapon.0`]: w.id }, null).weapons[0]!.name).toBe(w.weapon.name)
    expect(d10.quickNpcs!.map((n) => n.name)).toEqual(['Militia rifleman', 'Heavy gunner'])
    for (const npc of d10.quickNpcs!) expect(rules.parse(npc.rules).ok).toBe(true)
  })
})
