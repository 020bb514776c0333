import { describe, expect, it } from 'vitest'
import type { AttackRequest } from '../../../../src-shared/attack'
import type { RulesCombatant } from '../../../../src-main/rules/ruleset'
import { combatant, gear, idOf, must, reacted, seeded, sheet, THROWS, twod6 } from './harness'

const request = (weapon: number, options: AttackRequest['options'] = {}, mode = 'single'): AttackRequest => ({
  attackerId: idOf('Ana'),
  targetId: idOf('Bo'),
  weapon,
  mode,
  options,
})

/** Every way n d6 fall, as face lists (written apart from the ruleset's distributions). */
function throwsOf(n: number): number[][] {
  let all: number[][] = [[]]
  for (let i = 0; i < n; i++) all = all.flatMap((f) => [1, 2, 3, 4, 5, 6].map((x) => [...f, x]))
  return all
}

interface Brute {
  readonly miss: number
  readonly dodged: number
  readonly parried: number
  readonly hit: number
  readonly damage: Map<number, number>
}

/**
 * One attack roll by brute force: T1 (2d6 + DM ≥ 8), T4 (a dodge's DM only once the attack
 * passes; a parry must beat the attack total), damage = d6s + bonus + effect − armour, ≥ 0.
 */
function brute(o: { dm: number; dodge?: number; parryDm?: number; dice: number; bonus: number; armour: number }): Brute {
  const out = { miss: 0, dodged: 0, parried: 0, hit: 0, damage: new Map<number, number>() }
  const add = (d: number, p: number) => out.damage.set(d, (out.damage.get(d) ?? 0) + p)
  const damageThrows = throwsOf(o.dice)
  for (const [a, b] of THROWS) {
    const raw = a + b + o.dm
    if (raw < 8) {
      out.miss += 1 / 36
      add(0, 1 / 36)
      continue
    }
    const final = o.dodge !== undefined ? raw + o.dodge : raw
    if (final < 8) {
      out.dodged += 1 / 36
      add(0, 1 / 36)
      continue
    }
    let pHit = 1 / 36
    if (o.parryDm !== undefined) {
      const beaten = THROWS.filter(([c, d]) => c + d + o.parryDm! > raw).length / 36
      out.parried += beaten / 36
      add(0, beaten / 36)
      pHit = (1 - beaten) / 36
    }
    out.hit += pHit
    for (const f of damageThrows)
      add(Math.max(0, f.reduce((s, x) => s + x, 0) + o.bonus + (final - 8) - o.armour), pHit / damageThrows.length)
  }
  return out
}

const outcome = (p: { outcomes: readonly { label: string; probability: number }[] }, label: string) =>
  p.outcomes.find((o) => o.label === label)?.probability ?? 0

function expectMatches(preview: Awaited<ReturnType<NonNullable<typeof twod6.attacks>['preview']>>, b: Brute) {
  const p = must(preview)
  expect(p.blocked).toBeNull()
  expect(outcome(p, 'Miss')).toBeCloseTo(b.miss, 12)
  expect(outcome(p, 'Dodged')).toBeCloseTo(b.dodged, 12)
  expect(outcome(p, 'Parried')).toBeCloseTo(b.parried, 12)
  expect(outcome(p, 'Hit')).toBeCloseTo(b.hit, 12)
  expect(p.outcomes.reduce((t, x) => t + x.probability, 0)).toBeCloseTo(1, 12)
  expect(p.damage.reduce((t, x) => t + x.probability, 0)).toBeCloseTo(1, 12)
  for (const [d, q] of b.damage) expect(p.damage.find((x) => x.amount === d)?.probability ?? 0, `P(${d} damage)`).toBeCloseTo(q, 12)
  return p
}

// Ana: DEX 7, STR 10 (+1), Gun Combat 1, Melee 1; service pistol 3d6−2, shock baton 2d6.
const ana = (over: Partial<RulesCombatant> = {}) =>
  combatant(
    'Ana',
    sheet({ characteristics: { str: 10, dex: 7, end: 7, int: 7, edu: 7, soc: 7 }, skills: { 'Gun Combat': 1, Melee: 1 } }),
    over,
  )
// Bo: a mesh vest (4), Melee 2, DEX 9 (+1), in the open.
const bo = (over: Partial<RulesCombatant> = {}) =>
  combatant(
    'Bo',
    sheet({
      characteristics: { str: 7, dex: 9, end: 7, int: 7, edu: 7, soc: 7 },
      skills: { Melee: 2 },
      armour: { name: 'Mesh vest', itemId: 'mesh-vest', rating: 4 },
    }),
    over,
  )

describe('attack odds are exact (T1, T4): preview vs brute force over every throw', () => {
  it('T1: a pistol shot, Gun Combat 1 + DEX DM 0, 3d6 − 2 + effect − armour 4', () => {
    expectMatches(twod6.attacks!.preview(request(0), ana(), bo()), brute({ dm: 1, dice: 3, bonus: -2, armour: 4 }))
  })

  it.each([
    [false, -1],
    [true, -2],
  ])('T4: dodge (in cover: %s) puts %i DM on the attack, only once it passes', (cover, dodge) => {
    const p = expectMatches(
      twod6.attacks!.preview(request(0, { defence: 'dodge', cover }), ana(), bo()),
      brute({ dm: 1, dodge, dice: 3, bonus: -2, armour: 4 }),
    )
    // The defender reacts (and pays T3's price) exactly when the attack passed before the dodge.
    expect(p.risks.find((r) => r.label.includes('reacts'))!.probability).toBeCloseTo(21 / 36, 12)
  })

  it('T4: parry — the defender’s Melee 2 + better DM +1 must beat the melee attack total (Melee 1 + STR DM +1)', () => {
    expectMatches(
      twod6.attacks!.preview(request(1, { defence: 'parry' }), ana(), bo()),
      brute({ dm: 2, parryDm: 3, dice: 2, bonus: 0, armour: 4 }),
    )
  })

  it('T4 with T3: a defender already reacted twice parries at −2', () => {
    const shaken = bo({ conditions: [reacted(idOf('Bo'), 2)] })
    expectMatches(
      twod6.attacks!.preview(request(1, { defence: 'parry' }), ana(), shaken),
      brute({ dm: 2, parryDm: 1, dice: 2, bonus: 0, armour: 4 }),
    )
  })

  it('T4: a ranged attack cannot be parried: the choice is not offered, and a stale parry reads as no reaction', () => {
    const p = must(twod6.attacks!.preview(request(0, { defence: 'parry' }), ana(), bo()))
    const defence = p.options.find((o) => o.key === 'defence')!
    expect(defence.kind === 'choice' && defence.choices.map((c) => c.value)).toEqual(['none', 'dodge'])
    expect(p.outcomes.map((o) => o.label)).toEqual(['Miss', 'Hit'])
    expect(p.risks).toEqual([])
  })

  it('T1: full auto rolls once per point of the auto score; P(k hits) matches brute force over 36³ throws', () => {
    const gunner = combatant('Ana', sheet({ skills: { 'Gun Combat': 2 }, weapons: gear('assault-rifle') }))
    const p = must(twod6.attacks!.preview(request(0, { defence: 'dodge' }, 'auto'), gunner, bo()))
    const counts = [0, 0, 0, 0]
    for (const x of THROWS)
      for (const y of THROWS) for (const z of THROWS) counts[[x, y, z].filter(([a, b]) => a + b + 2 - 1 >= 8).length]! += 1
    counts.forEach((n, k) => expect(p.outcomes[k]!.probability).toBeCloseTo(n / 36 ** 3, 12))
  })
})

describe('R0.2: the same seed gives the same attack, die for die', () => {
  it('R0.2: two resolutions from one seed agree on every face and on the outcome', () => {
    const run = () => must(twod6.attacks!.resolve(request(1, { defence: 'parry' }), ana(), bo(), seeded('replay')))
    const [a, b] = [run(), run()]
    expect(a.rolls).toEqual(b.rolls)
    expect(a.targetHp).toBe(b.targetHp)
    expect(a.rolls.every((r) => r.source === 'seeded')).toBe(true)
  })
})

describe('exact odds agree with seeded simulated resolutions through the real Dice (±0.5 percentage points)', () => {
  const SAMPLES = 60_000
  it.each([
    ['pistol, dodge in cover', 0, 'single', { defence: 'dodge', cover: true }],
    ['baton, parry', 1, 'single', { defence: 'parry' }],
    ['assault rifle, full auto, dodge', 0, 'auto', { defence: 'dodge' }],
  ] as const)(
    'T1/T4: %s',
    (_name, weapon, mode, options) => {
      const attacker =
        weapon === 0 && mode === 'auto' ? combatant('Ana', sheet({ skills: { 'Gun Combat': 2 }, weapons: gear('assault-rifle') })) : ana()
      const target = bo({ hp: 12 })
      const p = must(twod6.attacks!.preview(request(weapon, options, mode), attacker, target))
      const dice = seeded(`sim-${_name}`)
      let down = 0
      let total = 0
      const damage = new Map<number, number>()
      for (let i = 0; i < SAMPLES; i++) {
        const r = must(twod6.attacks!.resolve(request(weapon, options, mode), attacker, target, dice))
        const dealt = target.hp - r.targetHp
        total += dealt
        damage.set(dealt, (damage.get(dealt) ?? 0) + 1)
        if (r.targetHp < 1) down++
      }
      expect(Math.abs(down / SAMPLES - p.downChance)).toBeLessThan(0.005)
      expect(Math.abs(total / SAMPLES - p.expectedDamage)).toBeLessThan(0.1)
      for (const { amount, probability } of p.damage)
        expect(Math.abs((damage.get(amount) ?? 0) / SAMPLES - probability), `P(${amount})`).toBeLessThan(0.005)
    },
    60_000,
  )
})
