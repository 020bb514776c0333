import { describe, expect, it } from 'vitest'
import { costOf, POOLS, whyNot, type ActKind } from '../../../../src-main/rules/2d6-significant/turns/economy'
import { combatant, faces, must, sheet, sheetOf, twod6 } from './harness'

const pool = (key: string) => POOLS.find((p) => p.key === key)!

/** Plays a sequence of acts the way the core charges pools: refused when a pool cannot pay. */
function play(acts: readonly ActKind[]): boolean {
  let spent: Record<string, number> = {}
  for (const kind of acts) {
    const c = combatant('Ana', sheet(), { spent })
    if (whyNot(kind, c)) return false
    for (const cost of costOf(kind, c)) {
      const left = pool(cost.pool).count - (spent[cost.pool] ?? 0)
      if (left < cost.amount) return false
      spent = { ...spent, [cost.pool]: (spent[cost.pool] ?? 0) + cost.amount }
    }
  }
  return true
}

describe('T3 economy: one significant (or two minor) + one minor per round', () => {
  it.each([
    [['significant'], true],
    [['minor'], true],
    [['significant', 'minor'], true],
    [['minor', 'significant'], true],
    [['minor', 'minor'], true],
    [['minor', 'minor', 'minor'], true],
    [['significant', 'significant'], false],
    [['significant', 'minor', 'minor'], false],
    [['minor', 'minor', 'significant'], false],
    [['minor', 'minor', 'minor', 'minor'], false],
  ] as [ActKind[], boolean][])('T3: %j in one turn is legal=%s', (acts, legal) => {
    expect(play(acts)).toBe(legal)
  })

  it('T3: a minor act spends the minor pool while it is unspent, then half the significant one', () => {
    expect(costOf('minor', combatant('Ana', sheet()))).toEqual([{ pool: 'minor', amount: 1 }])
    expect(costOf('minor', combatant('Ana', sheet(), { spent: { minor: 1 } }))).toEqual([{ pool: 'significant', amount: 1 }])
    expect(costOf('significant', combatant('Ana', sheet()))).toEqual([{ pool: 'significant', amount: 2 }])
  })

  it('T3: significant and minor refill each turn; reactions are per round and read as unlimited in play', () => {
    expect(POOLS.map((p) => [p.key, p.per, p.reaction ?? false])).toEqual([
      ['significant', 'turn', false],
      ['minor', 'turn', false],
      ['reactions', 'round', true],
    ])
    expect(pool('reactions').count).toBeGreaterThanOrEqual(6)
    expect(twod6.economy(null)).toBe(POOLS)
  })

  it('T3: out of its turn a combatant cannot take a significant or minor action', () => {
    const waiting = combatant('Ana', sheet(), { acting: false })
    expect(whyNot('significant', waiting)).toContain('not Ana')
    expect(whyNot('minor', waiting)).toContain('not Ana')
    expect(whyNot('free', waiting)).toBeNull()
  })
})

describe('T3 reactions: initiative −2 at once and −1 DM until the reactor’s next turn', () => {
  it('T3: a reaction out of turn shifts its initiative by −2 and adds a stack of reacted ending at its next turn start', () => {
    const ana = combatant('Ana', sheet(), { acting: false })
    const r = must(twod6.actions!.perform({ actorId: ana.id, action: 'react', targetId: null, options: {} }, ana, null, faces()))
    expect(r.initiative).toEqual([{ combatantId: ana.id, delta: -2, why: expect.stringContaining('T3') }])
    expect(r.conditions).toEqual([
      {
        combatantId: ana.id,
        add: [{ conditionId: 'reacted', stacks: 1, duration: { kind: 'turnStart', of: ana.id }, sourceId: null, data: null }],
      },
    ])
    expect(r.outOfTurn).toBe('reaction')
    expect(sheetOf(r.actorRules).live.reactionsThisRound).toBe(1)
  })

  it('T3: the reacted condition stacks', () => {
    expect(twod6.conditions.find((c) => c.id === 'reacted')).toMatchObject({ stacks: true, source: 'T3' })
  })

  it('T3: on its own turn a combatant acts rather than reacts', () => {
    const ana = combatant('Ana', sheet(), { acting: true })
    expect(twod6.actions!.list(ana).find((a) => a.key === 'react')!.unavailable).toContain('own turn')
  })
})
