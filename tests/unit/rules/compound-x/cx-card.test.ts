import { describe, expect, it } from 'vitest'
import type { JsonValue } from '../../../../src-shared/json'
import type { CxCombatant } from '../../../../src-main/rules/compound-x/sheet/cx-sheet'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { combatant as named, cx, trooper, SHIELD_RIGS } from './cx-harness'
import { must, ranged, sheet } from './cx-rules'

const rules = cx.combatantRules!
const card = (c: CxCombatant) => rules.card(c as unknown as JsonValue)
const lines = (c: CxCombatant) => card(c).flatMap((s) => s.lines)
const line = (c: CxCombatant, label: string) => lines(c).find((l) => l.label === label)!

describe('the Compound X card: protection, nanites, stance and weapons at a glance', () => {
  const vex = sheet(
    {
      shieldId: 'a-class-electron-shield',
      armour: SHIELD_RIGS,
      weapons: [ranged('anvil-arms-c25', 19, { spareMagazines: 2, jammed: true })],
    },
    { armourPoints: 12, shieldStrength: 0, shieldDownTurns: 1, nanites: 44, stance: 'crouching', cover: 'partial' },
  )

  it('CX11–CX14, CX22: armour points, the shield’s restart timer, nanites and stance, without the sheet’s stats', () => {
    expect(card(vex).map((s) => s.title)).toEqual(['Protection', 'Weapons'])
    expect(line(vex, 'Armour').value).toBe('12/40 AP · APL 1 · 40%')
    expect(line(vex, 'A-Class Electron Shield').value).toBe('down (1 turn)')
    expect(line(vex, 'Nanites').value).toBe('44/60')
    expect(line(vex, 'Stance / cover').value).toBe('crouching / partial')
  })

  it('CX5–CX9: each gun’s rounds, spare magazines, jam and miss chances per bracket and mode', () => {
    expect(line(vex, 'Anvil Arms C25').value).toBe('19 rds · 2 mags · JAMMED (CX9)')
    expect(
      lines(vex)
        .filter((l) => l.label === '  miss chance')
        .map((l) => l.value),
    ).toEqual(['semi: 2 / 3 / 4 (to 15/40/60 m)', 'burst: 4 / 5 / 6 (to 15/40/60 m)'])
  })

  it('the running numbers carry inline-edit keys that the sheet form has and accepts alone', () => {
    const edits = lines(vex).flatMap((l) => (l.edit ? [l.edit] : []))
    expect(edits).toEqual([
      { key: 'live.armourPoints', kind: 'number', value: 12, min: 0, max: 40 },
      { key: 'live.shieldStrength', kind: 'number', value: 0, min: 0, max: 120 },
      { key: 'live.nanites', kind: 'number', value: 44, min: 0, max: 60 },
      { key: 'weapons.0.ammo', kind: 'number', value: 19, min: 0 },
      { key: 'weapons.0.spareMagazines', kind: 'number', value: 2, min: 0 },
    ])
    const formKeys = rules.form(vex as unknown as JsonValue).map((f) => f.key)
    for (const e of edits) expect(formKeys).toContain(e.key)
    // Each key alone, over the current sheet, changes that number and nothing else.
    const changes: [string, number, (c: CxCombatant) => number][] = [
      ['weapons.0.ammo', 7, (c) => c.weapons[0]!.ammo],
      ['weapons.0.spareMagazines', 5, (c) => c.weapons[0]!.spareMagazines],
      ['live.armourPoints', 30, (c) => c.live.armourPoints],
      ['live.shieldStrength', 60, (c) => c.live.shieldStrength],
      ['live.nanites', 9, (c) => c.live.nanites],
    ]
    for (const [key, value, read] of changes) {
      const next = must(rules.parse(rules.fromForm({ [key]: value }, vex as unknown as JsonValue))).data as unknown as CxCombatant
      expect(read(next), key).toBe(value)
      expect({ ...next, weapons: [], live: { ...next.live, [key.split('.').at(-1)!]: 0 } }).toEqual({
        ...vex,
        weapons: [],
        live: { ...vex.live, [key.split('.').at(-1)!]: 0 },
      })
      expect(next.weapons[0]!.itemId).toBe('anvil-arms-c25')
    }
  })

  it('an inline edit goes through the pipeline as a one-key sheet edit; a bad number is refused naming the key', async () => {
    const h = await CampaignHarness.create('card-edit', tempDir(), undefined, cx)
    h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 1, rules: trooper() })
    h.must('combatant/setSheet', { combatantId: h.combatantId('Vex'), values: { 'weapons.0.ammo': 7 } })
    const after = named(h, 'Vex').rules as unknown as CxCombatant
    expect(after.weapons[0]).toMatchObject({ itemId: 'anvil-arms-c25', ammo: 7, spareMagazines: 3 })
    expect(after.classId).toBe('soldier')
    const bad = h.run('combatant/setSheet', { combatantId: h.combatantId('Vex'), values: { 'live.nanites': -3 } })
    expect(!bad.ok && bad.error.message).toMatch(/live\.nanites/)
  })

  it('a new main weapon from the full form still comes with a full magazine, whatever ammo the form carried', () => {
    const values = Object.fromEntries(rules.form(vex as unknown as JsonValue).map((f) => [f.key, f.value]))
    const next = must(rules.parse(rules.fromForm({ ...values, weapon: 'matthews-11-35-carbine' }, vex as unknown as JsonValue)))
      .data as unknown as CxCombatant
    expect(next.weapons[0]).toMatchObject({ itemId: 'matthews-11-35-carbine', ammo: 18 })
  })
})
