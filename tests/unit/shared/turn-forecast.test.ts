import { describe, expect, it } from 'vitest'
import type { CombatantId, ConditionInstance, EncounterRecord } from '../../../src-shared/records'
import { expiringText, forecastTurns } from '../../../src-shared/turn-forecast'
import type { CombatantView } from '../../../src-shared/views'
import { combatantView } from '../helpers/records'

const id = (n: string) => `combatant:${n}` as CombatantId
const view = (name: string, orderKey: number, over: Partial<CombatantView> = {}, conditions: ConditionInstance[] = []) =>
  combatantView(name, orderKey, over, conditions)
const cond = (label: string, duration: ConditionInstance['duration']): ConditionInstance => ({
  key: label,
  conditionId: label,
  label,
  stacks: 1,
  duration,
  sourceId: null,
  data: null,
  note: '',
})
const encounter = (round: number, current: string): EncounterRecord => ({
  typeName: 'encounter',
  id: 'encounter:e',
  name: 'E',
  status: 'active',
  round,
  currentCombatantId: id(current),
  turnAnchor: null,
})

describe('the next-turns forecast', () => {
  it('lists the rest of this round and all of the next, skipping the dead and the delayed', () => {
    const order = [
      view('A', 1),
      view('B', 2, { standing: { state: 'dead', label: 'dead', skipsTurn: true } }),
      view('C', 3),
      view('D', 4, { delayed: true }),
    ]
    const f = forecastTurns(order, encounter(2, 'A'))
    expect(f.map((t) => `${t.name}${t.round}`)).toEqual(['C2', 'A3', 'C3'])
  })

  it('shows which conditions will have ended before each turn, by the same clock as the core', () => {
    const order = [
      view('A', 1, {}, [cond('Suppressed', { kind: 'turnStart', of: id('C') })]),
      view('B', 2, {}, [
        cond('Pinned', { kind: 'turnEnd', of: id('B') }),
        cond('Bleeding', { kind: 'rounds', rounds: 1, endsRound: 3, at: id('B') }),
      ]),
      view('C', 3),
    ]
    const f = forecastTurns(order, encounter(2, 'A'))
    expect(f.map((t) => [t.name, t.round, t.expiring.map((e) => `${e.label}@${e.bearer}`)])).toEqual([
      ['B', 2, []],
      ['C', 2, ['Pinned@B', 'Suppressed@A']],
      ['A', 3, []],
      ['B', 3, ['Bleeding@B']],
      ['C', 3, []],
    ])
  })

  it('is empty before initiative', () => {
    expect(forecastTurns([view('A', 1)], { ...encounter(0, 'A'), currentCombatantId: null })).toEqual([])
  })
})

describe('the forecast of a surprise round (issue 14 E5, SR-CORE-20)', () => {
  it('in round 1 only those who got the drop are forecast; round 2 has everyone', () => {
    const order = [view('Ash', 1000), view('Bo', 2000), view('Cy', 3000)]
    const e: EncounterRecord = { ...encounter(1, 'Ash'), surprise: { actorIds: [id('Ash'), id('Cy')], surprisedIds: [id('Bo')] } }
    expect(forecastTurns(order, e).map((t) => `${t.round}:${t.name}`)).toEqual(['1:Cy', '2:Ash', '2:Bo', '2:Cy'])
  })
})

describe('the forecast of a long order (issue 15)', () => {
  it('with a limit stops after that many turns once no condition is left to end, and is otherwise the same', () => {
    const order = Array.from({ length: 40 }, (_, i) => view(`C${String(i).padStart(2, '0')}`, i + 1))
    const full = forecastTurns(order, encounter(1, 'C00'))
    expect(full).toHaveLength(79)
    expect(forecastTurns(order, encounter(1, 'C00'), 5)).toEqual(full.slice(0, 5))
    // A condition that ends late keeps the walk going until it has ended, so its turn still shows it.
    const held = order.map((c, i) => (i === 30 ? view(c.name, c.orderKey!, {}, [cond('Pinned', { kind: 'turnEnd', of: id('C30') })]) : c))
    const limited = forecastTurns(held, encounter(1, 'C00'), 5)
    const expected = forecastTurns(held, encounter(1, 'C00'))
    expect(limited).toEqual(expected.slice(0, limited.length))
    expect(limited.some((t) => t.expiring.some((e) => e.label === 'Pinned'))).toBe(true)
  })
})

describe('forecast marks in words', () => {
  it('say whose condition ends and who imposed it, not a name in brackets on another’s entry', () => {
    const suppressed = { ...cond('Suppressed', { kind: 'turnStart', of: id('Gunner') }), sourceId: id('Gunner') }
    const own = cond('Prone', { kind: 'turnStart', of: id('Gunner') })
    const order = [view('Gunner', 1), view('Jonas', 2, {}, [suppressed, own])]
    const f = forecastTurns(order, encounter(1, 'Jonas'))
    const marks = f.find((t) => t.name === 'Gunner')!.expiring.map(expiringText)
    expect(marks).toEqual(['Jonas: Suppressed (by Gunner) ends', 'Jonas: Prone ends'])
  })

  it('names the one who imposed it even when that one is off the order', () => {
    const burning = { ...cond('Burning', { kind: 'turnStart', of: id('Jonas') }), sourceId: id('Thrower') }
    const order = [view('Jonas', 1, {}, [burning]), view('Ally', 2), view('Thrower', 0, { orderKey: null })]
    const f = forecastTurns(order, encounter(1, 'Ally'))
    expect(f.flatMap((t) => t.expiring.map(expiringText))).toEqual(['Jonas: Burning (by Thrower) ends'])
  })
})
