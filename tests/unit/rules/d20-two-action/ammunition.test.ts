import { describe, expect, it } from 'vitest'
import type { JsonValue } from '../../../../src-shared/json'
import type { D20Sheet, WeaponInput } from '../../../../src-main/rules/d20-two-action/sheet/d20-sheet'
import { d20SheetSchema } from '../../../../src-main/rules/d20-two-action/sheet/d20-sheet'
import { starterWeapon } from '../../../../src-main/rules/d20-two-action/sheet/starter-items'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { attack, d20, faces, fighter, must, sheet } from './d20-fixtures'

const carbine = starterWeapon('auto-carbine')!
const pistol = starterWeapon('pocket-pistol')!
const withMagazine = (w: WeaponInput, magazine: object): WeaponInput => ({ ...w, ...magazine }) as WeaponInput
const loadedWith = (loaded: number, spares = 2) => {
  if (carbine.attack !== 'ranged' || !carbine.magazine) throw new Error('the carbine keeps a magazine')
  return withMagazine(carbine, { magazine: { ...carbine.magazine, loaded, spares } })
}

/** Ana (Dex 2) with the gun, Bo (AR 12, 30 hp) to shoot at; Ana acts first. */
async function range(gun: WeaponInput) {
  const h = await CampaignHarness.create('d20-ammo', tempDir(), undefined, d20)
  h.must('combatant/add', { name: 'Ana', side: 'party', kind: 'pc', maxHp: 30, rules: sheet({ weapons: [gun] }) })
  h.must('combatant/add', { name: 'Bo', side: 'enemy', kind: 'npc', maxHp: 30, rules: sheet({}, { dex: 0 }) })
  h.must('encounter/start', {})
  h.must('encounter/rollInitiative', {}, [10, 10])
  return h
}

const cardLine = (rules: unknown, label: string) =>
  d20
    .combatantRules!.card(rules as JsonValue)
    .flatMap((x) => x.lines)
    .find((l) => l.label === label)?.value
const combatant = (h: CampaignHarness, name: string) => h.campaign.store.ofType('combatant').find((c) => c.name === name)!
const gunOf = (h: CampaignHarness, name: string) => {
  const w = (combatant(h, name).rules as unknown as D20Sheet).weapons[0]!
  if (w.attack !== 'ranged') throw new Error('not a gun')
  return w.magazine!
}
const shoot = (h: CampaignHarness, mode: string) => ({
  request: { attackerId: h.combatantId('Ana'), targetId: h.combatantId('Bo'), weapon: 0, mode, options: {} },
})
const reload = (h: CampaignHarness, weapon = '0') => ({
  request: { actorId: h.combatantId('Ana'), action: 'reload', targetId: null, options: { weapon } },
})

describe('003 Combat Actions: Burst, Full Auto and Reload with magazines (SR-D20-30, SR-D20-31)', () => {
  it('003 Full Auto / SR-D20-30: the whole clip at +4, one round plus one per 2 points over the armour, each with its own typed damage die', async () => {
    const h = await range(carbine)
    // Hit test 16 + Dex 2 + 4 = 22 vs AR 12: 10 over, so 1 + 5 = 6 of the 20 rounds hit.
    h.must('attack/resolve', shoot(h, 'full auto'), [16, 1, 2, 3, 4, 5, 6])
    expect(combatant(h, 'Bo').hp).toBe(30 - 21)
    expect(gunOf(h, 'Ana')).toMatchObject({ loaded: 0, spares: 2 })
    expect(combatant(h, 'Ana').spent['actions']).toBe(2)
    expect(h.logText()).toMatch(/6 of 20 rounds hit, 21 damage/)
    // The card shows what is left for the GM.
    expect(cardLine(combatant(h, 'Ana').rules, 'Auto carbine')).toContain('0/20 rds, 2 spare, burst 3, auto')
  })

  it('003 Burst / SR-D20-30: the gun’s burst of 3 at +2; the hits are capped by the rounds fired', async () => {
    const h = await range(carbine)
    // 11 + 2 + 2 = 15 vs 12: 3 over, 2 rounds hit.
    h.must('attack/resolve', shoot(h, 'burst'), [11, 8, 7])
    expect(combatant(h, 'Bo').hp).toBe(15)
    expect(gunOf(h, 'Ana').loaded).toBe(17)
    h.must('encounter/nextTurn', {})
    h.must('encounter/nextTurn', {})
    // 20 + 4 = 24, a critical 12 over: 7 would hit but only 3 were fired; the first round's dice double (W3).
    h.must('attack/resolve', shoot(h, 'burst'), [20, 2, 1, 1, 10]) // then the d20 for a piercing critical's bleed: 10, none
    expect(combatant(h, 'Bo').hp).toBe(15 - 4 - 1 - 1)
    expect(gunOf(h, 'Ana').loaded).toBe(14)
  })

  it('SR-D20-30 a miss spends its rounds too; a basic shot spends one', async () => {
    const h = await range(carbine)
    h.must('attack/resolve', shoot(h, 'burst'), [2])
    expect(gunOf(h, 'Ana').loaded).toBe(17)
    expect(combatant(h, 'Bo').hp).toBe(30)
    const p = await range(pistol)
    p.must('attack/resolve', shoot(p, ''), [15, 3])
    expect(gunOf(p, 'Ana')).toMatchObject({ loaded: 7, capacity: 8 })
  })

  it('003 Combat Actions: an empty magazine refuses the attack, typed, naming the gun and the reload; nothing changes', async () => {
    const h = await range(loadedWith(0))
    const before = JSON.stringify(h.campaign.store.ofType('combatant'))
    const r = h.run('attack/resolve', shoot(h, 'basic'), [15, 3])
    expect(!r.ok && r.error.code).toBe('attack/empty')
    expect(!r.ok && r.error.message).toMatch(/Auto carbine's magazine is empty: reload it \(1 action/)
    expect(JSON.stringify(h.campaign.store.ofType('combatant'))).toBe(before)
  })

  it('SR-D20-30 a burst is not fired short: 2 rounds left refuse a burst of 3, and Full Auto fires the 2', async () => {
    const h = await range(loadedWith(2))
    const r = h.run('attack/resolve', shoot(h, 'burst'), [15])
    expect(!r.ok && r.error.code).toBe('attack/empty')
    expect(gunOf(h, 'Ana').loaded).toBe(2)
    // 19 + 6 = 25: 13 over, but only 2 rounds.
    h.must('attack/resolve', shoot(h, 'full auto'), [19, 4, 4])
    expect(combatant(h, 'Bo').hp).toBe(22)
    expect(gunOf(h, 'Ana').loaded).toBe(0)
  })

  it('003 Reload / SR-D20-31: One Action puts a full spare in; the gun fires again', async () => {
    const h = await range(loadedWith(0))
    h.must('action/perform', reload(h))
    expect(gunOf(h, 'Ana')).toMatchObject({ loaded: 20, spares: 1 })
    expect(combatant(h, 'Ana').spent['actions']).toBe(1)
    h.must('attack/resolve', shoot(h, 'basic'), [15, 3])
    expect(gunOf(h, 'Ana').loaded).toBe(19)
  })

  it('SR-D20-31 a reload with no spare magazine is refused and changes nothing', async () => {
    const h = await range(loadedWith(0, 0))
    const before = JSON.stringify(h.campaign.store.ofType('combatant'))
    const r = h.run('action/perform', reload(h))
    expect(!r.ok && r.error.code).toBe('action/cannotReload')
    expect(JSON.stringify(h.campaign.store.ofType('combatant'))).toBe(before)
  })

  it('003 Burst/Full Auto "weapon must have burst/auto capabilities": a pistol offers neither and refuses them', () => {
    const a = fighter('A', sheet({ weapons: [pistol] }), { acting: true })
    const t = fighter('T', sheet())
    const p = must(d20.attacks!.preview(attack(a, t), a, t))
    expect(p.weapons[0]!.modes).toEqual(['basic', 'all-out', 'berserk'])
    const c = fighter('C', sheet({ weapons: [carbine] }), { acting: true })
    expect(must(d20.attacks!.preview(attack(c, t), c, t)).weapons[0]!.modes).toEqual(['basic', 'all-out', 'berserk', 'burst', 'full auto'])
    const r = d20.attacks!.preview(attack(a, t, { mode: 'burst' }), a, t)
    expect(!r.ok && r.error.code).toBe('attack/mode')
  })

  it('SR-D20-30 a gun stored before magazines still parses, keeps no count and is never empty', () => {
    const old = {
      name: 'Old pistol',
      attack: 'ranged',
      dice: { count: 1, sides: 8 },
      damageType: 'piercing',
      handling: 'handgun',
      range: 15,
    }
    const s = d20SheetSchema.parse({ attributes: { str: 0, dex: 2, mag: 0, per: 0, vit: 0, wil: 0 }, armourRating: 12, weapons: [old] })
    const w = s.weapons[0]!
    expect(w.attack === 'ranged' && w.magazine).toBeNull()
    const a = fighter('A', s, { acting: true })
    const t = fighter('T', sheet())
    const r = must(d20.attacks!.resolve(attack(a, t), a, t, faces(15, 3)))
    expect(r.attackerRules).toMatchObject({ weapons: [{ magazine: null }] })
  })

  it('W3/SR-D20-30 the Full Auto preview is a distribution summing to 1, and its mean is the enumeration of every face', () => {
    const a = fighter('A', sheet({ weapons: [carbine] }), { acting: true })
    const t = fighter('T', sheet())
    const p = must(d20.attacks!.preview(attack(a, t, { mode: 'full auto' }), a, t))
    expect(p.blocked).toBeNull()
    expect(p.cost).toBe('2 actions, 20 rounds')
    expect(p.outcomes.reduce((x, o) => x + o.probability, 0)).toBeCloseTo(1, 12)
    expect(p.damage.reduce((x, d) => x + d.probability, 0)).toBeCloseTo(1, 12)
    // Bonus 6 vs AR 12: naturals 6–19 hit with 1 + floor((n − 6) / 2) rounds of 1d8 (mean 4.5); a 20 is critical (first round 9).
    let mean = 0
    for (let n = 6; n <= 20; n++) {
      const rounds = Math.min(20, 1 + Math.floor((n - 6) / 2))
      mean += ((n === 20 ? 9 : 4.5) + 4.5 * (rounds - 1)) / 20
    }
    expect(p.expectedDamage).toBeCloseTo(mean, 10)
    expect(p.risks.find((r) => /More than one/.test(r.label))!.probability).toBeCloseTo(13 / 20, 12)
  })
})
