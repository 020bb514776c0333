import { describe, expect, it } from 'vitest'
import type { JsonValue } from '../../../../src-shared/json'
import { movementPoints, stanceChangePoints } from '../../../../src-main/rules/d10-difficulty/turns/d10-economy'
import type { D10Sheet } from '../../../../src-main/rules/d10-difficulty/sheet/d10-sheet'
import { combatant, condition, d10, sheet, typed, withLive } from './d10-fixtures'

const act = (c: ReturnType<typeof combatant>, action: string, options: Record<string, string | number | boolean> = {}) =>
  d10.actions!.perform({ actorId: c.id, action, targetId: null, options }, c, null, typed())

describe('D3 economy: 1 action, 1 reaction, 1 free action, and speed points for movement', () => {
  it('D3: the pools are one action, one reaction (the out-of-turn pool), one free action and the sheet’s speed', () => {
    expect(d10.economy(sheet({ speed: 7 }) as unknown as JsonValue)).toEqual([
      { key: 'action', label: 'Action', count: 1, per: 'round' },
      { key: 'reaction', label: 'Reaction', count: 1, per: 'round', reaction: true },
      { key: 'free', label: 'Free action', count: 1, per: 'round' },
      { key: 'speed', label: 'Speed points', count: 7, per: 'round' },
    ])
  })

  it.each([
    ['walk', 5, false, 5],
    ['run', 5, false, 3],
    ['run', 6, false, 3],
    ['jump', 2, false, 4],
    ['running-jump', 2, false, 2],
    ['crawl', 3, false, 6],
    ['climb', 2, false, 6],
    ['walk', 5, true, 10],
    ['run', 6, true, 6],
    ['climb', 1, true, 6],
  ] as const)('D3 and 002 Movement: %s %f m (difficult terrain: %s) costs %i speed points', (mode, metres, difficult, points) => {
    expect(movementPoints(metres, mode, difficult)).toBe(points)
  })

  it.each([
    ['standing', 'kneeling', 1],
    ['kneeling', 'prone-firing', 1],
    ['prone', 'standing', 2],
    ['prone-firing', 'kneeling', 2],
    ['standing', 'standing', 0],
  ] as const)('002 Movement: changing stance from %s to %s costs %i (terrain never doubles it)', (from, to, points) => {
    expect(stanceChangePoints(from, to)).toBe(points)
  })

  it('D3: a move spends speed points; too few is refused with a way out named', () => {
    const c = combatant('Ash', sheet({ speed: 8 }), { spent: { speed: 5 } })
    const ok = act(c, 'move', { metres: 3, mode: 'walk' })
    expect(ok.ok && ok.value.cost).toEqual([{ pool: 'speed', amount: 3 }])
    expect(ok.ok && (ok.value.actorRules as unknown as D10Sheet).live.movement).toBe('slow')
    const tooFar = act(c, 'move', { metres: 4, mode: 'walk' })
    expect(!tooFar.ok && tooFar.error.message).toContain('regain them with an action, or let effort points stand in (D3)')
  })

  it('D3: effort points stand in for speed points the move lacks', () => {
    const c = combatant('Ash', withLive(sheet({ speed: 8 }), { effort: 2 }), { spent: { speed: 6 } })
    const r = act(c, 'move', { metres: 4, mode: 'walk', effort: 2 })
    expect(r.ok && r.value.cost).toEqual([{ pool: 'speed', amount: 2 }])
    expect(r.ok && (r.value.actorRules as unknown as D10Sheet).live.effort).toBe(0)
    expect(r.ok && r.value.summary).toContain('4 speed points (2 from effort)')
  })

  it('D3: a run reads as fast movement; difficult terrain defaults from the condition', () => {
    const c = combatant('Ash', sheet({ speed: 8 }), { conditions: [condition('difficult-terrain')] })
    const r = act(c, 'move', { metres: 4, mode: 'run' })
    expect(r.ok && r.value.cost).toEqual([{ pool: 'speed', amount: 4 }])
    expect(r.ok && (r.value.actorRules as unknown as D10Sheet).live.movement).toBe('fast')
  })

  it('D3: an action regains the speed points: the pool grows by what was spent, so the full speed is left', () => {
    const c = combatant('Ash', sheet({ speed: 8 }), { spent: { speed: 6 } })
    const r = act(c, 'regain-speed')
    expect(r.ok && r.value.cost).toEqual([{ pool: 'action', amount: 1 }])
    const after = r.ok ? (r.value.actorRules as unknown as D10Sheet) : null
    const pool = d10.economy(after as unknown as JsonValue).find((p) => p.key === 'speed')!
    expect(pool.count - 6).toBe(8)
    const full = act(combatant('Ash', sheet({ speed: 8 }), { spent: {} }), 'regain-speed')
    expect(!full.ok && full.error.code).toBe('move/full')
  })

  it('002 Movement: a stance change costs speed points and changes the stance', () => {
    const r = act(combatant('Ash', withLive(sheet(), { stance: 'prone' })), 'stance', { stance: 'kneeling' })
    expect(r.ok && r.value.cost).toEqual([{ pool: 'speed', amount: 2 }])
    expect(r.ok && (r.value.actorRules as unknown as D10Sheet).live.stance).toBe('kneeling')
  })

  it.each([
    {
      name: 'D3: a walk within the speed left pays its speed points and no action',
      spent: 0,
      metres: 5,
      difficult: false,
      points: 5,
      label: '5 speed points (8 left; running 3)',
    },
    {
      name: 'D3: past the speed left, the readout names the action that regains them (the drag itself is refused by the core)',
      spent: 6,
      metres: 5,
      difficult: false,
      points: 5,
      label: '5 speed points: 2 left, then 1 action to regain; running 3',
    },
    {
      name: 'D3: difficult terrain doubles the map path',
      spent: 0,
      metres: 3,
      difficult: true,
      points: 6,
      label: '6 speed points on difficult terrain (8 left; running 3)',
    },
  ])('$name', ({ spent, metres, difficult, points, label }) => {
    const c = combatant('Ash', sheet({ speed: 8 }), {
      spent: { speed: spent },
      conditions: difficult ? [condition('difficult-terrain')] : [],
    })
    expect(d10.movementCost!(c, metres)).toEqual({ spend: [{ pool: 'speed', amount: points }], label })
  })
})
