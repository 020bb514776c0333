import seedrandom from 'seedrandom'
import { describe, expect, it } from 'vitest'
import type { CombatantRecord } from '../../../src-shared/records'
import { Draft } from '../../../src-main/core/state/draft'
import { RecordStore, type RecordReader } from '../../../src-main/core/state/record-store'
import type { RecordChange, StoredRecord } from '../../../src-main/core/state/stored-records'

/** A combatant with only what the order, the ranks and the conditions read; the rest never matters here. */
function combatant(id: string, orderKey: number | null, hidden: boolean, conditions: number): StoredRecord {
  const list = Array.from({ length: conditions }, (_, i) => ({ key: `k${i}` }))
  return { typeName: 'combatant', id, orderKey, hidden, conditions: list } as unknown as StoredRecord
}

/** What the indexes must always equal: a walk over every combatant, sorted as the turn order always was. */
function naive(state: RecordReader) {
  const all = state.ofType('combatant')
  const order = all.filter((c) => c.orderKey !== null).sort((a, b) => a.orderKey! - b.orderKey! || (a.id < b.id ? -1 : 1))
  const ranks = new Map(order.filter((c) => !c.hidden).map((c, i) => [c.id, i + 1]))
  return { order, ranks, conditioned: all.filter((c) => c.conditions.length > 0) }
}

function randomCombatant(rng: () => number, id: string, from: StoredRecord | null): StoredRecord {
  const was = from?.typeName === 'combatant' ? from : null
  // Mostly the changes a fight makes (same place, new conditions); sometimes a move, a tie or an unplacing.
  const roll = rng()
  const orderKey = was && roll < 0.7 ? was.orderKey : roll < 0.8 ? null : Math.floor(rng() * 8) * 1000
  return combatant(id, orderKey, rng() < 0.2, rng() < 0.6 ? 0 : 1 + Math.floor(rng() * 2))
}

function expectIndexes(state: RecordReader): void {
  const want = naive(state)
  expect(state.turnOrder().map((c: CombatantRecord) => c.id)).toEqual(want.order.map((c) => c.id))
  expect(state.turnOrder()).toEqual(want.order)
  expect([...state.visibleRanks()]).toEqual([...want.ranks])
  expect(state.withConditions()).toEqual(want.conditioned)
}

describe('the store keeps the turn order, visible ranks and conditioned combatants between commands', () => {
  it('answers as a walk over every combatant would, through random changes, and so does a draft over it', () => {
    const rng = seedrandom('turn order index')
    const store = new RecordStore([combatant('combatant:a', 1000, false, 0), { typeName: 'log', id: 'log:x' } as unknown as StoredRecord])
    for (let i = 0; i < 2000; i++) {
      const id = `combatant:c${Math.floor(rng() * 40)}`
      const from = store.get(id) ?? null
      const change: RecordChange = { id, from, to: rng() < 0.15 ? null : randomCombatant(rng, id, from) }
      store.applyChanges([change])
      if (i % 5 === 0) expectIndexes(store)
      if (i % 7 === 0) {
        // A command's draft: a few combatants changed over the store, none committed.
        const draft = new Draft(store)
        for (let k = 0; k < 3; k++) {
          const did = `combatant:c${Math.floor(rng() * 45)}`
          const was = draft.get(did) ?? null
          if (rng() < 0.15) draft.remove(did)
          else draft.put(randomCombatant(rng, did, was))
          expectIndexes(draft)
        }
      }
    }
    expect(store.turnOrder().length).toBeGreaterThan(5)
  })
})
