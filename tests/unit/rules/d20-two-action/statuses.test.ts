import { describe, expect, it } from 'vitest'
import type { ConditionGrant } from '../../../../src-main/rules/ruleset'
import type { D20Sheet, WeaponInput } from '../../../../src-main/rules/d20-two-action/sheet/d20-sheet'
import { attack, condition, d20, faces, fighter, must, sheet, sword } from './d20-fixtures'

const tick = (conditions: Parameters<typeof condition>[], over: Parameters<typeof sheet>[0] = {}) => {
  const c = fighter('T', sheet(over), { hp: 20, conditions: conditions.map((x) => condition(...x)) })
  return (f: number[]) => d20.edges!.startOfTurn(c, faces(...f))
}

describe('W5 statuses tick at the start of the affected combatant’s turn; Xd4 means X dice', () => {
  it.each([
    { name: 'W5 bleeding(1) deals 1d4 at the start of its turn', conditions: [['bleeding']], f: [3], hp: 17 },
    { name: 'W5 bleeding(3) deals 3d4 (three dice, not 1d4 × 3)', conditions: [['bleeding', { stacks: 3 }]], f: [1, 2, 4], hp: 13 },
    { name: 'W5 burned(2) deals 2d4 fire', conditions: [['burned', { stacks: 2 }]], f: [4, 4], hp: 12 },
    {
      name: 'W5 burned against fire resistance: halved, rounded down (7 → 3)',
      conditions: [['burned', { stacks: 2 }]],
      f: [3, 4],
      hp: 17,
      over: { affinities: { fire: 'resistant' } },
    },
    {
      name: 'W5 burned against fire weakness: doubled (3 → 6)',
      conditions: [['burned']],
      f: [3],
      hp: 14,
      over: { affinities: { fire: 'weak' } },
    },
    {
      name: 'W5 bleeding is not fire: fire resistance does not halve it',
      conditions: [['bleeding']],
      f: [3],
      hp: 17,
      over: { affinities: { fire: 'resistant' } },
    },
  ] as { name: string; conditions: Parameters<typeof condition>[]; f: number[]; hp: number; over?: Parameters<typeof sheet>[0] }[])(
    '$name',
    ({ conditions, f, hp, over }) => {
      const e = tick(conditions, over)(f)!
      expect(e.hp).toBe(hp)
      expect(e.rolls.map((r) => r.expression)).toEqual([`${f.length === 1 ? '' : f.length}d4`])
    },
  )

  it.each([
    { name: 'W5 shocked: loses One Action at its next turn', conditions: [['shocked']], lost: 1 },
    {
      name: 'W5 frozen: "loses a half action" = loses One Action, on its first turn',
      conditions: [['frozen', { data: { actionLost: false } }]],
      lost: 1,
    },
    {
      name: 'W5 frozen: the action is lost once, not every turn it lasts',
      conditions: [['frozen', { data: { actionLost: true } }]],
      lost: 0,
    },
    { name: 'W5 stunned: no action at all', conditions: [['stunned']], lost: 2 },
    {
      name: 'W5 shocked, frozen and stunned together lose both actions, never more',
      conditions: [['shocked'], ['frozen'], ['stunned']],
      lost: 2,
    },
  ] as { name: string; conditions: Parameters<typeof condition>[]; lost: number }[])('$name', ({ conditions, lost }) => {
    const e = tick(conditions)([])
    expect(e?.spend ?? []).toEqual(lost ? [{ pool: 'actions', amount: lost }] : [])
  })

  it('W5 the frozen status remembers its lost action (so the next turn keeps both)', () => {
    const e = tick([['frozen']])([])!
    expect(e.conditions!.find((c) => c.conditionId === 'frozen')!.data).toEqual({ actionLost: true })
  })

  it('W5 damage ends a stun: a bleeding tick frees the stunned combatant before its turn', () => {
    const e = tick([['bleeding'], ['stunned']])([2])!
    expect(e.conditions!.map((c) => c.conditionId)).toEqual(['bleeding'])
    expect(e.spend).toBeUndefined()
  })

  it('W5 frozen halves movement speed, rounded down (Dex 2: 6 squares → 3, 9 m → 4.5 m)', () => {
    const s = sheet()
    expect(d20.movementCost!(fighter('T', s), 9).spend).toEqual([{ pool: 'actions', amount: 1 }])
    expect(d20.movementCost!(fighter('T', s, { conditions: [condition('frozen')] }), 9).spend).toEqual([{ pool: 'actions', amount: 2 }])
  })
})

describe('W5 resistance halves (round down), weakness doubles', () => {
  it.each([
    { name: 'W5 resistant: 7 + 3 = 10 → 5', affinity: 'resistant' as const, f: [15, 7], damage: 5 },
    { name: 'W5 resistant: an odd total rounds down (6 + 3 = 9 → 4)', affinity: 'resistant' as const, f: [15, 6], damage: 4 },
    { name: 'W5 weak: doubled (6 + 3 = 9 → 18)', affinity: 'weak' as const, f: [15, 6], damage: 18 },
  ])('$name', ({ affinity, f, damage }) => {
    const a = fighter('A', sheet())
    const t = fighter('T', sheet({ affinities: { slashing: affinity } }))
    expect(t.hp - must(d20.attacks!.resolve(attack(a, t), a, t, faces(...f))).targetHp).toBe(damage)
  })
})

describe('W5 damage types and their critical effects (003 Damage Types), statuses granted with durations', () => {
  const critWith = (damageType: WeaponInput['damageType'], f: number[], target: Partial<D20Sheet> = {}, attrs = {}) => {
    const a = fighter('A', sheet({ weapons: [{ ...sword, damageType }] }))
    const t = fighter('T', sheet(target as never, attrs))
    return must(d20.attacks!.resolve(attack(a, t), a, t, faces(20, ...f)))
  }
  const grants = (r: ReturnType<typeof critWith>): ConditionGrant[] => r.conditions?.flatMap((c) => c.add ?? []) ?? []

  it.each([
    { name: 'W5 slashing critical, d20 16: bleeding(1) for 1d4 turns (3)', type: 'slashing' as const, f: [4, 16, 3], bleeds: 3 },
    { name: 'W5 slashing critical, d20 15: no bleeding', type: 'slashing' as const, f: [4, 15], bleeds: null },
    { name: 'W5 piercing critical, d20 16: bleeding for 1d4 turns (1)', type: 'piercing' as const, f: [4, 16, 1], bleeds: 1 },
    { name: 'W5 rending critical, d20 14: bleeding for 1d4 turns (4)', type: 'rending' as const, f: [4, 14, 4], bleeds: 4 },
    { name: 'W5 rending critical, d20 13: no bleeding', type: 'rending' as const, f: [4, 13], bleeds: null },
  ])('$name', ({ type, f, bleeds }) => {
    const g = grants(critWith(type, f))
    expect(g).toEqual(
      bleeds === null
        ? []
        : [expect.objectContaining({ conditionId: 'bleeding', stacks: 1, duration: { kind: 'rounds', rounds: bleeds } })],
    )
  })

  it.each([
    {
      name: 'W5 concussive critical on worn armour, d20 16: armour rating −1 until repaired',
      armour: 'Ring shirt',
      rating: 14,
      f: [4, 16],
      dents: 1,
      worn: 'Ring shirt',
    },
    {
      name: 'W5 concussive critical, d20 15: the armour holds',
      armour: 'Ring shirt',
      rating: 14,
      f: [4, 15],
      dents: 0,
      worn: 'Ring shirt',
    },
    {
      name: 'W5 concussive critical with no armour worn: nothing to dent, no roll',
      armour: null,
      rating: 14,
      f: [4],
      dents: 0,
      worn: null,
    },
    {
      name: 'W5 concussive critical that takes the rating to 0 destroys the armour',
      armour: 'Rag',
      rating: 1,
      f: [4, 20],
      dents: 1,
      worn: null,
    },
  ])('$name', ({ armour, rating, f, dents, worn }) => {
    const r = critWith('concussive', f, { armour, armourRating: rating } as never)
    const t = r.targetRules as unknown as D20Sheet
    expect(t.live.armourDamage).toBe(dents)
    expect(t.armour).toBe(worn)
  })

  it.each([
    { name: 'W5 aether critical: Willpower test 15 (below 16) stuns for 2 rounds', wil: 2, f: [4, 13], stunned: true },
    { name: 'W5 aether critical: Willpower test 16 resists', wil: 2, f: [4, 14], stunned: false },
  ])('$name', ({ wil, f, stunned }) => {
    const g = grants(critWith('aether', f, {}, { wil }))
    expect(g).toEqual(stunned ? [expect.objectContaining({ conditionId: 'stunned', duration: { kind: 'rounds', rounds: 2 } })] : [])
  })

  it('W5 fire has no critical effect (no extra roll)', () => {
    expect(grants(critWith('fire', [4]))).toEqual([])
  })

  it.each([
    {
      name: 'W5 a weapon that burns(1): burned, 1 die, default duration 1d4 turns',
      inflicts: { status: 'burned' as const, dice: 1 },
      f: [15, 3, 2],
      stacks: 1,
      duration: { kind: 'rounds', rounds: 2 },
    },
    {
      name: 'W5 burned(Magic) with Magic 3: three dice',
      inflicts: { status: 'burned' as const, dice: 'mag' as const },
      f: [15, 3, 4],
      stacks: 3,
      duration: { kind: 'rounds', rounds: 4 },
    },
    {
      name: 'W5 frozen(2): lasts 2d4 turns',
      inflicts: { status: 'frozen' as const, dice: 2 },
      f: [15, 3, 1, 3],
      stacks: 1,
      duration: { kind: 'rounds', rounds: 4 },
    },
    {
      name: 'W5 shocked: until the end of its next turn',
      inflicts: { status: 'shocked' as const, dice: 1 },
      f: [15, 3],
      stacks: 1,
      duration: { kind: 'turnEnd', of: 'combatant:T' },
    },
  ])('$name', ({ inflicts, f, stacks, duration }) => {
    const a = fighter(
      'A',
      sheet({ weapons: [{ name: 'Spell', attack: 'spell', dice: { count: 1, sides: 4 }, damageType: 'fire', inflicts }] }, { mag: 3 }),
    )
    const t = fighter('T', sheet())
    const r = must(d20.attacks!.resolve(attack(a, t), a, t, faces(...f)))
    expect(r.conditions).toEqual([
      { combatantId: t.id, add: [expect.objectContaining({ conditionId: inflicts.status, stacks, duration })] },
    ])
  })

  it('W5 a stunned target that takes damage is no longer stunned', () => {
    const a = fighter('A', sheet())
    const t = fighter('T', sheet(), { conditions: [condition('stunned')] })
    const r = must(d20.attacks!.resolve(attack(a, t), a, t, faces(10, 2)))
    expect(r.conditions).toEqual([{ combatantId: t.id, remove: ['stunned'] }])
  })

  it('003 Statuses Stunned (SR-D20-1): at the end of its turn a Vitality test above 13 lifts it (14 lifts it, 13 does not)', () => {
    const c = fighter('T', sheet({}, { vit: 1 }), { conditions: [condition('stunned'), condition('bleeding')] })
    const lifted = d20.edges!.endOfTurn!(c, faces(13))!
    expect(lifted.conditions?.map((x) => x.conditionId)).toEqual(['bleeding'])
    expect(lifted.lines[0]).toMatch(/Vitality test 14 .*the stun is lifted/)
    const held = d20.edges!.endOfTurn!(c, faces(12))!
    expect(held.conditions).toBeUndefined()
    expect(held.lines[0]).toMatch(/Vitality test 13 .*still stunned/)
  })

  it('SR-D20-1: no end-of-turn test without a stun, and no "shake off" action (a stunned one takes no actions)', () => {
    expect(d20.edges!.endOfTurn!(fighter('T', sheet()), faces())).toBeNull()
    const c = fighter('T', sheet(), { conditions: [condition('stunned')] })
    expect(d20.actions!.list(c).every((a) => a.unavailable !== null)).toBe(true)
    const r = d20.actions!.perform({ actorId: c.id, action: 'shake-stun', targetId: null, options: {} }, c, null, faces(20))
    expect(r.ok ? '' : r.error.code).toBe('action/stunned')
  })
})
