import { describe, expect, it } from 'vitest'
import { DiceRoller } from '../../../../src-main/core/dice/dice-roller'
import { seededSource } from '../../../../src-main/core/dice/random-source'
import { naturalDistribution, rollD100 } from '../../../../src-main/rules/compound-x/checks/d100-check'
import type { MeleeWeapon } from '../../../../src-main/rules/compound-x/content/pack-schema'
import type { DefenderState } from '../../../../src-main/rules/compound-x/protection/defender'
import { modifier as mod } from '../../../../src-main/rules/kit/modifier'
import type { CombatantId } from '../../../../src-shared/records'
import {
  actionsPerRoundLimit,
  grappleStateOf,
  startGrapple,
  withStates,
  type GrappleStates,
} from '../../../../src-main/rules/compound-x/melee/grapple-state'
import { guardWeaponModifier, guardWeaponOfGun, type GuardWeapon } from '../../../../src-main/rules/compound-x/melee/guard-weapon'
import { meleeAccuracy, meleeGuard, meleeHitQuality } from '../../../../src-main/rules/compound-x/melee/melee-accuracy'
import { bluntForcePart } from '../../../../src-main/rules/compound-x/melee/melee-damage'
import { meleeOdds } from '../../../../src-main/rules/compound-x/melee/melee-odds'
import type { MeleeAttacker, MeleeSetup, MeleeStrikeWith, MeleeTarget } from '../../../../src-main/rules/compound-x/melee/melee-setup'
import { resolveMelee, type MeleeResolution } from '../../../../src-main/rules/compound-x/melee/resolve-melee'
import { bestManeuverSkill, opposedWinChance, type ManeuverParticipant } from '../../../../src-main/rules/compound-x/melee/maneuver-checks'
import { allowedActions, canAttempt, type Maneuver } from '../../../../src-main/rules/compound-x/melee/maneuvers'
import { maneuverOdds, resolveManeuver, type ManeuverAttempt } from '../../../../src-main/rules/compound-x/melee/resolve-maneuver'
import { armour, defender, faces, shield, smg, stats } from './fixtures'

// ---------- fixtures ----------

/** The `000` Blunt Force example's sword: 20 + STR mod + DEX mod. */
const sword = (over: Partial<MeleeWeapon> = {}): MeleeWeapon => ({
  id: 'test-sword',
  name: 'Combat sword',
  level: 1,
  cost: 1,
  size: 'one-handed',
  hybrid: false,
  damage: { base: 20, type: 'ballistic', perStatBonus: { str: 1, dex: 1 } },
  accuracyModifier: 1,
  reach: 1,
  ...over,
})

const unarmedStrike: MeleeWeapon = sword({
  id: 'unarmed-strike',
  name: 'Unarmed Strike',
  size: 'light',
  accuracyModifier: 0,
  damage: { base: 20, type: 'ballistic', perStatBonus: { str: 1, dex: 1 }, minimum: 10 },
})

const wielding = (weapon: MeleeWeapon, over: Partial<Extract<MeleeStrikeWith, { kind: 'weapon' }>> = {}): MeleeStrikeWith => ({
  kind: 'weapon',
  weapon,
  proficient: true,
  twoHandedGrip: false,
  ...over,
})

function meleeSetup(attacker: Partial<MeleeAttacker> = {}, target: Partial<MeleeTarget> = {}): MeleeSetup {
  return {
    attacker: {
      stats: stats(),
      strikeWith: wielding(sword()),
      flanking: false,
      stealth: false,
      nonlethal: false,
      otherModifiers: [],
      ...attacker,
    },
    target: { stats: stats(), guardWeapon: { kind: 'unarmed' }, prone: false, ...target },
  }
}

/** Resolves with exactly these faces, failing if any is left over. */
function strike(s: MeleeSetup, d: DefenderState, dice: number[]): MeleeResolution {
  const roller = faces(...dice)
  const r = resolveMelee(s, d, roller)
  if (r.kind !== 'resolved') throw new Error(r.reason)
  roller.assertTypedConsumed()
  return r
}

/** STR 8 (bonus +12, combat +1), the sword (+1): accuracy bonus +2 against Guard bonus 0. */
const strong = meleeSetup({ stats: stats({ str: 8 }) })

// ---------- CX16 accuracy and Guard ----------

describe('CX16 accuracy = d10 + trunc(STR + DEX combat modifiers + weapon accuracy + other modifiers)', () => {
  it.each([
    ['STR 8, DEX 10, weapon +2: 1 + 1.5 + 2 = 4.5', { str: 8, dex: 10 }, 2, {}, 4],
    ['flanking +2 (000 Flanking): 6.5', { str: 8, dex: 10 }, 2, { flanking: true }, 6],
    ['nonlethal −2 (000 Nonlethal Damage): 2.5', { str: 8, dex: 10 }, 2, { nonlethal: true }, 2],
    ['STR 1, DEX 4: −1.5 − 0.5 = −2', { str: 1, dex: 4 }, 0, {}, -2],
    ['other modifiers go inside the truncation: −2 + 1.5 = −0.5', { str: 1, dex: 4 }, 0, { otherModifiers: [mod('Feat', 1.5, 'test')] }, 0],
    ['STR 6, DEX 5: 0.5 drops to 0', { str: 6, dex: 5 }, 0, {}, 0],
  ] as const)('%s → %i', (_, s, weaponAccuracy, over, total) => {
    const setup = meleeSetup({ stats: stats(s), strikeWith: wielding(sword({ accuracyModifier: weaponAccuracy })), ...over })
    expect(meleeAccuracy(setup).total).toBe(total)
  })
})

describe('CX16 the 000 Guard table (weapon-type guard modifier)', () => {
  const g = (w: GuardWeapon) => guardWeaponModifier(w).value
  it.each([
    ['unarmed', { kind: 'unarmed' }, 0],
    ['a melee weapon: its accuracy modifier', { kind: 'melee', weapon: sword({ accuracyModifier: 2 }), proficient: true }, 2],
    [
      'a melee weapon whose item entry overrides it',
      { kind: 'melee', weapon: sword({ accuracyModifier: 1, guardModifier: 0 }), proficient: true },
      0,
    ],
    [
      'a weapon without proficiency: improvised of its size (one-handed)',
      { kind: 'melee', weapon: sword({ accuracyModifier: 2 }), proficient: false },
      -1,
    ],
    [
      'a two-handed weapon without proficiency',
      { kind: 'melee', weapon: sword({ size: 'two-handed', accuracyModifier: 2 }), proficient: false },
      -2,
    ],
    ['thrown: as improvised (light)', { kind: 'thrown', name: 'Throwing knife', size: 'light' }, -1],
    ['improvised two-handed', { kind: 'improvised', name: 'Chair', size: 'two-handed' }, -2],
    ['CQB gun', { kind: 'cqb-gun', name: 'SMG' }, 1],
    ['non-CQB gun', { kind: 'non-cqb-gun', name: 'Rifle' }, -1],
    ['delicate tool', { kind: 'delicate-tool', name: 'Hacker terminal' }, -2],
  ] as [string, GuardWeapon, number][])('%s → %i', (_, w, value) => expect(g(w)).toBe(value))

  it('guns from the item list guard by their CQB flag', () => {
    expect(g(guardWeaponOfGun(smg()))).toBe(1)
    expect(g(guardWeaponOfGun(smg({ cqb: false })))).toBe(-1)
  })
})

describe('CX16 Guard = d10 + trunc(FORT + DEX combat modifiers + guard modifier); prone −2', () => {
  // FORT 8 (+1) and DEX 6 (+0.5).
  it.each([
    ['unarmed: 1.5', { kind: 'unarmed' }, false, 1],
    ['CQB gun: 2.5', { kind: 'cqb-gun', name: 'SMG' }, false, 2],
    ['CQB gun, prone: 0.5', { kind: 'cqb-gun', name: 'SMG' }, true, 0],
    ['unarmed, prone: −0.5', { kind: 'unarmed' }, true, 0],
    ['non-CQB gun, prone: −1.5', { kind: 'non-cqb-gun', name: 'Rifle' }, true, -1],
    ['sword +2, proficient: 3.5', { kind: 'melee', weapon: sword({ accuracyModifier: 2 }), proficient: true }, false, 3],
  ] as [string, GuardWeapon, boolean, number][])('%s → %i', (_, guardWeapon, prone, total) => {
    const g = meleeGuard(meleeSetup({}, { stats: stats({ fort: 8, dex: 6 }), guardWeapon, prone }))
    expect(g.kind).toBe('rolled')
    expect(g.step.total).toBe(total)
  })

  it('a stealth attack: Guard is 0 and not rolled (000 Stealth Attacks)', () => {
    const g = meleeGuard(meleeSetup({ stealth: true }, { stats: stats({ fort: 15, dex: 15 }) }))
    expect(g).toMatchObject({ kind: 'fixed', value: 0 })
  })
})

describe('CX16 hit iff accuracy > Guard; accuracy ≥ Guard + 3 ignores armour', () => {
  it.each([
    [5, 5, 'miss'],
    [4, 5, 'miss'],
    [6, 5, 'hit'],
    [7, 5, 'hit'],
    [8, 5, 'precise-hit'],
    [3, 0, 'precise-hit'],
    [1, -1, 'hit'],
  ] as const)('accuracy %i vs Guard %i → %s', (a, g, q) => expect(meleeHitQuality(a, g)).toBe(q))

  it('with dice: a tie goes to the defender, and a miss rolls nothing more', () => {
    // accuracy 3 + 2 = 5 vs Guard 5 + 0 = 5.
    const r = strike(strong, defender(), [3, 5])
    expect(r.quality).toBe('miss')
    expect(r.defender.health).toBe(100)
  })

  it.each([
    ['natural 1: 1 + 2 = 3 ≥ 0 + 3, armour ignored, no armour roll', 1, [], 'precise-hit', 100 - 32],
    ['natural 1 with no accuracy bonus: a hit on the armour, which holds: blunt force only', 1, [30], 'hit', 100 - 12],
  ] as const)('CX16 stealth attack, Guard not rolled: %s', (_, natural, rest, quality, health) => {
    const weapon = quality === 'hit' ? sword({ accuracyModifier: -1 }) : sword()
    const s = meleeSetup({ stats: stats({ str: 8 }), strikeWith: wielding(weapon), stealth: true })
    const r = strike(s, defender({ armour: armour(60, 2, 40) }), [natural, ...rest])
    expect(r.guard).toEqual({ natural: null, total: 0 })
    expect(r.quality).toBe(quality)
    expect(r.defender.health).toBe(health)
  })
})

// ---------- damage ----------

describe('CX16 / CX13 damage: a precise hit ignores armour, melee strikes armour as ballistic', () => {
  const heavy = defender({ armour: armour(100, 5, 40) })
  it('accuracy ≥ Guard + 3: full damage straight to health, armour untouched, no armour d100', () => {
    const r = strike(strong, heavy, [6, 3]) // 8 vs 3
    expect(r.hitResult!.route).toBe('armour-ignored')
    expect(r.defender.health).toBe(100 - 32)
    expect(r.defender.armour).toEqual(heavy.armour)
  })
  it('an ordinary hit rolls the armour d100 like any hit: pierced armour drains its points first (CX11, CX12)', () => {
    const s = meleeSetup({ stats: stats({ str: 8 }), strikeWith: wielding(sword({ apl: 1 })) })
    const r = strike(s, defender({ armour: armour(60, 1, 10) }), [5, 5, 60])
    expect(r.hitResult!.route).toBe('armour-pierced')
    expect(r.defender.armour!.points).toBe(0)
    expect(r.defender.health).toBe(100 - 22)
  })
  it.each([
    ['past the coverage, d100 49: full', 49, 68],
    ['past the coverage, d100 50: half', 50, 84],
  ])('CX11 on a melee hit: %s', (_, face, health) => {
    expect(strike(strong, defender({ armour: armour(10, 5, 40) }), [5, 5, face]).defender.health).toBe(health)
  })
  it('a weapon that ignores armour treats the target as unarmoured (d100 still picks full or half)', () => {
    const s = meleeSetup({ stats: stats({ str: 8 }), strikeWith: wielding(sword({ ignoresArmour: true })) })
    expect(strike(s, heavy, [5, 5, 30]).defender.health).toBe(100 - 32)
    const half = strike(s, heavy, [5, 5, 70])
    expect(half.defender.health).toBe(100 - 16)
    expect(half.defender.armour!.points).toBe(40)
  })
  it('CX13 melee damage passes an ordinary shield; a plasma blade gives the shield half and burns', () => {
    const r = strike(strong, defender({ shield: shield(100) }), [6, 3])
    expect(r.defender.shield!.strength).toBe(100)
    expect(r.defender.health).toBe(68)
    const blade = sword({ damage: { base: 40, type: 'plasma', effects: [{ kind: 'plasma-burn', stacks: 2 }] } })
    const p = strike(meleeSetup({ strikeWith: wielding(blade) }), defender({ shield: shield(100) }), [6, 3])
    expect(p.defender.shield!.strength).toBe(80)
    expect(p.defender.health).toBe(80)
    expect(p.defender.plasmaBurn).toBe(2)
  })
})

describe('CX17 blunt force: armour that holds lets the STR part through (000 worked example)', () => {
  // STR 8 → STR bonus 12; the armour is hit (d100 30 ≤ 60) and its APL 2 beats the blade's 0.
  const armoured = defender({ armour: armour(60, 2, 40) })
  it.each([
    ['one-handed sword: 12', wielding(sword()), 12],
    ['hybrid sword declared two-handed: 18', wielding(sword({ hybrid: true }), { twoHandedGrip: true }), 18],
    ['hybrid sword swung one-handed: 12', wielding(sword({ hybrid: true })), 12],
    ['a non-hybrid cannot be declared two-handed: 12', wielding(sword(), { twoHandedGrip: true }), 12],
    ['a two-handed weapon: 18', wielding(sword({ size: 'two-handed' })), 18],
  ] as [string, MeleeStrikeWith, number][])('%s', (_, strikeWith, toHealth) => {
    const r = strike(meleeSetup({ stats: stats({ str: 8 }), strikeWith }), armoured, [5, 5, 30])
    expect(r.hitResult!.route).toBe('blunt-force')
    expect(r.hitResult!.toHealth).toBe(toHealth)
    expect(r.defender.health).toBe(100 - toHealth)
    expect(r.defender.armour!.points).toBe(40)
  })
  it('the strike itself deals 32, or 38 two-handed (000 Melee Weapons)', () => {
    expect(strike(strong, defender(), [6, 3]).damage).toBe(32)
    const twoHanded = meleeSetup({ stats: stats({ str: 8 }), strikeWith: wielding(sword({ hybrid: true }), { twoHandedGrip: true }) })
    expect(strike(twoHanded, defender(), [6, 3]).damage).toBe(38)
  })
  it.each([
    ['2 × STR, two-handed: 2 × 18', { str: 2 }, 8, true, 36],
    ['a negative STR bonus pushes nothing through', { str: 1 }, 3, false, 0],
    ['no STR term: nothing', {}, 8, false, 0],
  ] as const)('%s', (_, perStatBonus, str, twoHanded, part) => {
    expect(bluntForcePart({ damage: { base: 20, type: 'ballistic', perStatBonus } }, stats({ str }), twoHanded)).toBe(part)
  })
})

describe('000 Nonlethal Damage (CX16 −2 accuracy, CX27)', () => {
  // Unarmed STR 8: 20 + 12 + 0 = 32, accuracy bonus 1 + 0 + 0 − 2 = −1; faces 9 vs 1: 8 ≥ 4, full damage.
  const nonlethal = meleeSetup({ stats: stats({ str: 8 }), strikeWith: { kind: 'unarmed', strike: unarmedStrike }, nonlethal: true })
  it.each([
    [20, 1, true],
    [32, 1, true],
    [33, 1, false],
    [100, 68, false],
  ])('target at %i health → %i health, unconscious: %s', (health, after, unconscious) => {
    const r = strike(nonlethal, defender({ health }), [9, 1])
    expect(r.defender.health).toBe(after)
    expect(r.unconscious).toBe(unconscious)
    expect(r.hitResult!.downed).toBe(false)
  })
  it('the same blow, lethal, downs the target (CX27)', () => {
    const r = strike({ ...nonlethal, attacker: { ...nonlethal.attacker, nonlethal: false } }, defender({ health: 20 }), [9, 1])
    expect(r.defender.health).toBe(0)
    expect(r.hitResult!.downed).toBe(true)
    expect(r.unconscious).toBe(false)
  })
  it('needs bare hands or a proficient weapon', () => {
    const r = resolveMelee(meleeSetup({ strikeWith: wielding(sword(), { proficient: false }), nonlethal: true }), defender(), faces())
    expect(r.kind).toBe('impossible')
  })
})

describe('CX10 / CX15 / CX27 on melee hits', () => {
  it('CX10 a natural roll in the Luck band that hits rolls for a critical: +20, and (000 Thrown Weapons) armour is ignored', () => {
    // Luck 7: band 9–10. 9 + 2 = 11 vs Guard 10: a hit, not 3 over; second d10 3 → critical.
    const r = strike(meleeSetup({ stats: stats({ str: 8, luck: 7 }) }), defender({ armour: armour(100, 5, 40) }), [9, 10, 3])
    expect(r.critical).toBe('critical')
    expect(r.damage).toBe(52)
    expect(r.defender.health).toBe(48)
  })
  it('CX15 more than 70 on health forces a Shock save; failing knocks out', () => {
    const big = meleeSetup({ strikeWith: wielding(sword({ damage: { base: 80, type: 'ballistic' } })) })
    const fail = strike(big, defender({ health: 200, shockSave: 10 }), [8, 1, 70])
    expect(fail.shockSave).toEqual({ total: 80, dc: 80, passed: false })
    expect(fail.unconscious).toBe(true)
    expect(strike(big, defender({ health: 200, shockSave: 10 }), [8, 1, 71]).unconscious).toBe(false)
  })
  it('CX27 health below 1 sets it to 0, then goes negative', () => {
    expect(strike(strong, defender({ health: 5 }), [6, 3]).defender.health).toBe(0)
    expect(strike(strong, defender({ health: 0 }), [6, 3]).defender.health).toBe(-32)
  })
})

// ---------- exact odds ----------

describe('CX16 exact melee odds by enumeration', () => {
  const even = meleeSetup({ strikeWith: wielding(sword({ accuracyModifier: 0 })) })
  const odds = (s: MeleeSetup, d: DefenderState) => {
    const o = meleeOdds(s, d)
    if (o.kind !== 'odds') throw new Error(o.reason)
    return o
  }
  it('even bonuses: P(hit) 45/100, P(3+ over) 28/100; Luck 5 crits on a natural 10 that hits', () => {
    const o = odds(even, defender())
    expect(o.hit).toBeCloseTo(0.45, 12)
    expect(o.preciseHit).toBeCloseTo(0.28, 12)
    expect(o.critical).toBeCloseTo(0.045, 12)
    expect(o.extraCritical).toBeCloseTo(0.045, 12)
    // Criticals against Guard 8 or 9 are not 3 over but still ignore armour.
    expect(o.ignoresArmour).toBeCloseTo(0.3, 12)
    expect(o.healthDamage.reduce((t, [, p]) => t + p, 0)).toBeCloseTo(1, 12)
  })
  it('stealth: every roll hits, 3+ precise', () => {
    const o = odds({ ...even, attacker: { ...even.attacker, stealth: true } }, defender())
    expect(o.hit).toBeCloseTo(1, 12)
    expect(o.preciseHit).toBeCloseTo(0.8, 12)
  })
})

describe('CX16 / CX17 / CX10 / CX15 exact odds agree with 100,000 seeded simulations (±0.5 percentage points)', () => {
  const SAMPLES = 100_000
  const TOLERANCE = 0.005
  const cases: [string, MeleeSetup, DefenderState][] = [
    [
      'two-handed hybrid vs armour: blunt force, piercing-free hits, criticals',
      meleeSetup(
        { stats: stats({ str: 8, luck: 7 }), strikeWith: wielding(sword({ hybrid: true }), { twoHandedGrip: true }) },
        { stats: stats({ fort: 6, dex: 6 }), guardWeapon: { kind: 'melee', weapon: sword(), proficient: true } },
      ),
      defender({ health: 60, armour: armour(60, 1, 20) }),
    ],
    [
      'nonlethal flanking fists against a hurt, prone target',
      meleeSetup(
        { stats: stats({ str: 10, dex: 8 }), strikeWith: { kind: 'unarmed', strike: unarmedStrike }, nonlethal: true, flanking: true },
        { prone: true, guardWeapon: { kind: 'non-cqb-gun', name: 'Rifle' } },
      ),
      defender({ health: 35, armour: armour(30, 1, 10) }),
    ],
    [
      'heavy blows that force Shock saves, through a plasma blade and a shield',
      meleeSetup(
        {
          stats: stats({ str: 12, luck: 11 }),
          strikeWith: wielding(sword({ apl: 1, damage: { base: 60, type: 'plasma', perStatBonus: { str: 2 } } })),
        },
        { stats: stats({ fort: 9 }), guardWeapon: { kind: 'cqb-gun', name: 'SMG' } },
      ),
      defender({ health: 140, shockSave: 8, shield: shield(30), armour: armour(50, 2, 30) }),
    ],
  ]
  it.each(cases)(
    '%s',
    (_, s, d) => {
      const o = meleeOdds(s, d)
      if (o.kind !== 'odds') throw new Error(o.reason)
      const dice = new DiceRoller(seededSource(`melee:${_}`), undefined)
      const n = { hit: 0, precise: 0, ignores: 0, down: 0, unconscious: 0, damage: 0 }
      const damage = new Map<number, number>()
      for (let i = 0; i < SAMPLES; i++) {
        const r = resolveMelee(s, d, dice)
        if (r.kind !== 'resolved') throw new Error(r.reason)
        if (r.quality !== 'miss') n.hit++
        if (r.quality === 'precise-hit') n.precise++
        if (r.armourIgnored) n.ignores++
        if (d.health >= 1 && r.defender.health < 1) n.down++
        if (r.unconscious) n.unconscious++
        const dealt = r.hitResult?.toHealth ?? 0
        n.damage += dealt
        damage.set(dealt, (damage.get(dealt) ?? 0) + 1)
      }
      const f = (k: number) => k / SAMPLES
      expect(Math.abs(f(n.hit) - o.hit)).toBeLessThan(TOLERANCE)
      expect(Math.abs(f(n.precise) - o.preciseHit)).toBeLessThan(TOLERANCE)
      expect(Math.abs(f(n.ignores) - o.ignoresArmour)).toBeLessThan(TOLERANCE)
      expect(Math.abs(f(n.down) - o.down)).toBeLessThan(TOLERANCE)
      expect(Math.abs(f(n.unconscious) - o.unconscious)).toBeLessThan(TOLERANCE)
      for (const [dmg, p] of o.healthDamage) expect(Math.abs(f(damage.get(dmg) ?? 0) - p), `P(${dmg} to health)`).toBeLessThan(TOLERANCE)
      for (const dmg of damage.keys())
        expect(
          o.healthDamage.some(([x]) => x === dmg),
          `${dmg} is in the odds`,
        ).toBe(true)
      expect(Math.abs(n.damage / SAMPLES - o.expectedHealthDamage)).toBeLessThan(1)
    },
    60_000,
  )
})

// ---------- CX18 maneuvers ----------

const A = 'combatant:a' as CombatantId
const B = 'combatant:b' as CombatantId
const C = 'combatant:c' as CombatantId
/** STR 8 (+12) with 10 Athletics; the other side DEX 10 (+20) with 15 Acrobatics. */
const brawler: ManeuverParticipant = { stats: stats({ str: 8 }), athletics: 10, acrobatics: 0 }
const dancer: ManeuverParticipant = { stats: stats({ dex: 10 }), athletics: 0, acrobatics: 15 }

const attempt = (maneuver: Maneuver, actor: CombatantId, target: CombatantId, over: Partial<ManeuverAttempt> = {}): ManeuverAttempt => ({
  maneuver,
  actor: { ...brawler, id: actor },
  defender: { ...dancer, id: target },
  choices: { defender: 'dex-acrobatics' },
  ...over,
})

function maneuver(a: ManeuverAttempt, states: GrappleStates, dice: number[]) {
  const roller = faces(...dice)
  const r = resolveManeuver(a, states, roller)
  if (r.kind !== 'resolved') throw new Error(r.reason)
  roller.assertTypedConsumed()
  return r
}

const grappling = startGrapple({}, A, B) // A in control of B
const pinned = withStates(grappling, [[B, { kind: 'pinned', by: A }]])

describe('CX18 / CX1 the opposed maneuver check', () => {
  it.each([
    ['a tie goes to the defender', 50, 37, false], // 50 + 22 = 72 vs 37 + 35 = 72
    ['one more wins', 50, 36, true],
  ])('actor STR-Athletics vs defender DEX-Acrobatics: %s', (_, actorFace, defenderFace, wins) => {
    const r = maneuver(attempt({ kind: 'trip' }, A, B), {}, [actorFace, defenderFace])
    expect(r.checks!.actor.result.total).toBe(actorFace + 22)
    expect(r.checks!.defender.result.total).toBe(defenderFace + 35)
    expect(r.actorWins).toBe(wins)
  })
  it('the actor always rolls STR-Athletics, whatever it asks for; the defender chooses', () => {
    const r = maneuver(attempt({ kind: 'shove' }, A, B, { choices: { actor: 'dex-acrobatics', defender: 'str-athletics' } }), {}, [10, 10])
    expect(r.checks!.actor.check.purpose).toContain('STR-Athletics')
    expect(r.checks!.actor.result.total).toBe(32)
    expect(r.checks!.defender.result.total).toBe(10)
  })
  it('picks the better skill for an unsteered defender', () => {
    expect(bestManeuverSkill(dancer)).toBe('dex-acrobatics')
    expect(bestManeuverSkill(brawler)).toBe('str-athletics')
  })
})

describe('CX18 / CX1 / CX3 exact opposed odds from the d100 distributions', () => {
  const check = (bonus: number, mode: 'normal' | 'advantage' | 'disadvantage' = 'normal') => ({
    modifiers: [mod('x', bonus, 'test')],
    mode,
  })
  it.each([
    ['equal bonuses: 4950 of 10000 (ties to the defender)', 0, 0, 0.495],
    ['brawler 22 vs dancer 35: 3741 of 10000', 22, 35, 0.3741],
    ['+100: always', 100, 0, 1],
    ['−98: only 100 vs 1', 0, 98, 0.0001],
    ['−99: never', 0, 99, 0],
  ])('%s', (_, a, d, p) => expect(opposedWinChance(check(a), check(d))).toBeCloseTo(p, 12))

  it('with disadvantage on the defender, by brute force over every pair of faces', () => {
    const dist = naturalDistribution('disadvantage')
    let brute = 0
    for (let a = 1; a <= 100; a++) for (let d = 1; d <= 100; d++) if (a + 5 > d + 10) brute += 0.01 * dist[d - 1]!
    expect(opposedWinChance(check(5), check(10, 'disadvantage'))).toBeCloseTo(brute, 12)
    expect(brute).toBeGreaterThan(opposedWinChance(check(5), check(10)))
  })

  it('agrees with 100,000 seeded opposed rolls within 0.5 percentage points', () => {
    const dice = new DiceRoller(seededSource('x'), undefined)
    const a = { ...check(22, 'advantage'), purpose: 'a' }
    const d = { ...check(35), purpose: 'd' }
    let wins = 0
    for (let i = 0; i < 100_000; i++) if (rollD100(a, dice).total > rollD100(d, dice).total) wins++
    expect(Math.abs(wins / 100_000 - opposedWinChance(a, d))).toBeLessThan(0.005)
  })

  it('maneuverOdds: a disengage from control is certain; a trip matches the opposed chance', () => {
    expect(maneuverOdds(attempt({ kind: 'disengage' }, A, B), grappling)).toMatchObject({ kind: 'odds', actorWins: 1 })
    const o = maneuverOdds(attempt({ kind: 'trip' }, A, B), {})
    if (o.kind !== 'odds') throw new Error(o.reason)
    expect(o.actorWins).toBeCloseTo(0.3741, 12)
  })
})

describe('CX18 grapple transitions (000 Grappling, Pin, Disengage, Gain Control)', () => {
  it('grapple: a win makes both Grappled with the attacker in control; a loss changes nothing', () => {
    const won = maneuver(attempt({ kind: 'grapple' }, A, B), {}, [90, 1]).effects.states
    expect(grappleStateOf(won, A)).toEqual({ kind: 'grappled', with: B, control: true })
    expect(grappleStateOf(won, B)).toEqual({ kind: 'grappled', with: A, control: false })
    expect(maneuver(attempt({ kind: 'grapple' }, A, B), {}, [1, 90]).effects.states).toEqual({})
  })
  it('pin: the defender becomes Pinned by the controller', () => {
    const s = maneuver(attempt({ kind: 'pin' }, A, B), grappling, [90, 1]).effects.states
    expect(s).toEqual(pinned)
  })
  it('disengage from control: no roll, the grapple ends, 3 Actions left', () => {
    const r = maneuver(attempt({ kind: 'disengage' }, A, B), grappling, [])
    expect(r.checks).toBeNull()
    expect(r.effects).toMatchObject({ states: {}, grappleEnded: true, actionsLeftThisRound: 3 })
  })
  it('disengage without control: both choose, opposed; winning ends the grapple', () => {
    const r = maneuver(
      attempt({ kind: 'disengage' }, B, A, { choices: { actor: 'str-athletics', defender: 'str-athletics' } }),
      grappling,
      [60, 30],
    )
    // B (the brawler fixture) chose STR-Athletics, +22; A (the dancer fixture) chose STR-Athletics, +0.
    expect(r.checks!.actor.result.total).toBe(82)
    expect(r.checks!.defender.result.total).toBe(30)
    expect(r.effects.states).toEqual({})
  })
  it('disengage from a pin: back to Grappled without control, not free', () => {
    const r = maneuver(attempt({ kind: 'disengage' }, B, A), pinned, [90, 1])
    expect(r.effects.states).toEqual(grappling)
    expect(r.effects.grappleEnded).toBe(false)
  })
  it('gain control: control changes hands', () => {
    const s = maneuver(attempt({ kind: 'gain-control' }, B, A), grappling, [90, 1]).effects.states
    expect(grappleStateOf(s, B)).toEqual({ kind: 'grappled', with: A, control: true })
    expect(grappleStateOf(s, A)).toEqual({ kind: 'grappled', with: B, control: false })
  })
})

describe('CX18 shove, kick, trip, disarm (000 Combat Maneuvers)', () => {
  it('shove: both move half the attacker STR (8 → 4 m); a grapple holds', () => {
    const r = maneuver(attempt({ kind: 'shove' }, A, B), grappling, [90, 1])
    expect(r.effects).toMatchObject({ actorMoves: 4, targetMoves: 4, states: grappling, grappleEnded: false })
  })
  it.each([
    ['sideways', false, 4],
    ['directly away: 50% farther', true, 6],
  ])('kick %s: only the target moves, and its grapple ends', (_, directlyAway, metres) => {
    const r = maneuver(attempt({ kind: 'kick', directlyAway }, C, B), grappling, [90, 1])
    expect(r.effects).toMatchObject({ actorMoves: 0, targetMoves: metres, states: {}, grappleEnded: true })
  })
  it('trip: the target goes prone; tripping a grappled target ends the grapple', () => {
    expect(maneuver(attempt({ kind: 'trip' }, A, B), pinned, [90, 1]).effects).toMatchObject({ targetProne: true, states: {} })
    expect(maneuver(attempt({ kind: 'trip' }, A, B), pinned, [1, 90]).effects).toMatchObject({ targetProne: false, states: pinned })
  })
  it.each([
    ['not proficient: the defender rolls twice and keeps the worse', false, [60, 80, 30], true],
    ['proficient: one die', true, [60, 80], false],
  ])('disarm, both choose (actor DEX-Acrobatics +0, defender STR-Athletics +0): %s', (_, defenderProficient, dice, dropped) => {
    const a = attempt({ kind: 'disarm', item: 'pistol', defenderProficient }, A, B, {
      choices: { actor: 'dex-acrobatics', defender: 'str-athletics' },
    })
    const r = maneuver(a, {}, dice)
    expect(r.checks!.defender.check.mode).toBe(defenderProficient ? 'normal' : 'disadvantage')
    expect(r.effects.targetDrops).toBe(dropped ? 'pistol' : null)
  })
})

describe('CX18 who may attempt what (000 Grappling limits)', () => {
  it.each([
    ['controller pins its partner', grappling, A, B, { kind: 'pin' }, true],
    ['controller shoves its partner', grappling, A, B, { kind: 'shove' }, true],
    ['controller cannot target anyone else', grappling, A, C, { kind: 'shove' }, false],
    ['without control: no pin', grappling, B, A, { kind: 'pin' }, false],
    ['without control: no trip', grappling, B, A, { kind: 'trip' }, false],
    ['without control: gain control', grappling, B, A, { kind: 'gain-control' }, true],
    ['pinned: only disengage', pinned, B, A, { kind: 'gain-control' }, false],
    ['pinned: disengage', pinned, B, A, { kind: 'disengage' }, true],
    ['no pinning twice', pinned, A, B, { kind: 'pin' }, false],
    ['a free character cannot disengage', {}, A, B, { kind: 'disengage' }, false],
    ['a third party may trip a grappled target', grappling, C, B, { kind: 'trip' }, true],
    ['but not grab someone already grappled', grappling, C, B, { kind: 'grapple' }, false],
  ] as [string, GrappleStates, CombatantId, CombatantId, Maneuver, boolean][])('%s', (_, states, actor, target, m, ok) => {
    expect(canAttempt(states, actor, target, m).ok).toBe(ok)
    expect(resolveManeuver(attempt(m, actor, target), states, faces(90, 1)).kind).toBe(ok ? 'resolved' : 'not-allowed')
  })
  it('grappled and pinned characters use one Action per round; unarmed strikes stay open', () => {
    expect(actionsPerRoundLimit(grappleStateOf(grappling, A))).toBe(1)
    expect(actionsPerRoundLimit(grappleStateOf(pinned, B))).toBe(1)
    expect(actionsPerRoundLimit(grappleStateOf(grappling, C))).toBeNull()
    expect(allowedActions(grappleStateOf(grappling, B))).toEqual(['unarmed-strike', 'disengage', 'gain-control'])
    expect(allowedActions(grappleStateOf(pinned, B))).toEqual(['disengage'])
  })
})
