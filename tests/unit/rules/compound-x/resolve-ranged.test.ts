import { describe, expect, it } from 'vitest'
import { resolveRanged, type RangedResolution } from '../../../../src-main/rules/compound-x/ranged/resolve-ranged'
import type { RangedSetup } from '../../../../src-main/rules/compound-x/ranged/ranged-setup'
import type { DefenderState } from '../../../../src-main/rules/compound-x/protection/defender'
import { armour, defender, faces, setup, shield, smg, stats } from './fixtures'

function fire(s: RangedSetup, d: DefenderState, dice: number[], ammo = 30, automaticHit = false): RangedResolution {
  const r = resolveRanged(s, d, faces(...dice), { ammoInMagazine: ammo, automaticHit })
  if (r.kind !== 'resolved') throw new Error(r.reason)
  return r
}

describe('CX7 hit iff the natural d10 is strictly greater than the miss chance', () => {
  it('a roll equal to the miss chance misses; one above hits', () => {
    expect(fire(setup(), defender(), [4]).rounds[0]!.hit).toBe(false)
    expect(fire(setup(), defender(), [5, 10]).rounds[0]!.hit).toBe(true)
  })
})

describe('CX8 burst and automatic fire', () => {
  it('each round of a burst rolls its own accuracy against the mode miss chance and never crits', () => {
    // burst miss chance 4 + 1 = 5; rounds: 10 (hit, no crit roll), 3 (miss), 6 (hit); armour d100 after each hit.
    const r = fire(setup({ mode: 'burst' }, { stats: stats({ luck: 11 }) }), defender({ health: 200 }), [10, 20, 3, 6, 20])
    expect(r.rounds.map((x) => x.hit)).toEqual([true, false, true])
    expect(r.rounds.every((x) => x.critical === 'normal')).toBe(true)
    expect(r.ammoSpent).toBe(3)
    expect(r.defender.health).toBe(200 - 80)
  })
  it('spends only what the magazine holds', () => {
    const r = fire(setup({ mode: 'auto' }), defender(), [2, 2], 2)
    expect(r.rounds).toHaveLength(2)
    expect(r.ammoSpent).toBe(2)
  })
})

describe('CX9 jams', () => {
  it('a natural 1 rolls again; 1–2 jams and ends the volley', () => {
    const r = fire(setup({ mode: 'burst' }), defender(), [1, 2])
    expect(r.jammed).toBe(true)
    expect(r.rounds).toHaveLength(1)
    expect(r.ammoSpent).toBe(1)
  })
  it('3–10 on the second roll does not jam', () => {
    const r = fire(setup(), defender(), [1, 3])
    expect(r.jammed).toBe(false)
  })
  it('a weapon with its own jam range uses it', () => {
    const r = fire(setup({ weapon: smg({ jamRange: [1, 4] }) }), defender(), [1, 4])
    expect(r.jammed).toBe(true)
  })
})

describe('CX10 criticals', () => {
  it('need a hit and a natural roll in the Luck band; second d10 picks +20 or +30', () => {
    const s = setup({}, { stats: stats({ luck: 7 }) })
    const crit = fire(s, defender({ health: 200 }), [9, 3, 20])
    expect(crit.rounds[0]!.critical).toBe('critical')
    expect(crit.rounds[0]!.damage).toBe(60)
    const extra = fire(s, defender({ health: 200 }), [9, 8, 20])
    expect(extra.rounds[0]!.damage).toBe(70)
  })
  it('a natural 9 is no critical for Luck 6, and a miss never crits', () => {
    expect(fire(setup({}, { stats: stats({ luck: 6 }) }), defender(), [9, 20]).rounds[0]!.critical).toBe('normal')
    const miss = fire(setup({ target: { cover: 'full', stance: 'standing' } }, { stats: stats({ luck: 11 }) }), defender(), [8])
    expect(miss.rounds[0]!.hit).toBe(false)
  })
})

describe('CX11 armour roll', () => {
  const armoured = defender({ armour: armour(40, 1, 40) })
  it('d100 ≤ coverage hits the armour', () => {
    expect(fire(setup(), armoured, [9, 40]).rounds[0]!.hitResult!.route).toBe('armour-pierced')
  })
  it('past the coverage, d100 ≥ 50 deals half damage (round down), below 50 full', () => {
    const odd = setup({ weapon: smg({ damage: { base: 41, type: 'ballistic' } }) })
    expect(fire(odd, armoured, [9, 50]).rounds[0]!.hitResult!.toHealth).toBe(20)
    expect(fire(odd, armoured, [9, 49]).rounds[0]!.hitResult!.toHealth).toBe(41)
    expect(fire(odd, defender(), [9, 50]).rounds[0]!.hitResult!.route).toBe('body-half')
  })
})

describe('CX12 armour piercing and armour points', () => {
  it('weapon APL below armour APL blocks everything', () => {
    const r = fire(setup(), defender({ armour: armour(100, 2, 40) }), [9, 1])
    expect(r.rounds[0]!.hitResult!.route).toBe('armour-blocked')
    expect(r.defender.health).toBe(100)
  })
  it('otherwise damage drains the armour points first, the rest reaches health', () => {
    const r = fire(setup({ weapon: smg({ damage: { base: 70, type: 'ballistic' } }) }), defender({ armour: armour(100, 1, 40) }), [9, 1])
    expect(r.defender.armour!.points).toBe(0)
    expect(r.defender.health).toBe(70)
  })
  it('plasma lowers the armour APL by 1 for the comparison', () => {
    const plasma = smg({ apl: 1, damage: { base: 30, type: 'plasma' } })
    expect(fire(setup({ weapon: plasma }), defender({ armour: armour(100, 2, 10) }), [9, 1]).rounds[0]!.hitResult!.route).toBe(
      'armour-pierced',
    )
  })
})

describe('CX13 damage types', () => {
  it('laser: the shield takes it all; armour is ignored', () => {
    const laser = smg({ apl: null, damage: { base: 50, type: 'laser' } })
    const r = fire(setup({ weapon: laser }), defender({ shield: shield(120), armour: armour(100, 9, 90) }), [9])
    expect(r.defender.shield!.strength).toBe(70)
    expect(r.defender.health).toBe(100)
    const down = fire(setup({ weapon: laser }), defender({ armour: armour(100, 9, 90) }), [9, 10])
    expect(down.rounds[0]!.hitResult!.route).toBe('body-full')
  })
  it('plasma: the shield takes half (up to its strength), the rest goes on, with a plasma burn on the body', () => {
    const plasma = smg({ apl: 3, damage: { base: 60, type: 'plasma', effects: [{ kind: 'plasma-burn', stacks: 1 }] } })
    const r = fire(setup({ weapon: plasma }), defender({ shield: shield(20) }), [9, 10])
    expect(r.defender.shield!.strength).toBe(0)
    expect(r.defender.health).toBe(100 - 40)
    expect(r.defender.plasmaBurn).toBe(1)
  })
  it('ballistic ignores shields; explosive ignores armour and shields', () => {
    const b = fire(setup(), defender({ shield: shield(100) }), [9, 10])
    expect(b.defender.shield!.strength).toBe(100)
    const boom = fire(
      setup({ weapon: smg({ damage: { base: 50, type: 'explosive' } }) }),
      defender({ armour: armour(100, 9, 90), shield: shield(100) }),
      [9],
    )
    expect(boom.defender.health).toBe(50)
  })
})

describe('CX14 shields', () => {
  it('a shield broken to 0 is down for its restart time; a hit while down restarts the count', () => {
    const laser = smg({ apl: null, damage: { base: 50, type: 'laser' } })
    const broken = fire(setup({ weapon: laser }), defender({ shield: shield(30, { restartTurns: 2 }) }), [9, 10])
    expect(broken.defender.shield).toMatchObject({ strength: 0, downTurnsLeft: 2 })
    const ticking = defender({ shield: shield(100, { strength: 0, downTurnsLeft: 1, restartTurns: 2 }) })
    const again = fire(setup(), ticking, [9, 10])
    expect(again.defender.shield!.downTurnsLeft).toBe(2)
  })
})

describe('CX15 shock', () => {
  it('more than 70 on health forces a Shock save at that DC; failing knocks out', () => {
    const big = setup({ weapon: smg({ damage: { base: 80, type: 'ballistic' } }) })
    const fail = fire(big, defender({ health: 200, shockSave: 10 }), [9, 10, 70])
    expect(fail.rounds[0]!.shockSave).toEqual({ total: 80, dc: 80, passed: false })
    expect(fail.unconscious).toBe(true)
    const pass = fire(big, defender({ health: 200, shockSave: 10 }), [9, 10, 71])
    expect(pass.unconscious).toBe(false)
    expect(fire(setup({ weapon: smg({ damage: { base: 70, type: 'ballistic' } }) }), defender(), [9, 10]).rounds[0]!.shockSave).toBeNull()
  })
})

describe('CX27 downed', () => {
  it('health below 1 sets it to 0; further damage goes negative', () => {
    const down = fire(setup(), defender({ health: 5 }), [9, 10])
    expect(down.defender.health).toBe(0)
    expect(down.rounds[0]!.hitResult!.downed).toBe(true)
    const worse = fire(setup(), defender({ health: 0 }), [9, 10])
    expect(worse.defender.health).toBe(-40)
  })
})

describe('CX26 automatic hits (medium/heavy suppression)', () => {
  it('always strike armour, with no accuracy or coverage roll', () => {
    const r = fire(setup(), defender({ armour: armour(10, 1, 15) }), [], 30, true)
    expect(r.rounds[0]!.hitResult!.route).toBe('armour-pierced')
    expect(r.defender.armour!.points).toBe(0)
    expect(r.defender.health).toBe(75)
  })
})
