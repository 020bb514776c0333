import { describe, expect, it } from 'vitest'
import { asRulesCombatant } from '../../../../src-main/core/state/rules-combatants'
import { combatant, cx } from './cx-harness'
import { act, attack, brawl, knife, logOf, preview, request, sheetOf, spent, type H } from './cx-brawl'

const aimOf = (h: H, name: string) => sheetOf(h, name).live.aim
const aimOption = (h: H, shooter: string, target: string) =>
  preview(h, request(h, shooter, target, 0, 'semi', { distance: 12 })).options.find((o) => o.key === 'aim')?.value
const must = (r: ReturnType<typeof act>) => {
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

describe('aiming (000 Aiming, 000 Hip Firing)', () => {
  it('000 Aiming: one action marks the target; the next shot at it defaults to aimed, at anyone else to hip fire', async () => {
    const h = await brawl()
    // Not aimed at anyone: a shot is hip fire (000 Ranged Combat).
    expect(aimOption(h, 'Vex', 'Raider')).toBe('hip')
    must(act(h, 'Vex', 'aim', 'Raider'))
    expect(aimOf(h, 'Vex')).toEqual({ targetId: h.combatantId('Raider'), name: 'Raider' })
    expect(spent(h, 'Vex', 'actions')).toBe(1)
    expect(logOf(h, 'Vex aims')).toBe('Vex aims at Raider: its shots at Raider are aimed, at anyone else hip fire (000 Aiming)')
    expect(aimOption(h, 'Vex', 'Raider')).toBe('aimed')
    expect(aimOption(h, 'Vex', 'Brute')).toBe('hip')
  })

  it('000 Hip Firing: the default decides the roll — d10 4 misses from the hip (miss chance 2 + 3) and hits aimed (2)', async () => {
    const h = await brawl()
    const shot = request(h, 'Vex', 'Raider', 0, 'semi', { distance: 12, cover: 'none', stance: 'standing' })
    expect(attack(h, shot, [4]).ok).toBe(true)
    expect(logOf(h, 'Vex fires')).toMatch(/: miss/)
    must(act(h, 'Vex', 'aim', 'Raider'))
    // Raider hit the dirt after the first shot; the request pins its stance so only the aim differs.
    expect(attack(h, shot, [4, 10]).ok).toBe(true)
    expect(logOf(h, 'Vex fires')).toMatch(/: hit, 40 damage to health/)
  })

  it('000 Aiming: aim holds across shots ("take one action to Aim, and spend the rest of your shots firing")', async () => {
    const h = await brawl()
    must(act(h, 'Vex', 'aim', 'Raider'))
    expect(attack(h, request(h, 'Vex', 'Raider', 0, 'semi', { distance: 12 }), [2]).ok).toBe(true)
    expect(aimOf(h, 'Vex')?.name).toBe('Raider')
    expect(aimOption(h, 'Vex', 'Raider')).toBe('aimed')
  })

  it('000 Aiming: aiming elsewhere moves the aim; ceasing is free; hunkering ends it', async () => {
    const h = await brawl()
    must(act(h, 'Vex', 'aim', 'Raider'))
    must(act(h, 'Vex', 'aim', 'Brute'))
    expect(aimOf(h, 'Vex')?.name).toBe('Brute')
    expect(logOf(h, 'Vex aims')).toMatch(/^Vex aims at Brute \(no longer at Raider\)/)
    must(act(h, 'Vex', 'stop-aiming'))
    expect(aimOf(h, 'Vex')).toBeNull()
    expect(spent(h, 'Vex', 'actions')).toBe(2)
    must(act(h, 'Vex', 'aim', 'Raider'))
    must(act(h, 'Vex', 'position', null, { stance: 'hunkering', cover: 'partial' }))
    expect(aimOf(h, 'Vex')).toBeNull()
    expect(logOf(h, 'Vex: hunkering')).toMatch(/stops aiming at Raider \(hunkering ends aim, 000 Aiming\)/)
  })

  it('000 Suppression: suppressing aims at the target as part of the action', async () => {
    const h = await brawl()
    must(act(h, 'Vex', 'suppress', 'Raider', { weapon: '0', level: 'light', distance: 20 }))
    expect(aimOf(h, 'Vex')?.name).toBe('Raider')
  })

  const refusals = [
    { what: 'without a target', target: null, code: 'action/noTarget', message: /Pick the combatant to aim at/ },
    { what: 'at itself', target: 'Vex', code: 'aim/self', message: /Vex cannot aim at itself/ },
  ]
  for (const c of refusals) {
    it(`000 Aiming: refuses to aim ${c.what}`, async () => {
      const h = await brawl()
      const r = act(h, 'Vex', 'aim', c.target)
      expect(!r.ok && r.error.code).toBe(c.code)
      expect(!r.ok && r.error.message).toMatch(c.message)
    })
  }

  it('000 Aiming: refuses a second aim at the same target, aiming while hunkered, and aiming with no gun', async () => {
    const h = await brawl()
    must(act(h, 'Vex', 'aim', 'Raider'))
    const again = act(h, 'Vex', 'aim', 'Raider')
    expect(!again.ok && again.error.code).toBe('aim/already')
    must(act(h, 'Vex', 'position', null, { stance: 'hunkering' }))
    const hunkered = act(h, 'Vex', 'aim', 'Brute')
    expect(!hunkered.ok && hunkered.error.message).toMatch(/Hunkered: un-hunker first \(free\); hunkering ends aim \(000 Aiming\)/)
    const bare = cx.actions!.list(asRulesCombatant(combatant(h, 'Brute'))).find((a) => a.key === 'aim')!
    expect(sheetOf(h, 'Brute').weapons).toEqual([expect.objectContaining({ itemId: knife.itemId })])
    expect(bare.unavailable).toBe('No ranged weapon to aim.')
  })

  it('000 Aiming: the card says whom it aims at; the end of the fight ends the aim', async () => {
    const h = await brawl()
    must(act(h, 'Vex', 'aim', 'Raider'))
    const lines = cx.combatantRules!.card(combatant(h, 'Vex').rules!).flatMap((s) => s.lines)
    expect(lines.find((l) => l.label === 'Aiming at')).toMatchObject({ value: 'Raider', source: '000 Aiming' })
    h.must('encounter/end', {})
    expect(aimOf(h, 'Vex')).toBeNull()
  })
})
