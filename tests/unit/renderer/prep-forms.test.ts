import { describe, expect, it } from 'vitest'
import type { SheetDraft } from '../../../src-shared/contract'
import { filterChoices, matching } from '../../../src-renderer/lib/forms/choice-filter'
import { asksMaxHp, healthOf, sameValues } from '../../../src-renderer/lib/forms/combatant-health'
import { templatePayload } from '../../../src-renderer/lib/roster/template-payload'

const weapons = [
  { value: 'none', label: '— none —' },
  { value: 'br606', label: 'Berren Rifles BR606' },
  { value: 'smg9', label: '9 mm SMG' },
  { value: 'kx', label: 'Kestrel sniper rifle' },
  { value: 'knife', label: 'Combat knife' },
]

describe('searching a pack choice by name', () => {
  it('keeps the choices holding every word typed, in any case and order', () => {
    expect(matching(weapons, 'RIFLE').map((c) => c.value)).toEqual(['br606', 'kx'])
    expect(matching(weapons, 'smg 9').map((c) => c.value)).toEqual(['smg9'])
    expect(matching(weapons, '  ')).toBe(weapons)
    expect(matching(weapons, 'plasma')).toEqual([])
  })

  it('keeps the current pick first even when it does not match, so the list never shows the wrong item', () => {
    expect(filterChoices(weapons, 'rifle', 'knife').map((c) => c.value)).toEqual(['knife', 'br606', 'kx'])
    expect(filterChoices(weapons, 'rifle', 'kx').map((c) => c.value)).toEqual(['br606', 'kx'])
    expect(filterChoices(weapons, '', 'knife')).toBe(weapons)
  })

  it('looks at a bounded part of what is typed', () => {
    expect(matching(weapons, 'rifle' + ' '.repeat(100) + 'nothing-like-this')).toHaveLength(2)
  })
})

const drafted = (maxHp: number | null): SheetDraft => ({
  fields: [],
  derived: { maxHp, sections: [], rules: { stats: { fort: 10 } } },
  problem: null,
})

describe('where the one combatant form takes health from', () => {
  it('asks Max HP only when the sheet does not set it', () => {
    expect(asksMaxHp({ derives: true, withSheet: true })).toBe(false)
    expect(asksMaxHp({ derives: true, withSheet: false })).toBe(true)
    expect(asksMaxHp({ derives: false, withSheet: true })).toBe(true)
  })

  it('takes a deriving ruleset’s health and sheet from the draft, whatever was typed', () => {
    expect(healthOf({ derives: true, withSheet: true, typedMaxHp: 30, draft: drafted(130) })).toEqual({
      ok: true,
      maxHp: 130,
      rules: { stats: { fort: 10 } },
      fromSheet: true,
    })
  })

  it('keeps the GM’s number beside a sheet that sets none, and without a sheet', () => {
    expect(healthOf({ derives: false, withSheet: true, typedMaxHp: 24, draft: drafted(null) })).toMatchObject({
      ok: true,
      maxHp: 24,
      fromSheet: false,
    })
    const plain = healthOf({ derives: true, withSheet: false, typedMaxHp: 40, draft: drafted(130) })
    expect(plain).toEqual({ ok: true, maxHp: 40, fromSheet: false })
  })

  it('refuses a sheet still being worked out or refused, and a health that is not a whole number in range', () => {
    expect(healthOf({ derives: true, withSheet: true, typedMaxHp: 30, draft: null }).ok).toBe(false)
    const refused = healthOf({
      derives: true,
      withSheet: true,
      typedMaxHp: 30,
      draft: { fields: [], derived: null, problem: { message: 'Compound X sheet: stats.str Too big', field: 'str' } },
    })
    expect(refused.ok ? '' : refused.message).toContain('stats.str')
    for (const bad of [null, 0, 1.5, 100_001])
      expect(healthOf({ derives: false, withSheet: false, typedMaxHp: bad, draft: null }).ok).toBe(false)
  })

  it('tells edited sheet values from the ones it started with', () => {
    expect(sameValues({ str: 6, weapon: 'br606' }, { weapon: 'br606', str: 6 })).toBe(true)
    expect(sameValues({ str: 6 }, { str: 7 })).toBe(false)
    expect(sameValues({ str: 6 }, { str: 6, fort: 6 })).toBe(false)
  })
})

describe('a roster entry from the form', () => {
  const base = {
    name: 'Raider',
    side: 'enemy',
    kind: 'npc',
    maxHp: 40,
    initiativeModifier: 2,
    faction: 'Red Hand',
    tags: ['melee'],
  } as const
  it('sends the sheet only when the form changed it: absent keeps the entry’s, null drops it', () => {
    expect(templatePayload(base)).not.toHaveProperty('rules')
    expect(templatePayload({ ...base, rules: null })).toHaveProperty('rules', null)
    expect(templatePayload({ ...base, rules: { a: 1 } }).rules).toEqual({ a: 1 })
    // The add form's hidden flag and a view's extra fields never reach template/save (a strict schema).
    expect(Object.keys(templatePayload({ ...base, hidden: true, typeName: 'template' } as typeof base))).toEqual([
      'name',
      'side',
      'kind',
      'maxHp',
      'initiativeModifier',
      'faction',
      'tags',
    ])
  })
})
