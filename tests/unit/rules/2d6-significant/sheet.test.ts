import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createRulesetRegistry } from '../../../../src-main/rules/ruleset-registry'
import { sheetFromForm } from '../../../../src-main/rules/2d6-significant/sheet/sheet-form'
import { ARMOUR_ITEMS, WEAPON_ITEMS } from '../../../../src-main/rules/2d6-significant/sheet/items'
import { combatant, must, sheet, sheetOf, twod6 } from './harness'

const rules = twod6.combatantRules!

describe('the 2d6 sheet', () => {
  it.each([
    [{ characteristics: { str: 7, dex: 7, end: 7, int: 7, edu: 7 } }, 'characteristics.soc'],
    [{ characteristics: { str: 19, dex: 7, end: 7, int: 7, edu: 7, soc: 7 } }, 'characteristics.str'],
    [{ characteristics: { str: 7, dex: 7, end: 7, int: 7, edu: 7, soc: 7 }, skills: { Melee: 9 } }, 'skills.Melee'],
    [
      {
        characteristics: { str: 7, dex: 7, end: 7, int: 7, edu: 7, soc: 7 },
        weapons: [{ name: 'Gun', kind: 'ranged', skill: 'Gun Combat', damageDice: 3, magazine: 6, ammo: 7 }],
      },
      'weapons.0.ammo',
    ],
    [{ characteristics: { str: 7, dex: 7, end: 7, int: 7, edu: 7, soc: 7 }, extra: 1 }, 'sheet'],
  ])('refuses bad input, naming the field (%#)', (input, field) => {
    const r = rules.parse(input)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toContain(field)
  })

  it('derives hits as STR + DEX + END (our reading: 004 has no damage track) and fills the live state', () => {
    const parsed = must(rules.parse({ characteristics: { str: 8, dex: 9, end: 6, int: 7, edu: 7, soc: 7 } }))
    expect(parsed.maxHp).toBe(23)
    expect(sheetOf(parsed.data).live).toMatchObject({ aim: null, pendingInitiative: 0, stance: 'standing', cover: false, extended: null })
  })

  it('the form round-trips: characteristics, skills (−1 untrained), a starter weapon loaded fresh, armour, ambush', () => {
    const values = Object.fromEntries(rules.form(null).map((f) => [f.key, f.value]))
    const fresh = sheetOf(
      must(
        rules.parse(
          rules.fromForm(
            {
              ...values,
              dex: 10,
              'skill.Gun Combat': 2,
              'skill.Melee': -1,
              'weapon.0': 'assault-rifle',
              armour: 'mesh-vest',
              ambusher: true,
            },
            null,
          ),
        ),
      ).data,
    )
    expect(fresh.characteristics.dex).toBe(10)
    expect(fresh.skills).toEqual({ 'Gun Combat': 2 })
    expect(fresh.weapons[0]).toMatchObject({ name: 'Assault rifle', ammo: 30, magazine: 30, auto: 3, spareMagazines: 2 })
    expect(fresh.armour).toEqual({ name: 'Mesh vest', itemId: 'mesh-vest', rating: 4 })
    expect(fresh.ambusher).toBe(true)
    // An inline edit of one number keeps everything else, live state included.
    const edited = sheetOf(
      must(rules.parse(rules.fromForm({ 'weapons.0.ammo': 12 }, { ...fresh, live: { ...fresh.live, pendingInitiative: 2 } } as never)))
        .data,
    )
    expect(edited.weapons[0]!.ammo).toBe(12)
    expect(edited.live.pendingInitiative).toBe(2)
    expect(edited.skills).toEqual({ 'Gun Combat': 2 })
  })

  it('a GM-made weapon stays on the sheet through the form ("as on the sheet")', () => {
    const custom = sheet({
      weapons: [{ name: 'Heirloom sabre', itemId: null, kind: 'melee', skill: 'Melee', damageDice: 2, damageBonus: 3, rating: 1 }],
    })
    const form = rules.form(custom as never)
    expect(form.find((f) => f.key === 'weapon.0')!.value).toBe('keep')
    const again = sheetFromForm(Object.fromEntries(form.map((f) => [f.key, f.value])), custom)
    expect(again.weapons![0]).toMatchObject({ name: 'Heirloom sabre', damageBonus: 3 })
  })

  it('the card shows DMs, what initiative owes, weapons and armour, with inline edits on the running numbers', () => {
    const s = sheet(
      { armour: { name: 'Mesh vest', itemId: 'mesh-vest', rating: 4 } },
      { pendingInitiative: 2, aim: { targetId: 'combatant:bo', name: 'Bo', dm: 2 } },
    )
    const sections = rules.card(s as never)
    const line = (label: string) => sections.flatMap((x) => x.lines).find((l) => l.label.startsWith(label))!
    expect(line('Owed to heft/recoil')).toMatchObject({
      value: '−2 initiative next round',
      source: 'T6',
      edit: { key: 'live.pendingInitiative' },
    })
    expect(line('Aiming at').value).toBe('Bo +2')
    expect(line('Service pistol').edit).toMatchObject({ key: 'weapons.0.ammo', value: 15 })
    expect(line('Armour').value).toContain('−4')
    expect(line('DEX').value).toBe('7 (DM 0)')
  })

  it('starter items have our own names, ids unique, and every one fits on a sheet', () => {
    const ids = [...WEAPON_ITEMS, ...ARMOUR_ITEMS].map((i) => i.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const w of WEAPON_ITEMS) must(rules.parse(rules.fromForm({ 'weapon.0': w.id }, null)))
    for (const a of ARMOUR_ITEMS) must(rules.parse(rules.fromForm({ armour: a.id }, null)))
  })

  it('quick NPCs parse as sheets, and their hits agree with the sheet', () => {
    expect(twod6.quickNpcs!.map((n) => n.name)).toEqual(['Pirate boarder', 'Security guard'])
    for (const n of twod6.quickNpcs!) {
      const parsed = must(rules.parse(n.rules))
      expect(parsed.maxHp).toBe(n.maxHp)
      expect(n.initiativeModifier).toBe(0)
    }
  })
})

describe('the ruleset as a campaign sees it', () => {
  it('is registered under its id', async () => {
    const registry = createRulesetRegistry(resolve('resources'))
    expect(registry.list().map((r) => r.id)).toContain('2d6-significant')
    expect((await registry.load('2d6-significant'))!.initiativeEachRound).toBe(false)
  })

  it.each([
    [4, 1],
    [6, 1],
    [9, 2],
    [18, 3],
    [20, 4],
  ])('004 Movement, R0.4: %i m on the map costs %i minor action(s) (6 m each)', (metres, actions) => {
    const spend = twod6.movementCost!(combatant('Ana', sheet()), metres).spend
    expect(spend.reduce((n, c) => n + c.amount, 0)).toBe(actions)
  })

  it('T3: a drag pays minor actions as the Move action would: the minor action first, then halves of the significant one', () => {
    expect(twod6.movementCost!(combatant('Ana', sheet()), 9).spend).toEqual([
      { pool: 'minor', amount: 1 },
      { pool: 'significant', amount: 1 },
    ])
    const moved = { ...combatant('Ana', sheet()), spent: { minor: 1 } }
    expect(twod6.movementCost!(moved, 5).spend).toEqual([{ pool: 'significant', amount: 1 }])
  })

  it('start of a fight clears aim, owed initiative and Tactics; the end drops the ambush flag', () => {
    const s = sheet({ ambusher: true }, { aim: { targetId: 'combatant:bo', name: 'Bo', dm: 2 }, pendingInitiative: 1, tacticsUsed: true })
    const start = sheetOf(twod6.edges!.startOfEncounter(combatant('Ana', s), null as never)!.rules)
    expect(start.live).toMatchObject({ aim: null, pendingInitiative: 0, tacticsUsed: false })
    expect(start.ambusher).toBe(true)
    expect(sheetOf(twod6.edges!.endOfEncounter(combatant('Ana', start))!.rules).ambusher).toBe(false)
  })

  it('without a sheet, attacks and actions say so', () => {
    const bare = combatant('Ana', null)
    expect(twod6.actions!.list(bare)).toEqual([])
    const r = twod6.attacks!.preview(
      { attackerId: bare.id, targetId: 'combatant:bo', weapon: 0, mode: 'single', options: {} },
      bare,
      combatant('Bo', sheet()),
    )
    expect(r.ok).toBe(false)
  })
})
