import { describe, expect, it } from 'vitest'
import { cx, trooper } from './cx-harness'
import { homebrew } from './fixtures'

describe('the GM’s items layered over the shipped pack', () => {
  it('takes each item as its section’s entry and leaves out what does not read as one', () => {
    const pistol = homebrew.entries[0]!
    const ruleset = cx.content!.withCustom([
      { section: 'ranged-weapons', entry: pistol },
      { section: 'ranged-weapons', entry: { ...pistol, id: 'broken-pistol', apl: 'very' } },
      { section: 'dragons', entry: { id: 'smaug' } },
    ])
    const withPistol = (itemId: string) =>
      ruleset.combatantRules!.parse(trooper({ weapons: [{ kind: 'ranged', itemId, attachmentIds: [], ammo: 8, spareMagazines: 1 }] }))
    expect(withPistol('kestrel-rail-pistol').ok).toBe(true)
    const broken = withPistol('broken-pistol')
    expect(broken.ok ? '' : broken.error.code).toBe('rules/unknownItem')
  })

  it('hands a parsed item back as plain JSON, as the core stores it', () => {
    const r = cx.content!.parseFile('homebrew.json', JSON.stringify(homebrew))
    expect(r.ok && r.value.map((e) => [e.section, e.itemId, e.entry])).toEqual([
      ['ranged-weapons', 'kestrel-rail-pistol', homebrew.entries[0]],
    ])
  })
})
