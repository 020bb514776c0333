import { describe, expect, it } from 'vitest'
import type { AttackRequest } from '../../../../src-shared/attack'
import { createTwoD6Ruleset } from '../../../../src-main/rules/2d6-significant/twod6-ruleset'
import { combatant, faces, gear, idOf, must, sheet, sheetOf, twod6 } from './harness'

const request = (weapon: number, options: AttackRequest['options'] = {}, mode = 'single'): AttackRequest => ({
  attackerId: idOf('Ana'),
  targetId: idOf('Bo'),
  weapon,
  mode,
  options,
})

// Ana: all 7s, Gun Combat 1, Melee 1 (pistol 3d6−2, baton 2d6). Bo: padded jacket 2, 21 hits.
const ana = (live = {}) => combatant('Ana', sheet({}, live))
const bo = () => combatant('Bo', sheet({ armour: { name: 'Padded jacket', itemId: 'padded-jacket', rating: 2 } }))

describe('attack resolution: 2d6 ≥ 8 with effect, damage dice minus armour', () => {
  it('T1: 5 + 4 + 1 = 10 hits with effect 2; 3d6 [6, 5, 4] − 2 + 2 − armour 2 = 13 damage; costs the significant action', () => {
    const r = must(twod6.attacks!.resolve(request(0), ana(), bo(), faces(5, 4, 6, 5, 4)))
    expect(r.targetHp).toBe(21 - 13)
    expect(r.cost).toEqual([{ pool: 'significant', amount: 2 }])
    expect(r.summary).toContain('13 damage')
    expect(sheetOf(r.attackerRules).weapons[0]!.ammo).toBe(14)
  })

  it('T1: 3 + 3 + 1 = 7 misses: no damage dice thrown, no reaction taken', () => {
    const r = must(twod6.attacks!.resolve(request(0, { defence: 'dodge' }), ana(), bo(), faces(3, 3)))
    expect(r.targetHp).toBe(21)
    expect(r.initiative).toBeUndefined()
    expect(r.othersSpend).toBeUndefined()
  })

  it('classic 2d6 setting: with the effect switched off, damage is the dice minus armour only', () => {
    const plain = createTwoD6Ruleset({ effectAdds: false })
    const r = must(plain.attacks!.resolve(request(0), ana(), bo(), faces(5, 4, 6, 5, 4)))
    expect(r.targetHp).toBe(21 - 11)
    expect(twod6.settings!.defaults.map((d) => [d.key, d.value])).toEqual([['effectAddsDamage', true]])
    expect(
      must(twod6.settings!.apply({ effectAddsDamage: false }).attacks!.resolve(request(0), ana(), bo(), faces(5, 4, 6, 5, 4))).targetHp,
    ).toBe(10)
  })
})

describe('T4 reactions inside the attack, with T3’s price', () => {
  it('T4: a dodge turns 4 + 3 + 1 = 8 into 7: dodged; the defender pays −2 initiative and a reacted stack (T3)', () => {
    const r = must(twod6.attacks!.resolve(request(0, { defence: 'dodge' }), ana(), bo(), faces(4, 3)))
    expect(r.targetHp).toBe(21)
    expect(r.initiative).toEqual([{ combatantId: idOf('Bo'), delta: -2, why: 'dodged: a reaction, T3' }])
    expect(r.othersSpend).toEqual([{ combatantId: idOf('Bo'), pool: 'reactions', amount: 1 }])
    expect(r.conditions![0]).toMatchObject({
      combatantId: idOf('Bo'),
      add: [{ conditionId: 'reacted', duration: { kind: 'turnStart', of: idOf('Bo') } }],
    })
    expect(sheetOf(r.targetRules).live.reactionsThisRound).toBe(1)
  })

  it('T4: a parry must beat the attack: 9 vs parry 9 lands (damage 2d6 [3, 3] + effect 1 − 2 = 5)', () => {
    // Baton: Melee 1 + STR DM 0 = +1 → 4 + 4 + 1 = 9. Bo parries Melee −3 (untrained) + 0: [6, 6] − 3 = 9, not higher.
    const untrained = combatant('Bo', sheet({ skills: {}, armour: { name: 'Padded jacket', itemId: 'padded-jacket', rating: 2 } }))
    const r = must(twod6.attacks!.resolve(request(1, { defence: 'parry' }), ana(), untrained, faces(4, 4, 6, 6, 3, 3)))
    expect(r.targetHp).toBe(21 - 5)
    expect(r.initiative).toHaveLength(1)
  })

  it('T4: a parry that beats the attack stops the damage (still a reaction)', () => {
    const parrier = combatant('Bo', sheet({ skills: { Melee: 2 } }))
    const r = must(twod6.attacks!.resolve(request(1, { defence: 'parry' }), ana(), parrier, faces(4, 4, 4, 4)))
    expect(r.targetHp).toBe(21)
    expect(r.summary).toContain('parries')
    expect(r.initiative![0]!.delta).toBe(-2)
  })
})

describe('T5 aim: +1 DM per minor action on the next attack at that target, up to +6', () => {
  const aimAt = (s: ReturnType<typeof sheet>, target = bo()) => {
    const actor = combatant('Ana', s)
    return must(twod6.actions!.perform({ actorId: actor.id, action: 'aim', targetId: target.id, options: {} }, actor, target, faces()))
  }

  it('T5: each aim is a minor action and adds +1 at the same target', () => {
    const first = aimAt(sheet())
    expect(first.cost).toEqual([{ pool: 'minor', amount: 1 }])
    expect(sheetOf(first.actorRules).live.aim).toEqual({ targetId: idOf('Bo'), name: 'Bo', dm: 1 })
    expect(sheetOf(aimAt(sheetOf(first.actorRules)).actorRules).live.aim!.dm).toBe(2)
  })

  it.each([5, 6])('T5: aim held at +%i caps at +6', (held) => {
    const s = sheet({}, { aim: { targetId: idOf('Bo'), name: 'Bo', dm: held } })
    const actor = combatant('Ana', s)
    const r = twod6.actions!.perform({ actorId: actor.id, action: 'aim', targetId: idOf('Bo'), options: {} }, actor, bo(), faces())
    if (held < 6) expect(sheetOf(must(r).actorRules).live.aim!.dm).toBe(6)
    else expect(r.ok).toBe(false)
  })

  it('T5: aiming at someone else starts over at +1', () => {
    const s = sheet({}, { aim: { targetId: idOf('Cy'), name: 'Cy', dm: 4 } })
    expect(sheetOf(aimAt(s).actorRules).live.aim!.dm).toBe(1)
  })

  it('T5: the aim DM goes on the next attack at that target, then is spent', () => {
    const aimed = ana({ aim: { targetId: idOf('Bo'), name: 'Bo', dm: 3 } })
    const p = must(twod6.attacks!.preview(request(0), aimed, bo()))
    expect(p.explanation[0]!.lines.find((l) => l.source === 'T5')!.value).toBe('+3')
    // 2 + 2 + 1 + 3 = 8: a hit only thanks to the aim.
    const r = must(twod6.attacks!.resolve(request(0), aimed, bo(), faces(2, 2, 1, 1, 1)))
    expect(r.summary).toContain('hits')
    expect(sheetOf(r.attackerRules).live.aim).toBeNull()
  })
})

describe('T6 heft and recoil: STR DM below the rating costs initiative next round', () => {
  it.each([
    // [STR, weapon, mode, owed]
    [7, 'assault-rifle', 'single', 0], // recoil 0 vs DM 0
    [7, 'assault-rifle', 'burst', 1], // 0 + 1
    [7, 'assault-rifle', 'auto', 1], // 0 + floor(3 / 2)
    [4, 'assault-rifle', 'auto', 2], // DM −1
    [7, 'support-gun', 'auto', 4], // 2 + floor(4 / 2)
    [12, 'support-gun', 'single', 0], // DM +2 = recoil 2
    [3, 'breaching-maul', 'single', 3], // heft 2 vs DM −1
    [3, 'utility-knife', 'single', 0], // heft −2 vs DM −1
  ] as const)('T6: STR %i with the %s on %s owes %i initiative', (str, weapon, mode, owed) => {
    const shooter = combatant(
      'Ana',
      sheet({
        characteristics: { str, dex: 7, end: 7, int: 7, edu: 7, soc: 7 },
        skills: { 'Gun Combat': 1, 'Heavy Weapons': 1, Melee: 1 },
        weapons: gear(weapon),
      }),
    )
    const r = must(twod6.attacks!.resolve(request(0, {}, mode), shooter, bo(), faces(...Array.from({ length: 40 }, () => 1))))
    expect(sheetOf(r.attackerRules).live.pendingInitiative).toBe(owed)
  })

  it('T6: the owed initiative comes off when the next round begins, once', () => {
    const owing = combatant('Ana', sheet({}, { pendingInitiative: 3 }))
    const edge = twod6.edges!.startOfRound!(owing, faces())!
    expect(edge.initiativeDelta).toBe(-3)
    expect(sheetOf(edge.rules).live.pendingInitiative).toBe(0)
    expect(twod6.edges!.startOfRound!(combatant('Ana', sheetOf(edge.rules)), faces())).toBeNull()
  })
})
