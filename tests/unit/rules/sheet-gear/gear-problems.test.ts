import { describe, expect, it } from 'vitest'
import type { JsonValue } from '../../../../src-shared/json'
import type { Ruleset } from '../../../../src-main/rules/ruleset'
import { GRENADE_KEYS, THROWN_KEYS } from '../../../../src-main/rules/compound-x/sheet/cx-sheet-form'
import { weaponKey } from '../../../../src-main/rules/d20-two-action/sheet/d20-sheet-form'
import { createD10Ruleset } from '../../../../src-main/rules/d10-difficulty/d10-ruleset'
import { d20TwoActionRuleset } from '../../../../src-main/rules/d20-two-action/d20-ruleset'
import { createTwoD6Ruleset } from '../../../../src-main/rules/2d6-significant/twod6-ruleset'
import { cx } from '../compound-x/cx-harness'

/**
 * What a character carries but cannot use (or uses worse), per ruleset, as the sheet panel shows
 * it at the item and the card beside it. Each sheet goes through the ruleset's own form and parse,
 * as the panel's draft does.
 */

type Values = Record<string, string | number | boolean>

function sheetOf(ruleset: Ruleset, values: Values, current: JsonValue | null = null): JsonValue {
  const rules = ruleset.combatantRules!
  const r = rules.parse(rules.fromForm(values, current))
  if (!r.ok) throw new Error(r.error.message)
  return r.value.data
}

const gearOf = (ruleset: Ruleset, sheet: JsonValue) => ruleset.combatantRules!.gear?.(sheet) ?? []
const cardLine = (ruleset: Ruleset, sheet: JsonValue, label: string) =>
  ruleset
    .combatantRules!.card(sheet)
    .flatMap((s) => s.lines)
    .find((l) => l.label === label)

describe('Compound X: grenades and thrown weapons the character cannot use', () => {
  const FRAG = 'ecsc-fragmentation-grenade'
  const fragName = 'ECSC Fragmentation Grenade'

  it('000 Grenades, "All grenades require an explosives skill of at least 6": Explosives 0 cannot throw, at the grenade field', () => {
    const vex = sheetOf(cx, { [GRENADE_KEYS.item]: FRAG, [GRENADE_KEYS.count]: 3 })
    expect(gearOf(cx, vex)).toEqual([
      { field: GRENADE_KEYS.item, item: fragName, message: 'Explosives 0: cannot throw (000 Grenades: needs 6)', severity: 'cannot' },
    ])
    // Explosives 5 is still short; 6 is enough and the warning goes.
    const five = sheetOf(cx, { 'skill.Explosives': 5 }, vex)
    expect(gearOf(cx, five).map((g) => g.message)).toEqual(['Explosives 5: cannot throw (000 Grenades: needs 6)'])
    expect(gearOf(cx, sheetOf(cx, { 'skill.Explosives': 6 }, vex))).toEqual([])
  })

  it('SR-CX-20: the card lists the grenades carried with their count, and says when they cannot be thrown', () => {
    const vex = sheetOf(cx, { [GRENADE_KEYS.item]: FRAG, [GRENADE_KEYS.count]: 3 })
    expect(cardLine(cx, vex, fragName)?.value).toBe('3 grenades · Explosives 0: cannot throw (000 Grenades: needs 6)')
    const trained = sheetOf(cx, { 'skill.Explosives': 8, [GRENADE_KEYS.count]: 1 }, vex)
    expect(cardLine(cx, trained, fragName)?.value).toBe('1 grenade')
    // No grenades carried, no line.
    const none = sheetOf(cx, { [GRENADE_KEYS.item]: '' }, vex)
    expect(cardLine(cx, none, fragName)).toBeUndefined()
  })

  it('000 Thrown Weapons, SR-CX-54: DEX 5 cannot throw the Carbide Kunai (DEX 6), at the thrown-weapon field and on the card', () => {
    const low = sheetOf(cx, { dex: 5, [THROWN_KEYS.item]: 'carbide-kunai', [THROWN_KEYS.count]: 3 })
    const [problem] = gearOf(cx, low)
    expect(problem).toMatchObject({ field: THROWN_KEYS.item, item: 'Carbide Kunai', severity: 'cannot' })
    expect(problem!.message).toMatch(/^Cannot throw: The Carbide Kunai needs DEX 6; the thrower has 5 \(SR-CX-54\)\.$/)
    expect(cardLine(cx, low, 'Carbide Kunai')?.value).toContain('Cannot throw')
    // Weapons - Thrown 20 lowers the requirement by one (000 Thrown Weapons).
    expect(gearOf(cx, sheetOf(cx, { 'skill.Weapons - Thrown': 20 }, low))).toEqual([])
  })
})

describe('Compound X: a blade the class is not proficient with', () => {
  const sword = { kind: 'melee' as const, itemId: 'gurber-gs101-combat-sword', attachmentIds: [], ammo: 0, spareMagazines: 0 }

  it('000 Melee: no Guard modifier unproficient, so a one-handed sword on a doctor (light only) is flagged on the card; a soldier is proficient', () => {
    const rules = cx.combatantRules!
    const parse = (classId: string) => {
      const r = rules.parse({
        stats: { str: 6, per: 6, fort: 6, cha: 6, int: 6, dex: 6, luck: 6 },
        classId,
        speciesId: 'human',
        weapons: [sword],
      })
      if (!r.ok) throw new Error(r.error.message)
      return r.value.data
    }
    const doctor = parse('doctor')
    expect(gearOf(cx, doctor)).toEqual([
      {
        field: null,
        item: 'Gurber GS101 Combat Sword',
        message: 'Not proficient (one-handed): guards as an improvised weapon (000 Melee)',
        severity: 'worse',
      },
    ])
    expect(cardLine(cx, doctor, 'Gurber GS101 Combat Sword')?.value).toBe(
      'melee · Not proficient (one-handed): guards as an improvised weapon (000 Melee)',
    )
    const soldier = parse('soldier')
    expect(gearOf(cx, soldier)).toEqual([])
    expect(cardLine(cx, soldier, 'Gurber GS101 Combat Sword')?.value).toBe('melee')
  })
})

describe('d20 two-action: a weapon the character is not proficient with', () => {
  const d20 = d20TwoActionRuleset

  it('003 Proficiency: allowed, at −2 to hit for a basic weapon, named at the weapon slot', () => {
    const form = d20.combatantRules!.form(null)
    const starter = form.find((f) => f.key === weaponKey(0))
    const first = starter?.kind === 'choice' ? starter.choices.find((c) => c.value !== '')!.value : ''
    const s = sheetOf(d20, { [weaponKey(0)]: first, weapon1Proficient: false })
    const problems = gearOf(d20, s)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatchObject({ field: weaponKey(0), severity: 'worse' })
    expect(problems[0]!.message).toMatch(/^Not proficient: −[24] to hit \(003 Proficiency\)$/)
    expect(gearOf(d20, sheetOf(d20, { weapon1Proficient: true }, s))).toEqual([])
  })
})

describe('d10: DR boxes follow the armour; a number typed over it is said to be extra', () => {
  const d10 = createD10Ruleset()

  it('002 Zones (D7): armour picked sets the DR; a typed torso DR over it is extra at its box and on the card', () => {
    const vest = sheetOf(d10, { armour: 'plate-vest' })
    expect(gearOf(d10, vest)).toEqual([])
    expect(cardLine(d10, vest, 'DR torso')?.value).toBe('4')
    const padded = sheetOf(d10, { 'dr.torso': 6 }, vest)
    expect(gearOf(d10, padded)).toEqual([
      { field: 'dr.torso', item: 'Plate vest', message: "+2 extra over the armour's 4 (typed)", severity: 'extra' },
    ])
    expect(cardLine(d10, padded, 'DR torso')?.value).toBe('6 (Plate vest 4, +2 extra)')
  })

  it('the draft reads back the armour’s DR in the boxes when the armour changes and the DR boxes are left out', () => {
    const vest = sheetOf(d10, { armour: 'plate-vest' })
    const kit = sheetOf(d10, { armour: 'full-kit' }, vest)
    const boxes = Object.fromEntries(d10.combatantRules!.form(kit).map((f) => [f.key, f.value]))
    expect([boxes['dr.head'], boxes['dr.torso'], boxes['dr.arms'], boxes['dr.legs']]).toEqual([3, 5, 2, 2])
  })
})

describe('2d6 significant/minor: a weapon whose skill the character lacks', () => {
  const twod6 = createTwoD6Ruleset()

  it('the unskilled DM (−3; 004 is silent): nothing refused, the penalty named at the weapon slot and on the card', () => {
    const s = sheetOf(twod6, { 'weapon.0': 'utility-knife' })
    expect(gearOf(twod6, s)).toEqual([
      { field: 'weapon.0', item: 'Utility knife', message: 'Melee untrained: attacks at -3 (unskilled DM)', severity: 'worse' },
    ])
    expect(cardLine(twod6, s, 'Utility knife (Melee)')?.value).toMatch(/ · untrained -3$/)
    // Melee 0 is trained (level 0): no penalty, nothing to say.
    const trained = sheetOf(twod6, { 'skill.Melee': 0 }, s)
    expect(gearOf(twod6, trained)).toEqual([])
    expect(cardLine(twod6, trained, 'Utility knife (Melee)')?.value).not.toContain('untrained')
  })
})

describe('d10: grenades on the card are counted, not loaded', () => {
  it('the frag grenade reads as how many are carried (a thrown weapon’s magazine is its count)', () => {
    const d10 = createD10Ruleset()
    const s = sheetOf(d10, { 'weapon.0': 'frag-grenade' })
    expect(cardLine(d10, s, 'Fragmentation grenade')?.value).toMatch(/^\d+ carried · /)
  })
})
