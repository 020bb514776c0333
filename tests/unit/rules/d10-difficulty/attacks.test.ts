import { describe, expect, it } from 'vitest'
import type { AttackRequest } from '../../../../src-shared/attack'
import { hitDamage, zoneOf } from '../../../../src-main/rules/d10-difficulty/damage/hit-zones'
import { hitCountChances } from '../../../../src-main/rules/d10-difficulty/ranged/ranged-odds'
import type { D10Sheet } from '../../../../src-main/rules/d10-difficulty/sheet/d10-sheet'
import { combatant, condition, d10, sheet, typed, withLive } from './d10-fixtures'

const shot = (over: Partial<AttackRequest> = {}, options: AttackRequest['options'] = {}): AttackRequest => ({
  attackerId: 'combatant:vale',
  targetId: 'combatant:rook',
  weapon: 0,
  mode: 'burst',
  options: { distance: 100, environment: 1, ...options },
  ...over,
})

const vale = combatant('Vale', sheet(), { acting: true })
// Kneeling: a small target (`002` Stance), as in the worked example.
const rook = combatant('Rook', withLive(sheet({ dr: { head: 0, torso: 2, arms: 0, legs: 0 } }), { stance: 'kneeling' }), {
  hp: 14,
  maxHp: 14,
})

const must = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

describe('ranged attacks through the ruleset (D4, D5, D7)', () => {
  it('D4 worked check through the preview: small target at 100 m, E 300, standing, low light +1 → difficulty 13', () => {
    const p = must(d10.attacks!.preview(shot(), vale, rook))
    expect(p.blocked).toBeNull()
    expect(p.headline).toContain('far range')
    expect(p.headline).toContain('difficulty 13')
    expect(p.explanation[0]!.total).toBe('13')
  })

  it('D5: the burst preview gives each hit count exactly, summing to 1', () => {
    const p = must(d10.attacks!.preview(shot(), vale, rook))
    const exact = hitCountChances({ bonus: 5, difficulty: 13, recoil: 2, rounds: 3 })
    expect(p.outcomes.map((o) => o.label)).toEqual(['0 of 3 hit', '1 of 3 hit', '2 of 3 hit', '3 of 3 hit'])
    p.outcomes.forEach((o, k) => expect(o.probability).toBeCloseTo(exact[k]!, 12))
    expect(p.outcomes.reduce((t, o) => t + o.probability, 0)).toBeCloseTo(1, 12)
    expect(p.damage.reduce((t, d) => t + d.probability, 0)).toBeCloseTo(1, 12)
  })

  it('D7: the single-shot damage distribution and down chance match brute force over d10, 2d6 and the damage die', () => {
    const p = must(d10.attacks!.preview(shot({ mode: 'single' }), vale, rook))
    const brute = new Map<number, number>()
    let down = 0
    for (let f = 1; f <= 10; f++)
      for (let a = 1; a <= 6; a++)
        for (let b = 1; b <= 6; b++)
          for (let d = 1; d <= 6; d++) {
            const dmg = f + 5 >= 13 ? hitDamage(d + 2, zoneOf(a + b), 'piercing', { head: 0, torso: 2, arms: 0, legs: 0 }).damage : 0
            brute.set(dmg, (brute.get(dmg) ?? 0) + 1 / 2160)
            if (14 - dmg < 1) down += 1 / 2160
          }
    expect(p.damage.map((d) => d.amount)).toEqual([...brute.keys()].sort((x, y) => x - y))
    for (const d of p.damage) expect(d.probability).toBeCloseTo(brute.get(d.amount)!, 12)
    expect(p.downChance).toBeCloseTo(down, 12)
    expect(p.outcomes).toEqual([
      { label: 'Miss', probability: 0.7 },
      { label: 'Hit', probability: 0.3 },
    ])
  })

  it("D5 and D1: the chapter's worked burst resolves — d10 8 + 5 = 13 against 13, one hit of three, three rounds spent", () => {
    // d10 8; the one hit: 2d6 3 + 4 = 7 (torso), d6 5 + 2 = 7 − DR 2 = 5, ×2 = 10.
    const r = must(d10.attacks!.resolve(shot(), vale, rook, typed(8, 3, 4, 5)))
    expect(r.summary).toContain('13 vs difficulty 13, 1 of 3 hit, 10 damage (torso)')
    expect(r.targetHp).toBe(4)
    expect((r.attackerRules as unknown as D10Sheet).weapons[0]!.ammo).toBe(27)
    expect(r.cost).toEqual([{ pool: 'action', amount: 1 }])
    expect(r.rolls.map((x) => x.expression)).toEqual(['d10+5', '2d6', 'd6+2'])
  })

  it('D7: a shot aimed at the head is priced a size smaller and lands there with no zone roll', () => {
    const standing = combatant('Rook', sheet(), { hp: 30, maxHp: 30 })
    const p = must(d10.attacks!.preview(shot({ mode: 'single' }, { distance: 20, environment: 0, zone: 'head' }), vale, standing))
    // 20 m of E 300 is close: a medium target aimed at the head is small (+2); 5 + 2 − 1 = 6.
    expect(p.headline).toContain('difficulty 6')
    expect(p.diceHint).not.toContain('2d6')
    const r = must(
      d10.attacks!.resolve(shot({ mode: 'single' }, { distance: 20, environment: 0, zone: 'head' }), vale, standing, typed(2, 4)),
    )
    expect(r.summary).toContain('18 damage (head)')
  })

  it('002 Taking Aim: an aim action this round takes 2 off the shot at that target, and firing uses it up', () => {
    const aimed = must(d10.actions!.perform({ actorId: vale.id, action: 'aim', targetId: rook.id, options: {} }, vale, rook, typed()))
    expect(aimed.cost).toEqual([{ pool: 'action', amount: 1 }])
    const after = combatant('Vale', aimed.actorRules as unknown as D10Sheet)
    const p = must(d10.attacks!.preview(shot(), after, rook))
    expect(p.headline).toContain('difficulty 11')
    const r = must(d10.attacks!.resolve(shot(), after, rook, typed(2)))
    expect((r.attackerRules as unknown as D10Sheet).live.aim).toBeNull()
  })

  it.each<{ name: string; options: Record<string, number>; attacker: ReturnType<typeof combatant>; reason: string }>([
    { name: 'D4: beyond the effective range', options: { distance: 400 }, attacker: vale, reason: 'beyond the weapon' },
    {
      name: 'an empty magazine',
      options: {},
      attacker: combatant('Vale', sheet({ weapons: [{ ...sheet().weapons[0]!, ammo: 0 }] })),
      reason: 'empty',
    },
    {
      name: '002 Surprise Round: a surprised shooter',
      options: {},
      attacker: combatant('Vale', sheet(), { conditions: [condition('surprised')] }),
      reason: 'surprised',
    },
  ])('refuses $name, saying why, in the preview and the resolution', ({ options, attacker, reason }) => {
    const p = must(d10.attacks!.preview(shot({}, options), attacker, rook))
    expect(p.blocked).toContain(reason)
    expect(p.outcomes).toEqual([])
    const r = d10.attacks!.resolve(shot({}, options), attacker, rook, typed(5))
    expect(!r.ok && r.error.message).toContain(reason)
  })

  it('002 Thrown Weapons: a throw uses the Throwing skill and one of the weapons carried', () => {
    const thrower = combatant(
      'Vale',
      sheet({
        skills: { throwing: 4 },
        weapons: [
          {
            name: 'Hatchet',
            kind: 'thrown',
            effectiveRange: 20,
            damage: { count: 1, sides: 6, bonus: 0 },
            damageType: 'slashing',
            magazine: 2,
            ammo: 2,
          },
        ],
      }),
    )
    const p = must(d10.attacks!.preview(shot({ mode: 'throw' }, { distance: 5, environment: 0 }), thrower, rook))
    expect(p.explanation[1]!.title).toContain('Throwing')
    expect(p.explanation[1]!.total).toBe('6')
    const r = must(d10.attacks!.resolve(shot({ mode: 'throw' }, { distance: 5, environment: 0 }), thrower, rook, typed(1)))
    expect((r.attackerRules as unknown as D10Sheet).weapons[0]!.ammo).toBe(1)
  })
})
