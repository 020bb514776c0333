import { describe, expect, it } from 'vitest'
import { act, attack, brawl, preview, request, spent } from './cx-brawl'
import { ammo } from './cx-harness'

const hunker = async () => {
  const h = await brawl()
  const r = act(h, 'Vex', 'position', null, { stance: 'hunkering', cover: 'partial' })
  if (!r.ok) throw new Error(r.error.message)
  return h
}

describe('000 Using Cover/Stances and Blind Firing: a hunkered shooter may only blind-fire (CX6, SR-CX-11)', () => {
  it('000 Using Cover/Stances: a hunkered shooter’s aimed or hip shot is refused by name, nothing spent', async () => {
    const h = await hunker()
    const before = spent(h, 'Vex', 'actions')
    for (const aim of ['aimed', 'hip']) {
      const r = attack(h, request(h, 'Vex', 'Raider', 0, 'semi', { distance: 12, aim }), [10, 10])
      expect(r.ok).toBe(false)
      if (!r.ok) {
        expect(r.error.code).toBe('attack/hunkered')
        expect(r.error.message).toMatch(/Vex is hunkered: it may only blind-fire.*\(000 Using Cover\/Stances\)/)
      }
    }
    expect(spent(h, 'Vex', 'actions')).toBe(before)
    expect(ammo(h, 'Vex')).toBe(25)
  })

  it('000 Using Cover/Stances: the preview shows why the shot is blocked', async () => {
    const h = await hunker()
    const p = preview(h, request(h, 'Vex', 'Raider', 0, 'semi', { distance: 12 }))
    expect(p.blocked).toMatch(/Vex is hunkered: it may only blind-fire/)
    expect(p.outcomes).toEqual([])
  })

  it('000 Blind Firing: "You can blind fire while hunkered": a blind shot is previewed and fired', async () => {
    const h = await hunker()
    const blind = request(h, 'Vex', 'Raider', 0, 'semi', { distance: 12, aim: 'blind' })
    expect(preview(h, blind).blocked).toBeNull()
    expect(attack(h, blind, [1, 5]).ok).toBe(true)
    expect(ammo(h, 'Vex')).toBe(24)
  })

  it('000 Using Cover/Stances: after un-hunkering (free) the aimed shot goes again', async () => {
    const h = await hunker()
    expect(act(h, 'Vex', 'position', null, { stance: 'standing', cover: 'partial' }).ok).toBe(true)
    expect(attack(h, request(h, 'Vex', 'Raider', 0, 'semi', { distance: 12, aim: 'aimed' }), [1, 5]).ok).toBe(true)
  })
})
