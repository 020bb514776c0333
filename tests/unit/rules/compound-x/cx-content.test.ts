import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { combatant, fight, trooper } from './cx-harness'
import { homebrew } from './fixtures'

describe('the GM’s own content', () => {
  it('imports a file of items that sheets and attacks can use at once', async () => {
    const h = await fight()
    h.must('content/import', { fileName: 'homebrew.json', text: JSON.stringify(homebrew) })
    h.must('combatant/setRules', {
      combatantId: h.combatantId('Vex'),
      rules: trooper({ weapons: [{ kind: 'ranged', itemId: 'kestrel-rail-pistol', attachmentIds: [], ammo: 8, spareMagazines: 1 }] }),
    })
    // APL 4 pierces the Kevlar; 70 damage: 40 to armour points, 30 to health.
    h.must(
      'attack/resolve',
      {
        request: { attackerId: h.combatantId('Vex'), targetId: h.combatantId('Raider'), weapon: 0, mode: 'semi', options: { distance: 5 } },
      },
      [9, 10],
    )
    expect(combatant(h, 'Raider').hp).toBe(100 - 30) // FORT 5: 100 max (CX23)
  })

  it('edits a shipped item by importing one with the same id', async () => {
    const h = await fight()
    const c25 = (
      JSON.parse(readFileSync('resources/content-packs/compound-x/ranged-rifles.json', 'utf8')) as { entries: { id: string }[] }
    ).entries.find((e) => e.id === 'anvil-arms-c25')!
    h.must('content/import', {
      fileName: 'c25-tuned.json',
      text: JSON.stringify({ kind: 'ranged-weapons', entries: [{ ...c25, damage: { base: 100, type: 'ballistic' } }] }),
    })
    expect(h.campaign.store.ofType('log').at(-1)!.text).toBe('Imported 1 item from c25-tuned.json')
    h.must(
      'attack/resolve',
      {
        request: { attackerId: h.combatantId('Vex'), targetId: h.combatantId('Raider'), weapon: 0, mode: 'semi', options: { distance: 5 } },
      },
      [9, 10],
    )
    // 100 damage: 40 to armour points, 60 to health (the shipped C25 deals 80).
    expect(combatant(h, 'Raider').hp).toBe(100 - 60)
  })

  it('refuses a bad file naming the file, the entry and the field, and changes nothing', async () => {
    const h = await fight()
    const seq = h.campaign.seq
    const broken = { ...homebrew, entries: [{ ...homebrew.entries[0], apl: 'very' }] }
    const r = h.run('content/import', { fileName: 'homebrew.json', text: JSON.stringify(broken) })
    expect(!r.ok && r.error.message).toBe(
      'homebrew.json, entry kestrel-rail-pistol, field apl: Invalid input: expected number, received string',
    )
    const notJson = h.run('content/import', { fileName: 'notes.txt', text: 'Rail pistol: 70 dmg' })
    expect(!notJson.ok && notJson.error.message).toMatch(/^notes\.txt: not valid JSON/)
    expect(h.campaign.seq).toBe(seq)
    expect(h.campaign.store.ofType('content')).toHaveLength(0)
  })

  it('removes an item, and undo brings it back', async () => {
    const h = await fight()
    h.must('content/import', { fileName: 'homebrew.json', text: JSON.stringify(homebrew) })
    h.must('content/remove', { id: 'content:ranged-weapons:kestrel-rail-pistol' })
    expect(h.campaign.store.ofType('content')).toHaveLength(0)
    const r = h.run('combatant/setRules', {
      combatantId: h.combatantId('Vex'),
      rules: trooper({ weapons: [{ kind: 'ranged', itemId: 'kestrel-rail-pistol', attachmentIds: [], ammo: 8, spareMagazines: 1 }] }),
    })
    expect(!r.ok && r.error.message).toMatch(/no ranged weapon "kestrel-rail-pistol"/)
    h.must('history/undo', {})
    expect(h.campaign.store.ofType('content').map((c) => c.name)).toEqual(['Kestrel Rail Pistol'])
  })

  it('survives a restart: campaign items are part of the campaign', async () => {
    const h = await fight()
    h.must('content/import', { fileName: 'homebrew.json', text: JSON.stringify(homebrew) })
    expect((await h.reopen()).ok).toBe(true)
    h.must('combatant/setRules', {
      combatantId: h.combatantId('Vex'),
      rules: trooper({ weapons: [{ kind: 'ranged', itemId: 'kestrel-rail-pistol', attachmentIds: [], ammo: 8, spareMagazines: 1 }] }),
    })
  })
})
