import { describe, expect, it } from 'vitest'
import type { JsonValue } from '../../../../src-shared/json'
import type { CxCombatant } from '../../../../src-main/rules/compound-x/sheet/cx-sheet'
import { cx, trooper } from './cx-harness'

const parse = (input: unknown) => {
  const r = cx.combatantRules!.parse(input)
  if (!r.ok) throw new Error(r.error.message)
  return r.value.data
}
const skillsOf = (rules: JsonValue) => (rules as unknown as CxCombatant).skills

describe('the Compound X sheet form edits skill ranks (001 skills; 000 Grenades asks for Explosives)', () => {
  it('offers each common skill, Explosives among them, at the sheet’s rank or 0', () => {
    const rules = parse({ ...trooper(), skills: { Athletics: 12 } })
    const fields = cx.combatantRules!.form(rules)
    expect(fields.find((f) => f.key === 'skill.Explosives')).toMatchObject({ kind: 'number', value: 0, min: 0, max: 50 })
    expect(fields.find((f) => f.key === 'skill.Athletics')).toMatchObject({ value: 12 })
  })

  it('a typed rank is kept, 0 takes the skill off, and skills the form does not list stay', () => {
    const rules = parse({ ...trooper(), skills: { Athletics: 12, 'Weapons - Rifles': 9 } })
    const after = parse(cx.combatantRules!.fromForm({ 'skill.Explosives': 6, 'skill.Athletics': 0 }, rules))
    expect(skillsOf(after)).toEqual({ Explosives: 6, 'Weapons - Rifles': 9 })
  })

  it('000 Grenades: with Explosives 6 typed on the form, a grenade carrier can throw', () => {
    const rules = parse({ ...trooper(), grenades: [{ itemId: 'ecsc-fragmentation-grenade', count: 2 }] })
    const actor = (r: JsonValue) => ({ id: 'combatant:vex' as const, name: 'Vex', hp: 100, maxHp: 100, rules: r, conditions: [] })
    const before = cx.actions!.list(actor(rules)).find((a) => a.key === 'throw-grenade')
    expect(before?.unavailable).toMatch(/Explosives 0/)
    const trained = parse(cx.combatantRules!.fromForm({ 'skill.Explosives': 6 }, rules))
    expect(cx.actions!.list(actor(trained)).find((a) => a.key === 'throw-grenade')?.unavailable).toBeNull()
  })
})

describe('the Compound X sheet keeps the character’s level (001 Leveling Up)', () => {
  it('a sheet without a level reads as level 1; the form shows it and a typed level is kept', () => {
    const rules = parse(trooper())
    expect((rules as unknown as CxCombatant).level).toBe(1)
    expect(cx.combatantRules!.form(rules).find((f) => f.key === 'level')).toMatchObject({ kind: 'number', value: 1, min: 0, max: 20 })
    const after = parse(cx.combatantRules!.fromForm({ level: 7 }, rules))
    expect((after as unknown as CxCombatant).level).toBe(7)
    expect(parse(cx.combatantRules!.fromForm({ 'skill.Athletics': 3 }, after)) as unknown as CxCombatant).toMatchObject({ level: 7 })
  })

  it('refuses a level past the table (21) and below 0', () => {
    expect(cx.combatantRules!.parse({ ...trooper(), level: 21 }).ok).toBe(false)
    expect(cx.combatantRules!.parse({ ...trooper(), level: -1 }).ok).toBe(false)
  })
})
